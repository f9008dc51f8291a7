/** The loan list calls (server/src/loans, server/src/worklists): a page of the loan list or of a worklist, with filters, and its export. */
import { http } from '@/api/http';
import type { ApiQuery, LoanPageDto, LoanRowDto } from '@/api/schema.gen';
import { downloadFile, exportFileName } from '@/lib/download';

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
  overdueBucket?: string | null;
}

export type LoanQueryValue = string | number | undefined;
export interface LoanQuery {
  [filter: string]: LoanQueryValue;
  pageNum: number;
  pageSize: number;
}

/** A page of loan rows (GET /server/loans or GET /server/worklists/{name}); `totalCapped`: the count stopped at a bound ("more than"). */
export type LoanPage = LoanPageDto;

/** `list` null: the loan list; else the worklist of that name. */
export async function fetchLoanRows(list: string | null, query: LoanQuery): Promise<LoanPage> {
  const params = { ...query };
  const res = list ? await http.get('/worklists/{name}', { path: { name: list }, params }) : await http.get('/loans', { params });
  return res.data;
}

export async function exportLoanRows(list: string | null, query: Record<string, LoanQueryValue>, fileName: string): Promise<void> {
  const path = list ? `/worklists/${encodeURIComponent(list)}/export` : '/loans/export';
  await downloadFile(path, exportFileName(fileName), { ...query });
}
