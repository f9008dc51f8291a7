import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LitigationFeeInputDto, SeizureInputDto } from '@/api/schema.gen';
import { addLitigationFee, addSeizure, deleteLitigationFee, deleteSeizure, fetchBadLoanRecords } from './bad-loans-api';

/** The loan page's panels carry the loan's version in their keys, so they refetch as it moves. */
export const badLoanKeys = {
  /** Every version's records of a loan (a fee or seizure recorded moves no version). */
  records: (loanId: string) => ['bad-loan', loanId] as const,
  recordsAt: (loanId: string, version: number) => ['bad-loan', loanId, version] as const,
};

/** Fees and seizures; null (quietly) when the server has no answer for them. */
export function useBadLoanRecords(loanId: string, version: number, enabled: boolean) {
  return useQuery({
    queryKey: badLoanKeys.recordsAt(loanId, version),
    queryFn: () => fetchBadLoanRecords(loanId),
    enabled,
    retry: false,
  });
}

/** Each change reads the panel's fees and seizures again. */
function useRecordsChange<A>(loanId: string, change: (arg: A) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badLoanKeys.records(loanId) }),
  });
}

export const useAddLitigationFee = (loanId: string) => useRecordsChange(loanId, (body: LitigationFeeInputDto) => addLitigationFee(loanId, body));
export const useDeleteLitigationFee = (loanId: string) => useRecordsChange(loanId, (feeId: string) => deleteLitigationFee(loanId, feeId));
export const useAddSeizure = (loanId: string) => useRecordsChange(loanId, (body: SeizureInputDto) => addSeizure(loanId, body));
export const useDeleteSeizure = (loanId: string) => useRecordsChange(loanId, (seizureId: string) => deleteSeizure(loanId, seizureId));
