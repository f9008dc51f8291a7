import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchRepaymentPlan } from '@/features/after-guarantee/after-guarantee-api';
import { afterGuaranteeKeys } from '@/features/after-guarantee/after-guarantee-queries';
import {
  fetchBankOptions,
  fetchContractTemplates,
  fetchDocuments,
  fetchDefinition,
  fetchHistory,
  fetchHistoryAt,
  fetchLoan,
  fetchTimeline,
  fetchVerify,
  fetchWorkflow,
  uploadLoanDocument,
  type DOCUMENT_UPLOADS,
  type WorkflowView,
} from './loan-node-api';

export const loanNodeKeys = {
  all: (loanId: string) => ['loan-node', loanId] as const,
  workflow: (loanId: string) => ['loan-node', loanId, 'workflow'] as const,
  loan: (loanId: string) => ['loan-node', loanId, 'loan'] as const,
  timeline: (loanId: string) => ['loan-node', loanId, 'timeline'] as const,
  history: (loanId: string) => ['loan-node', loanId, 'history'] as const,
  verify: (loanId: string) => ['loan-node', loanId, 'verify'] as const,
  at: (loanId: string, seq: number) => ['loan-node', loanId, 'at', seq] as const,
  documents: (loanId: string) => ['loan-node', loanId, 'documents'] as const,
  definition: ['workflow-definition'] as const,
  bankOptions: ['bank-options'] as const,
  contractTemplates: (bankId: string) => ['contract-templates', bankId] as const,
  /** An action dialog's fresh read of the legal actions (the file its step stands on may have come since). */
  evidence: (loanId: string, version: number, type: string) => ['evidence', loanId, version, type] as const,
};

/** Loan ids in URLs are UUIDs (the spec's encryptId); anything else cannot be a loan. */
export const LOAN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function useWorkflowView(loanId: string, enabled: boolean) {
  return useQuery({ queryKey: loanNodeKeys.workflow(loanId), queryFn: () => fetchWorkflow(loanId), enabled, staleTime: 0 });
}

export function useLoanDetail(loanId: string, enabled: boolean) {
  return useQuery({ queryKey: loanNodeKeys.loan(loanId), queryFn: () => fetchLoan(loanId), enabled });
}

/** The parts that change with every event carry the version in use, so they refetch as it moves. */
export function useTimeline(loanId: string, version: number | undefined) {
  return useQuery({
    queryKey: [...loanNodeKeys.timeline(loanId), version],
    queryFn: () => fetchTimeline(loanId),
    enabled: version !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useHistory(loanId: string, version: number | undefined) {
  return useQuery({
    queryKey: [...loanNodeKeys.history(loanId), version],
    queryFn: () => fetchHistory(loanId),
    enabled: version !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useVerify(loanId: string, version: number | undefined) {
  return useQuery({
    queryKey: [...loanNodeKeys.verify(loanId), version],
    queryFn: () => fetchVerify(loanId),
    enabled: version !== undefined,
  });
}

/** A past event's state never changes: cached for good. */
export function useHistoryAt(loanId: string, seq: number | null) {
  return useQuery({
    queryKey: loanNodeKeys.at(loanId, seq ?? -1),
    queryFn: () => fetchHistoryAt(loanId, seq ?? 0),
    enabled: seq !== null,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export function useDefinition(enabled: boolean) {
  return useQuery({ queryKey: loanNodeKeys.definition, queryFn: fetchDefinition, enabled, staleTime: Infinity });
}

/** After an event: the new view at once (from the answer), everything else fetched again. */
export function useReloadLoan(loanId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (view?: WorkflowView) => {
      if (view) queryClient.setQueryData(loanNodeKeys.workflow(loanId), view);
      await queryClient.invalidateQueries({
        queryKey: loanNodeKeys.all(loanId),
        predicate: (query) => !(view && query.queryKey[2] === 'workflow') && query.queryKey[2] !== 'at',
      });
    },
    [loanId, queryClient],
  );
}

/** Refetched with every new version of the loan (an event may have generated or deleted documents). */
export function useDocuments(loanId: string, version: number | undefined) {
  return useQuery({
    queryKey: [...loanNodeKeys.documents(loanId), version],
    queryFn: () => fetchDocuments(loanId),
    enabled: version !== undefined,
    retry: false,
  });
}

export function useBankOptions(enabled: boolean) {
  return useQuery({ queryKey: loanNodeKeys.bankOptions, queryFn: fetchBankOptions, enabled, staleTime: 60_000 });
}

export function useContractTemplates(bankId: string) {
  return useQuery({
    queryKey: loanNodeKeys.contractTemplates(bankId),
    queryFn: () => fetchContractTemplates(bankId),
    enabled: LOAN_ID.test(bankId),
    staleTime: 10_000,
  });
}

/** The legal actions read again as an action's dialog opens, for the file its step stands on. */
export function useEvidenceView(loanId: string, version: number, type: string, enabled: boolean) {
  return useQuery({ queryKey: loanNodeKeys.evidence(loanId, version, type), queryFn: () => fetchWorkflow(loanId), enabled, retry: false });
}

/** RECORD_REPAYMENT's dialog: the plan, for the instalment the amount is for (after-guarantee's key: the dialog and the plan panel share one answer). */
export function useRepaymentPlanAt(loanId: string, version: number, enabled: boolean) {
  return useQuery({ queryKey: [...afterGuaranteeKeys.repaymentPlan(loanId), version], queryFn: () => fetchRepaymentPlan(loanId), enabled, retry: false });
}

/** A file uploaded onto the loan (the signed contract): its documents are read again. */
export function useUploadLoanDocument(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: keyof typeof DOCUMENT_UPLOADS; file: File }) => uploadLoanDocument(loanId, kind, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: loanNodeKeys.documents(loanId) }),
  });
}
