import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateInputDto, CustodySettingInputDto, RevalueInputDto } from '@/api/schema.gen';
import {
  fetchBorrowers,
  fetchCustodySettings,
  fetchInventory,
  fetchLoanCustody,
  fetchMoves,
  moveCertificate,
  registerCertificate,
  revalue,
  saveCustodySettings,
  type InventoryParams,
  type MoveName,
} from './custody-api';

/** One owner of the custody keys: a move changes the loan's panel, the inventory and the certificate's history. */
export const custodyKeys = {
  all: ['custody'] as const,
  loan: (loanId: string) => ['custody', 'loan', loanId] as const,
  loanAt: (loanId: string, version: number) => ['custody', 'loan', loanId, version] as const,
  inventory: (params: InventoryParams) => ['custody', 'inventory', params] as const,
  moves: (certificateId: string) => ['custody', 'moves', certificateId] as const,
  borrowers: ['custody', 'borrowers'] as const,
  settings: ['custody', 'settings'] as const,
};

export function useLoanCustody(loanId: string, version: number, enabled: boolean) {
  return useQuery({ queryKey: custodyKeys.loanAt(loanId, version), queryFn: () => fetchLoanCustody(loanId), enabled, retry: false });
}

export function useInventory(params: InventoryParams) {
  return useQuery({ queryKey: custodyKeys.inventory(params), queryFn: () => fetchInventory(params), placeholderData: (previous) => previous });
}

export function useMoves(certificateId: string | null) {
  return useQuery({ queryKey: custodyKeys.moves(certificateId ?? ''), queryFn: () => fetchMoves(certificateId!), enabled: certificateId !== null });
}

export function useBorrowers(enabled: boolean) {
  return useQuery({ queryKey: custodyKeys.borrowers, queryFn: fetchBorrowers, enabled, staleTime: 60_000 });
}

/** Every change reads custody again (the panel, the inventory, histories). */
function useCustodyChange<A>(change: (arg: A) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: custodyKeys.all }) });
}

export const useRegisterCertificate = (loanId: string) => useCustodyChange((body: CertificateInputDto) => registerCertificate(loanId, body));
export const useRevalue = (loanId: string) => useCustodyChange((body: RevalueInputDto) => revalue(loanId, body));
export const useMoveCertificate = () =>
  useCustodyChange(({ id, move, body }: { id: string; move: MoveName; body: Parameters<typeof moveCertificate>[2] }) => moveCertificate(id, move, body));

export function useCustodySettings(enabled: boolean) {
  return useQuery({ queryKey: custodyKeys.settings, queryFn: fetchCustodySettings, enabled });
}
export const useSaveCustodySettings = () => useCustodyChange((body: CustodySettingInputDto) => saveCustodySettings(body));
