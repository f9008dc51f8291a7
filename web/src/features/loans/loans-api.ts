/** The loan calls (server/src/loans): the loan list with filters, export, detail, copy, delete, officers. */
import { http } from '@/api/http';
import type { ApiQuery, CreateLoanDto, DisbursementReminderDto, LoanDetailDto, LoanPageDto, LoanRowDto, OfficerDto, PersonDto } from '@/api/schema.gen';
import { downloadFile, exportFileName } from '@/lib/download';

export type Person = OfficerDto;
/** A row of the loan list or a worklist: where the loan stands, without the snapshot (an action that needs the loan's context fetches its workflow view). */
export type LoanRow = LoanRowDto;

export type LoanSort = NonNullable<ApiQuery<'GET /worklists/{name}'>['sort']>;

export interface LoanFilters {
  companyName?: string;
  stage?: string | null;
  status?: string | null;
  amountMin?: number | string;
  amountMax?: number | string;
  createdFrom?: string;
  createdTo?: string;
  aPostOfficerId?: string | null;
  bPostOfficerId?: string | null;
}

export type LoanQueryValue = string | number | undefined;
export interface LoanQuery {
  [filter: string]: LoanQueryValue;
  pageNum: number;
  pageSize: number;
}

/** A page of loan rows (GET /server/loans or GET /server/worklists/{name}); `totalCapped`: the count stopped at a bound ("more than"). */
export type LoanPage = LoanPageDto;

const pathOf = (list: string | null) => (list ? `/worklists/${encodeURIComponent(list)}` : '/loans');

export async function fetchLoanRows(list: string | null, query: LoanQuery): Promise<LoanPage> {
  return (await http.get<LoanPage>(pathOf(list), { params: { ...query } })).data;
}

export async function exportLoanRows(list: string | null, query: Record<string, LoanQueryValue>, fileName: string): Promise<void> {
  await downloadFile(`${pathOf(list)}/export`, exportFileName(fileName), { ...query });
}

export type LoanDetail = LoanDetailDto;

export async function fetchLoanDetail(id: string): Promise<LoanDetail> {
  return (await http.get<LoanDetail>(`/loans/${encodeURIComponent(id)}`)).data;
}

/** A new application for the same company, prefilled with this loan's data (sys:loan:copy). */
export async function copyLoan(id: string): Promise<LoanDetail> {
  return (await http.post<LoanDetail>(`/loans/${encodeURIComponent(id)}/copy`, {})).data;
}

/** Reminds the loan's A-post officer to chase the bank (voucherList); once a day, a repeat answers with the day's message. */
export async function sendDisbursementReminder(id: string): Promise<DisbursementReminderDto> {
  return (await http.post<DisbursementReminderDto>(`/loans/${encodeURIComponent(id)}/disbursement-reminder`, {})).data;
}

export async function deleteLoan(id: string): Promise<void> {
  await http.delete(`/loans/${encodeURIComponent(id)}`);
}

export type Officer = PersonDto;

export async function fetchOfficers(role: 'A_POST' | 'B_POST'): Promise<Officer[]> {
  return (await http.get<Officer[]>('/loans/officers', { params: { role } })).data ?? [];
}

export type CreateLoanBody = CreateLoanDto;

export async function createLoan(body: CreateLoanBody): Promise<LoanDetail> {
  return (await http.post<LoanDetail>('/loans', body, { passErrors: true })).data;
}
