import type { AttachmentKind } from '@app/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteCollateral, fetchCollaterals, fetchPremium, saveCollateral, uploadLoanFile, type CollateralBody } from './premium-collateral-api';

/** Both carry the loan's version: they are read again as the loan moves. */
export const premiumCollateralKeys = {
  /** Every version's premium of a loan. */
  premiumOf: (loanId: string) => ['premium', loanId] as const,
  premium: (loanId: string, version: number) => ['premium', loanId, version] as const,
  /** Every version's register of a loan (a row's change moves no version). */
  collateralsOf: (loanId: string) => ['collaterals', loanId] as const,
  /** The node page's collateral panel and COUNTER_GUARANTEE_CONFIRM's dialog (loan-node) share it. */
  collaterals: (loanId: string, version: number) => ['collaterals', loanId, version] as const,
};

export function usePremium(loanId: string, version: number, enabled: boolean) {
  return useQuery({ queryKey: premiumCollateralKeys.premium(loanId, version), queryFn: () => fetchPremium(loanId), enabled });
}

export function useCollaterals(loanId: string, version: number, enabled = true) {
  return useQuery({ queryKey: premiumCollateralKeys.collaterals(loanId, version), queryFn: () => fetchCollaterals(loanId), enabled });
}

/** A voucher (or another attachment of the loan) uploaded: the premium is read again. */
export function useUploadLoanFile(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: AttachmentKind; file: File }) => uploadLoanFile(loanId, kind, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: premiumCollateralKeys.premiumOf(loanId) }),
  });
}

/** Adds a row (`id` null) or changes one; the register is read again. */
export function useSaveCollateral(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CollateralBody }) => saveCollateral(loanId, id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: premiumCollateralKeys.collateralsOf(loanId) }),
  });
}

export function useDeleteCollateral(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCollateral(loanId, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: premiumCollateralKeys.collateralsOf(loanId) }),
  });
}
