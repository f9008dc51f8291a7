/** Premium panel and collateral register calls (server: premium and collateral features). */
import type { AttachmentKind } from '@app/workflow';
import { http } from '@/api/http';
import type { CollateralDto, CollateralRegisterDto, PremiumViewDto } from '@/api/schema.gen';

export type PremiumView = PremiumViewDto;
export type CollateralRegister = CollateralRegisterDto;
export type CollateralBody = CollateralDto;

export async function fetchPremium(loanId: string): Promise<PremiumView> {
  return (await http.get('/loans/{loanId}/premium', { path: { loanId }, passErrors: true })).data;
}

export async function fetchCollaterals(loanId: string): Promise<CollateralRegister> {
  return (await http.get('/loans/{loanId}/collaterals', { path: { loanId }, passErrors: true })).data;
}

/** Refusals (missing owner, register locked) are shown by the form, not as a toast. */
export async function saveCollateral(loanId: string, id: string | null, body: CollateralBody): Promise<CollateralRegister> {
  return (
    id
      ? await http.put('/loans/{loanId}/collaterals/{id}', body, { path: { loanId, id }, passErrors: true })
      : await http.post('/loans/{loanId}/collaterals', body, { path: { loanId }, passErrors: true })
  ).data;
}

export async function deleteCollateral(loanId: string, id: string): Promise<CollateralRegister> {
  return (await http.delete('/loans/{loanId}/collaterals/{id}', { path: { loanId, id } })).data;
}

/** The loan's own attachment upload (archives): the premium voucher and the counter-guarantee files. */
export async function uploadLoanFile(loanId: string, kind: AttachmentKind, file: File): Promise<void> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  await http.post('/archives/{loanId}/files', form, { path: { loanId } });
}
