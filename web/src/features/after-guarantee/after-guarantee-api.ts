/** Visits, release and the release ledger (server: visits feature). */
import { http } from '@/api/http';
import type { ReleaseLedgerRowDto, ReleaseViewDto, ReminderDto, RepaymentPlanDto, RepaymentReminderSentDto, VisitsViewDto } from '@/api/schema.gen';

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

// --- repayment plan, reminders and the ledger's actions (server: reminders feature) ------------

export type RepaymentPlan = RepaymentPlanDto;
export type LoanReminder = ReminderDto;
export type RepaymentReminderSent = RepaymentReminderSentDto;

export async function fetchRepaymentPlan(loanId: string): Promise<RepaymentPlan> {
  return (await http.get<RepaymentPlan>(`${loanPath(loanId)}/repayment-plan`, { passErrors: true })).data;
}

export async function fetchReminders(loanId: string): Promise<LoanReminder[]> {
  return (await http.get<LoanReminder[]>(`${loanPath(loanId)}/reminders`, { passErrors: true })).data;
}

export const instalmentVoucherPath = (loanId: string, instalmentId: string) => `${loanPath(loanId)}/instalments/${encodeURIComponent(instalmentId)}/voucher`;

export async function uploadInstalmentVoucher(loanId: string, instalmentId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await http.post(instalmentVoucherPath(loanId, instalmentId), form);
}

export async function sendRepaymentReminder(loanId: string): Promise<RepaymentReminderSent> {
  return (await http.post<RepaymentReminderSent>(`${loanPath(loanId)}/repayment-reminder`)).data;
}
