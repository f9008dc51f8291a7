/**
 * After the guarantee: visits, release and the release ledger (server: visits feature); the repayment
 * plan, reminders and the ledger's attachment pages (server: reminders feature).
 */
import { fillRoute, http } from '@/api/http';
import type {
  IdDto,
  LedgerAttachmentsViewDto,
  ReleaseLedgerRowDto,
  ReleaseViewDto,
  ReminderDto,
  RepaymentPlanDto,
  RepaymentReminderSentDto,
  VisitsViewDto,
} from '@/api/schema.gen';

export type VisitsView = VisitsViewDto;
export type ReleaseView = ReleaseViewDto;
export type ReleaseLedgerRow = ReleaseLedgerRowDto;

export async function fetchVisits(loanId: string): Promise<VisitsView> {
  return (await http.get('/loans/{loanId}/visits', { path: { loanId }, passErrors: true })).data;
}

export async function uploadVisitAttachment(loanId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await http.post('/loans/{loanId}/visits/attachments', form, { path: { loanId } });
}

export const visitAttachmentPath = (loanId: string, attachmentId: string) =>
  fillRoute('/loans/{loanId}/visits/attachments/{attachmentId}', { loanId, attachmentId });

export async function fetchRelease(loanId: string): Promise<ReleaseView> {
  return (await http.get('/loans/{loanId}/release', { path: { loanId }, passErrors: true })).data;
}

export async function fetchReleaseLedger(): Promise<ReleaseLedgerRow[]> {
  return (await http.get('/release-ledger')).data;
}

// --- repayment plan, reminders and the ledger's actions (server: reminders feature) ------------

export type RepaymentPlan = RepaymentPlanDto;
export type LoanReminder = ReminderDto;
export type RepaymentReminderSent = RepaymentReminderSentDto;

export async function fetchRepaymentPlan(loanId: string): Promise<RepaymentPlan> {
  return (await http.get('/loans/{id}/repayment-plan', { path: { id: loanId }, passErrors: true })).data;
}

export async function fetchReminders(loanId: string): Promise<LoanReminder[]> {
  return (await http.get('/loans/{id}/reminders', { path: { id: loanId }, passErrors: true })).data;
}

export const instalmentVoucherPath = (loanId: string, instalmentId: string) =>
  fillRoute('/loans/{id}/instalments/{instalmentId}/voucher', { id: loanId, instalmentId });

export async function uploadInstalmentVoucher(loanId: string, instalmentId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await http.post('/loans/{id}/instalments/{instalmentId}/voucher', form, { path: { id: loanId, instalmentId } });
}

export async function sendRepaymentReminder(loanId: string): Promise<RepaymentReminderSent> {
  return (await http.post('/loans/{id}/repayment-reminder', undefined, { path: { id: loanId } })).data;
}

// --- the ledger's attachment pages (server: reminders feature, LedgerAttachmentsController) ----

export type LedgerView = LedgerAttachmentsViewDto;
export type LedgerAttachment = LedgerAttachmentsViewDto['attachments'][number];

export async function fetchLedger(loanId: string): Promise<LedgerView> {
  return (await http.get('/loans/{id}/ledger', { path: { id: loanId }, passErrors: true })).data;
}

export const ledgerAttachmentPath = (loanId: string, attachmentId: string) =>
  fillRoute('/loans/{id}/ledger/attachments/{attachmentId}', { id: loanId, attachmentId });

export async function addLedgerReport(loanId: string, file: File): Promise<IdDto> {
  const form = new FormData();
  form.append('file', file);
  return (await http.post('/loans/{id}/ledger/reports', form, { path: { id: loanId } })).data;
}

export async function reuploadLedgerReport(loanId: string, attachmentId: string, file: File): Promise<IdDto> {
  const form = new FormData();
  form.append('file', file);
  return (await http.post('/loans/{id}/ledger/reports/{attachmentId}', form, { path: { id: loanId, attachmentId } })).data;
}

/** The ledger's pages of a loan: view (read only) or edit. */
export const ledgerPagePath = (loanId: string, mode: 'view' | 'edit', finance = false) =>
  `/protectAfter/${finance ? 'ledgerListNew' : 'ledgerList'}/${encodeURIComponent(loanId)}/${mode}`;
