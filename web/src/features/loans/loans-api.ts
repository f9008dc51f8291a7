/** The loan calls (server/src/loans): the loan list with filters, export, detail, copy, delete, officers. */
import type { StageKey, StatusLabels } from '@app/workflow';
import type { StateValue } from 'xstate';
import { http, type Page } from '@/api/http';
import type { ServerLegalAction } from '@/features/loan-node/loan-node-api';
import { downloadExport } from './download';

export interface Person {
  id: string;
  name: string;
}

export interface LoanRow {
  id: string;
  companyId: string;
  companyName: string;
  creditCode: string;
  /** The current amount (the machine's context). */
  amount: number;
  termMonths: number;
  bank: string | null;
  loanType: string | null;
  aPostOfficer: Person | null;
  bPostOfficer: Person | null;
  createdAt: string;
  updatedAt: string;
  /** Soft deletion possible for the caller now (data collection, sys:loan:delete). */
  deletable: boolean;
  /** Where the loan stands, without the snapshot: an action that needs the loan's context fetches its workflow view. */
  workflow: {
    loanId: string;
    machineVersion: number;
    version: number;
    stage: StageKey;
    state: StateValue;
    statusLabels: StatusLabels;
    /** What the caller may do on this row, as the machine answers, narrowed to the list's actions. */
    legalActions: ServerLegalAction[];
  };
}

export type LoanSort = 'createdAt' | 'amount' | 'companyName' | 'updatedAt';

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

/** A page of loan rows: `list` null for the loan list (GET /server/loans), else a worklist (GET /server/worklists/{name}). */
export interface LoanPage extends Page<LoanRow> {
  /** The total stopped counting at a bound (large lists): "more than". */
  totalCapped?: boolean;
}

const pathOf = (list: string | null) => (list ? `/worklists/${encodeURIComponent(list)}` : '/loans');

export async function fetchLoanRows(list: string | null, query: LoanQuery): Promise<LoanPage> {
  return (await http.get<LoanPage>(pathOf(list), { params: { ...query } })).data;
}

export function exportLoanRows(list: string | null, query: Record<string, LoanQueryValue>, fileName: string): Promise<void> {
  return downloadExport(`${pathOf(list)}/export`, { ...query }, fileName);
}

export interface LoanDetail {
  id: string;
  companyId: string;
  companyName: string;
  creditCode: string;
  amount: number;
  currentAmount: number;
  termMonths: number;
  bank: string | null;
  loanType: string | null;
  aPostOfficerId: string;
  aPostOfficerName: string | null;
  bPostOfficerId: string | null;
  bPostOfficerName: string | null;
  createdAt: string;
  createdByName: string | null;
  workflow: LoanRow['workflow'];
}

export async function fetchLoanDetail(id: string): Promise<LoanDetail> {
  return (await http.get<LoanDetail>(`/loans/${encodeURIComponent(id)}`)).data;
}

/** A new application for the same company, prefilled with this loan's data (sys:loan:copy). */
export async function copyLoan(id: string): Promise<LoanDetail> {
  return (await http.post<LoanDetail>(`/loans/${encodeURIComponent(id)}/copy`, {})).data;
}

export async function deleteLoan(id: string): Promise<void> {
  await http.delete(`/loans/${encodeURIComponent(id)}`);
}

export interface Officer {
  id: string;
  username: string;
  nickname: string;
}

export async function fetchOfficers(role: 'A_POST' | 'B_POST'): Promise<Officer[]> {
  return (await http.get<Officer[]>('/loans/officers', { params: { role } })).data ?? [];
}

export interface CreateLoanBody {
  companyId: string;
  amount: number;
  termMonths: number;
  bank?: string;
  loanType?: string;
  aPostOfficerId?: string;
  bPostOfficerId?: string;
}

export async function createLoan(body: CreateLoanBody): Promise<LoanDetail> {
  return (await http.post<LoanDetail>('/loans', body, { passErrors: true })).data;
}
