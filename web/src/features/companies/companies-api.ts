/** The company calls (server/src/companies): list with filters, export, detail, create, update, delete. */
import type { CompanyInput } from '@app/workflow';
import { http, type Page } from '@/api/http';
import type { ApiQuery, CompanyDetailDto, CompanyLoanDto, CompanyRowDto } from '@/api/schema.gen';
import { downloadFile, exportFileName } from '@/lib/download';

export type CompanyRow = CompanyRowDto;
export type CompanyLoan = CompanyLoanDto;
export type CompanyDetail = CompanyDetailDto;

export type CompanySort = NonNullable<ApiQuery<'GET /companies'>['sort']>;

/** The filter form's state: a cleared select holds null (the HTTP client leaves null parameters out). */
export interface CompanyFilters {
  name?: string;
  creditCode?: string;
  districtCode?: string | null;
  enterpriseKind?: string | null;
  qualification?: string | null;
}

export interface CompanyQuery extends CompanyFilters {
  pageNum: number;
  pageSize: number;
  sort?: CompanySort;
  order?: 'asc' | 'desc';
}

export async function fetchCompanies(query: CompanyQuery): Promise<Page<CompanyRow>> {
  return (await http.get('/companies', { params: { ...query } })).data;
}

export async function exportCompanies(query: Omit<CompanyQuery, 'pageNum' | 'pageSize'>, fileName: string): Promise<void> {
  await downloadFile('/companies/export', exportFileName(fileName), { ...query });
}

export async function fetchCompany(id: string): Promise<CompanyDetail> {
  return (await http.get('/companies/{id}', { path: { id } })).data;
}

/** Failures come back to the form (field errors, duplicate code) without a toast. */
export async function saveCompany(id: string | null, input: CompanyInput): Promise<CompanyRow> {
  const res = id ? await http.put('/companies/{id}', input, { path: { id }, passErrors: true }) : await http.post('/companies', input, { passErrors: true });
  return res.data;
}

export async function deleteCompany(id: string): Promise<void> {
  await http.delete('/companies/{id}', { path: { id } });
}
