import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchLoanRows } from '@/features/loan-list/loan-list-api';
import {
  addLedgerReport,
  fetchLedger,
  fetchRelease,
  fetchReleaseLedger,
  fetchReminders,
  fetchRepaymentPlan,
  fetchVisits,
  reuploadLedgerReport,
  sendRepaymentReminder,
  uploadInstalmentVoucher,
} from './after-guarantee-api';

/**
 * The panels of the loan node page carry the loan's version in their keys, so they refetch as it
 * moves. `repayment-plan` is read by the loan node's action dialog too (same key, same answer).
 */
export const afterGuaranteeKeys = {
  visits: (loanId: string) => ['visits', loanId] as const,
  release: (loanId: string) => ['release', loanId] as const,
  releaseLedger: ['release-ledger'] as const,
  repaymentPlan: (loanId: string) => ['repayment-plan', loanId] as const,
  reminders: (loanId: string) => ['reminders', loanId] as const,
  ledger: (loanId: string) => ['ledger', loanId] as const,
  ledgerPicker: (companyName: string) => ['ledger-picker', companyName] as const,
};

export function useVisits(loanId: string, version: number, enabled: boolean) {
  return useQuery({ queryKey: [...afterGuaranteeKeys.visits(loanId), version], queryFn: () => fetchVisits(loanId), enabled });
}

export function useRelease(loanId: string, version: number, enabled: boolean) {
  return useQuery({ queryKey: [...afterGuaranteeKeys.release(loanId), version], queryFn: () => fetchRelease(loanId), enabled });
}

export function useReleaseLedger() {
  return useQuery({ queryKey: afterGuaranteeKeys.releaseLedger, queryFn: fetchReleaseLedger });
}

/** Hidden to those the server refuses (403) and before the plan exists: no retry. */
export function useRepaymentPlan(loanId: string, version: number, enabled: boolean) {
  return useQuery({
    queryKey: [...afterGuaranteeKeys.repaymentPlan(loanId), version],
    queryFn: () => fetchRepaymentPlan(loanId),
    enabled,
    retry: false,
  });
}

export function useReminders(loanId: string, version: number, enabled: boolean) {
  return useQuery({ queryKey: [...afterGuaranteeKeys.reminders(loanId), version], queryFn: () => fetchReminders(loanId), enabled, retry: false });
}

/** An instalment's voucher: the plan again (awaited), and the ledger's page, which lists the vouchers too. */
export function useUploadInstalmentVoucher(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { instalmentId: string; file: File }) => uploadInstalmentVoucher(loanId, v.instalmentId, v.file),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: afterGuaranteeKeys.repaymentPlan(loanId) });
      void queryClient.invalidateQueries({ queryKey: afterGuaranteeKeys.ledger(loanId) });
    },
  });
}

export function useSendRepaymentReminder(loanId: string) {
  return useMutation({ mutationFn: () => sendRepaymentReminder(loanId) });
}

/** The ledger's page of one loan; a refusal or an unknown loan shows the not-found page (no retry). */
export function useLedger(loanId: string, enabled: boolean) {
  return useQuery({ queryKey: afterGuaranteeKeys.ledger(loanId), queryFn: () => fetchLedger(loanId), enabled, retry: false });
}

/** Both resolve once the ledger is loaded again. */
export function useAddLedgerReport(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => addLedgerReport(loanId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: afterGuaranteeKeys.ledger(loanId) }),
  });
}

export function useReuploadLedgerReport(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { attachmentId: string; file: File }) => reuploadLedgerReport(loanId, v.attachmentId, v.file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: afterGuaranteeKeys.ledger(loanId) }),
  });
}

/** 选择贷款: the ledger's loans whose company matches, twenty at most. */
export function useLedgerPicker(companyName: string, enabled: boolean) {
  return useQuery({
    queryKey: afterGuaranteeKeys.ledgerPicker(companyName),
    queryFn: () => fetchLoanRows('ledgerList', { pageNum: 1, pageSize: 20, companyName: companyName || undefined }),
    enabled,
  });
}
