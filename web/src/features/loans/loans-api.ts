/** The calls on one loan (server/src/loans): detail, copy, delete, the disbursement reminder, officers, a new application. */
import { http } from '@/api/http';
import type { CreateLoanDto, DisbursementReminderDto, LoanDetailDto, OfficerDto, PersonDto } from '@/api/schema.gen';

export type Person = OfficerDto;

export type LoanDetail = LoanDetailDto;

export async function fetchLoanDetail(id: string): Promise<LoanDetail> {
  return (await http.get('/loans/{id}', { path: { id } })).data;
}

/** A new application for the same company, prefilled with this loan's data (sys:loan:copy). */
export async function copyLoan(id: string): Promise<LoanDetail> {
  return (await http.post('/loans/{id}/copy', {}, { path: { id } })).data;
}

/** Reminds the loan's A-post officer to chase the bank (voucherList); once a day, a repeat answers with the day's message. */
export async function sendDisbursementReminder(id: string): Promise<DisbursementReminderDto> {
  return (await http.post('/loans/{id}/disbursement-reminder', {}, { path: { id } })).data;
}

export async function deleteLoan(id: string): Promise<void> {
  await http.delete('/loans/{id}', { path: { id } });
}

export type Officer = PersonDto;

export async function fetchOfficers(role: 'A_POST' | 'B_POST'): Promise<Officer[]> {
  return (await http.get('/loans/officers', { params: { role } })).data ?? [];
}

export type CreateLoanBody = CreateLoanDto;

export async function createLoan(body: CreateLoanBody): Promise<LoanDetail> {
  return (await http.post('/loans', body, { passErrors: true })).data;
}
