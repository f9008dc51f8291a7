/** The ledger's attachment pages (server: reminders feature, LedgerAttachmentsController). */
import { http } from '@/api/http';
import type { IdDto, LedgerAttachmentsViewDto } from '@/api/schema.gen';

export type LedgerView = LedgerAttachmentsViewDto;
export type LedgerAttachment = LedgerAttachmentsViewDto['attachments'][number];

const ledgerPath = (loanId: string) => `/loans/${encodeURIComponent(loanId)}/ledger`;

export async function fetchLedger(loanId: string): Promise<LedgerView> {
  return (await http.get<LedgerView>(ledgerPath(loanId), { passErrors: true })).data;
}

export const ledgerAttachmentPath = (loanId: string, attachmentId: string) => `${ledgerPath(loanId)}/attachments/${encodeURIComponent(attachmentId)}`;

export async function addLedgerReport(loanId: string, file: File): Promise<IdDto> {
  const form = new FormData();
  form.append('file', file);
  return (await http.post<IdDto>(`${ledgerPath(loanId)}/reports`, form)).data;
}

export async function reuploadLedgerReport(loanId: string, attachmentId: string, file: File): Promise<IdDto> {
  const form = new FormData();
  form.append('file', file);
  return (await http.post<IdDto>(`${ledgerPath(loanId)}/reports/${encodeURIComponent(attachmentId)}`, form)).data;
}

/** The ledger's pages of a loan: view (read only) or edit. */
export const ledgerPagePath = (loanId: string, mode: 'view' | 'edit', finance = false) =>
  `/protectAfter/${finance ? 'ledgerListNew' : 'ledgerList'}/${encodeURIComponent(loanId)}/${mode}`;
