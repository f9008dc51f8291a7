import type { ContractType } from '@app/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/api/http';
import type { BankDto, LoanTypeDto } from '@/api/schema.gen';
import { usePagedList, type PagedListOptions } from '@/lib/use-paged-list';
import {
  deleteBank,
  deleteLoanType,
  deleteTemplate,
  fetchBank,
  fetchBanks,
  fetchLoanTypes,
  fetchTemplates,
  saveBank,
  saveLoanType,
  setTemplateEnabled,
  uploadTemplate,
  type BankListParams,
  type BankRow,
  type LoanTypeListParams,
  type LoanTypeRow,
} from './basic-data-api';

export const bankKeys = {
  all: ['banks'] as const,
  list: ['banks', 'list'] as const,
  one: (bankId: string) => ['banks', 'one', bankId] as const,
  templates: (bankId: string) => ['banks', 'templates', bankId] as const,
};

export const loanTypeKeys = {
  all: ['loanTypes'] as const,
  list: ['loanTypes', 'list'] as const,
};

type ListSpec<K extends string, R> = Omit<PagedListOptions<K, Page<R>>, 'queryKey' | 'fetch'>;

/** Any change to a bank or a template reloads every bank query (the list counts the templates). */
function useInvalidate(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey });
}

// --- banks ---------------------------------------------------------------------------------------

export function useBankList<K extends string>(spec: ListSpec<K, BankRow>) {
  return usePagedList({ ...spec, queryKey: bankKeys.list, fetch: (query) => fetchBanks(query as BankListParams) });
}

export function useBank(bankId: string) {
  return useQuery({ queryKey: bankKeys.one(bankId), queryFn: () => fetchBank(bankId), enabled: bankId !== '' });
}

/** Failures come back to the form without a toast. */
export function useSaveBank(bankId: string | null) {
  const refresh = useInvalidate(bankKeys.all);
  return useMutation({ mutationFn: (body: BankDto) => saveBank(bankId, body), onSuccess: refresh });
}

export function useDeleteBank() {
  const refresh = useInvalidate(bankKeys.all);
  return useMutation({ mutationFn: (row: BankRow) => deleteBank(row.id), onSuccess: refresh });
}

// --- contract templates --------------------------------------------------------------------------

export function useTemplates(bankId: string) {
  return useQuery({ queryKey: bankKeys.templates(bankId), queryFn: () => fetchTemplates(bankId) });
}

export function useUploadTemplate(bankId: string) {
  const refresh = useInvalidate(bankKeys.all);
  return useMutation({
    mutationFn: (v: { contractType: ContractType; file: File }) => uploadTemplate(bankId, v.contractType, v.file),
    onSuccess: refresh,
  });
}

/** Reloads whether it passed or not: the switch shows the server's state. */
export function useSetTemplateEnabled() {
  const refresh = useInvalidate(bankKeys.all);
  return useMutation({ mutationFn: (v: { id: string; enabled: boolean }) => setTemplateEnabled(v.id, v.enabled), onSettled: refresh });
}

export function useDeleteTemplate() {
  const refresh = useInvalidate(bankKeys.all);
  return useMutation({ mutationFn: (templateId: string) => deleteTemplate(templateId), onSuccess: refresh });
}

// --- loan types ----------------------------------------------------------------------------------

export function useLoanTypeList<K extends string>(spec: ListSpec<K, LoanTypeRow>) {
  return usePagedList({ ...spec, queryKey: loanTypeKeys.list, fetch: (query) => fetchLoanTypes(query as LoanTypeListParams) });
}

export function useSaveLoanType(loanTypeId: string | null) {
  const refresh = useInvalidate(loanTypeKeys.all);
  return useMutation({ mutationFn: (body: LoanTypeDto) => saveLoanType(loanTypeId, body), onSuccess: refresh });
}

export function useDeleteLoanType() {
  const refresh = useInvalidate(loanTypeKeys.all);
  return useMutation({ mutationFn: (row: LoanTypeRow) => deleteLoanType(row.id), onSuccess: refresh });
}
