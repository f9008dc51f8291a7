/** Visits, release and the release ledger (server: visits feature). */
import { http } from '@/api/http';
import type { ReleaseLedgerRowDto, ReleaseViewDto, VisitsViewDto } from '@/api/schema.gen';

export type VisitsView = VisitsViewDto;
export type ReleaseView = ReleaseViewDto;
export type ReleaseLedgerRow = ReleaseLedgerRowDto;

const loanPath = (loanId: string) => `/loans/${encodeURIComponent(loanId)}`;

export async function fetchVisits(loanId: string): Promise<VisitsView> {
  return (await http.get<VisitsView>(`${loanPath(loanId)}/visits`, { passErrors: true })).data;
}

export async function uploadVisitAttachment(loanId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await http.post(`${loanPath(loanId)}/visits/attachments`, form);
}

export const visitAttachmentPath = (loanId: string, attachmentId: string) => `${loanPath(loanId)}/visits/attachments/${encodeURIComponent(attachmentId)}`;

export async function fetchRelease(loanId: string): Promise<ReleaseView> {
  return (await http.get<ReleaseView>(`${loanPath(loanId)}/release`, { passErrors: true })).data;
}

export async function fetchReleaseLedger(): Promise<ReleaseLedgerRow[]> {
  return (await http.get<ReleaseLedgerRow[]>('/release-ledger')).data;
}
