/** Premium panel and collateral register calls (server: premium and collateral features). */
import type { AttachmentKind } from '@app/workflow';
import { http } from '@/api/http';
import type { CollateralDto, CollateralRegisterDto, PremiumViewDto } from '@/api/schema.gen';

export type PremiumView = PremiumViewDto;
export type CollateralRegister = CollateralRegisterDto;
export type CollateralBody = CollateralDto;

const loanPath = (loanId: string) => `/loans/${encodeURIComponent(loanId)}`;

export async function fetchPremium(loanId: string): Promise<PremiumView> {
  return (await http.get<PremiumView>(`${loanPath(loanId)}/premium`, { passErrors: true })).data;
}

export async function fetchCollaterals(loanId: string): Promise<CollateralRegister> {
  return (await http.get<CollateralRegister>(`${loanPath(loanId)}/collaterals`, { passErrors: true })).data;
}

/** Refusals (missing owner, register locked) are shown by the form, not as a toast. */
export async function saveCollateral(loanId: string, id: string | null, body: CollateralBody): Promise<CollateralRegister> {
  const path = id ? `${loanPath(loanId)}/collaterals/${encodeURIComponent(id)}` : `${loanPath(loanId)}/collaterals`;
  return (id ? await http.put<CollateralRegister>(path, body, { passErrors: true }) : await http.post<CollateralRegister>(path, body, { passErrors: true }))
    .data;
}

export async function deleteCollateral(loanId: string, id: string): Promise<CollateralRegister> {
  return (await http.delete<CollateralRegister>(`${loanPath(loanId)}/collaterals/${encodeURIComponent(id)}`)).data;
}

/** The loan's own attachment upload (archives): the premium voucher and the counter-guarantee files. */
export async function uploadLoanFile(loanId: string, kind: AttachmentKind, file: File): Promise<void> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  await http.post(`/archives/${encodeURIComponent(loanId)}/files`, form);
}
