import { useQuery } from '@tanstack/react-query';
import { fetchCollaterals, fetchPremium } from './premium-collateral-api';

/** Both carry the loan's version: they are read again as the loan moves. */
export const premiumCollateralKeys = {
  premium: (loanId: string, version: number) => ['premium', loanId, version] as const,
  /** The node page's collateral panel and COUNTER_GUARANTEE_CONFIRM's dialog (loan-node) share it. */
  collaterals: (loanId: string, version: number) => ['collaterals', loanId, version] as const,
};

export function usePremium(loanId: string, version: number, enabled: boolean) {
  return useQuery({ queryKey: premiumCollateralKeys.premium(loanId, version), queryFn: () => fetchPremium(loanId), enabled });
}

export function useCollaterals(loanId: string, version: number, enabled = true) {
  return useQuery({ queryKey: premiumCollateralKeys.collaterals(loanId, version), queryFn: () => fetchCollaterals(loanId), enabled });
}
