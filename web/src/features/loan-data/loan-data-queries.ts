import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataType, LoanDataContent } from '@app/workflow';
import { fetchLoanData, fetchPreviewHtml, saveLoanData, type PreviewPart, type PreviewTarget } from './loan-data-api';

export const loanDataKeys = {
  all: (loanId: string) => ['loan-data', loanId] as const,
  data: (loanId: string, type: DataType) => ['loan-data', loanId, type] as const,
  // The server renders the preview in the request's language: another language is another document.
  preview: (loanId: string, target: string, part: string, lang: string) => ['loan-data', loanId, 'preview', target, part, lang] as const,
};

export function useLoanData(loanId: string, type: DataType, enabled: boolean) {
  return useQuery({
    queryKey: loanDataKeys.data(loanId, type),
    queryFn: () => fetchLoanData(loanId, type),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function usePreviewHtml(loanId: string, target: PreviewTarget, part: PreviewPart, lang: string, enabled: boolean) {
  return useQuery({
    queryKey: loanDataKeys.preview(loanId, target, part, lang),
    queryFn: () => fetchPreviewHtml(loanId, target, part),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** A saved version: the page's data is the answer at once, everything else of the loan's data is fetched again. */
export function useSaveLoanData(loanId: string, type: DataType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, expectedVersion }: { content: LoanDataContent; expectedVersion: number }) => saveLoanData(loanId, type, content, expectedVersion),
    onSuccess: (next) => {
      queryClient.setQueryData(loanDataKeys.data(loanId, type), next);
      void queryClient.invalidateQueries({ queryKey: loanDataKeys.all(loanId) });
    },
  });
}
