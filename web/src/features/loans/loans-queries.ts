import { useQuery } from '@tanstack/react-query';
import { fetchLoanDetail, fetchOfficers } from './loans-api';

export const loanKeys = {
  all: ['loans'] as const,
  detail: (loanId: string | null) => ['loans', 'detail', loanId] as const,
};

/** The users holding a post: the loan form of the companies, the officer dialog and the list filters. */
export const officerKeys = { of: (role: 'A_POST' | 'B_POST') => ['officers', role] as const };

/** One loan for its detail drawer; nothing is asked while no loan is chosen. */
export function useLoan(loanId: string | null) {
  return useQuery({ queryKey: loanKeys.detail(loanId), queryFn: () => fetchLoanDetail(loanId!), enabled: loanId !== null });
}

export function useOfficers(role: 'A_POST' | 'B_POST') {
  return useQuery({ queryKey: officerKeys.of(role), queryFn: () => fetchOfficers(role), staleTime: 60_000 });
}
