import type { CompanyInput } from '@app/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/api/http';
import { createLoan } from '@/features/loans/loans-api';
import { usePagedList, type PagedListOptions } from '@/lib/use-paged-list';
import { deleteCompany, exportCompanies, fetchCompanies, fetchCompany, saveCompany, type CompanyQuery, type CompanyRow } from './companies-api';

export const companyKeys = {
  all: ['companies'] as const,
  list: ['companies', 'list'] as const,
  detail: (companyId: string | null) => ['companies', 'detail', companyId] as const,
};

/** The companies, one page at a time (filters, sort and page in the URL); export under `exportName`. */
export function useCompanyList<K extends string>(spec: Omit<PagedListOptions<K, Page<CompanyRow>>, 'queryKey' | 'fetch' | 'exportRows'>, exportName: string) {
  return usePagedList({
    ...spec,
    queryKey: companyKeys.list,
    fetch: (query) => fetchCompanies(query as CompanyQuery),
    exportRows: (query) => exportCompanies(query as Omit<CompanyQuery, 'pageNum' | 'pageSize'>, exportName),
  });
}

export function useCompany(companyId: string | null) {
  return useQuery({ queryKey: companyKeys.detail(companyId), queryFn: () => fetchCompany(companyId!), enabled: companyId !== null });
}

/** Failures come back to the form (field errors, duplicate code) without a toast. */
export function useSaveCompany(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyInput) => saveCompany(companyId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => deleteCompany(companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

/** POST /server/loans for a company; the form shows a refusal itself. */
export function useInitiateLoan() {
  return useMutation({ mutationFn: createLoan });
}
