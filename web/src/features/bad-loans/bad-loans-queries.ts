import { useQuery } from '@tanstack/react-query';
import { fetchBadLoanRecords } from './bad-loans-api';

/** The loan page's panels carry the loan's version in their keys, so they refetch as it moves. */
export const badLoanKeys = {
  records: (loanId: string) => ['bad-loan', loanId] as const,
};

/** Fees and seizures; null (quietly) when the server has no answer for them. */
export function useBadLoanRecords(loanId: string, version: number, enabled: boolean) {
  return useQuery({
    queryKey: [...badLoanKeys.records(loanId), version],
    queryFn: () => fetchBadLoanRecords(loanId),
    enabled,
    retry: false,
  });
}
