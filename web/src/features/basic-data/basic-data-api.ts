/** The basic-data calls (server/src/basic-data): banks, their contract templates, loan types. */
import { http, type Page, type PagedQuery } from '@/api/http';
import type { ApiQuery, BankDto, BankRowDto, LoanTypeDto, LoanTypeRowDto, TemplateRowDto, UploadedTemplateDto } from '@/api/schema.gen';
import type { ContractType } from '@app/workflow';

export type BankRow = BankRowDto;
export type TemplateRow = TemplateRowDto;
export type LoanTypeRow = LoanTypeRowDto;

const id = (value: string) => encodeURIComponent(value);

export async function fetchBanks(params: PagedQuery<ApiQuery<'GET /banks'>>): Promise<Page<BankRow>> {
  return (await http.get<Page<BankRow>>('/banks', { params: { ...params } })).data;
}

export async function fetchBank(bankId: string): Promise<BankRow> {
  return (await http.get<BankRow>(`/banks/${id(bankId)}`)).data;
}

/** Failures come back to the form without a toast. */
export async function saveBank(bankId: string | null, body: BankDto): Promise<BankRow> {
  const res = bankId
    ? await http.put<BankRow>(`/banks/${id(bankId)}`, body, { passErrors: true })
    : await http.post<BankRow>('/banks', body, { passErrors: true });
  return res.data;
}

export async function deleteBank(bankId: string): Promise<void> {
  await http.delete(`/banks/${id(bankId)}`);
}

export async function fetchTemplates(bankId: string): Promise<TemplateRow[]> {
  return (await http.get<TemplateRow[]>(`/banks/${id(bankId)}/templates`)).data;
}

/** The upload's refusal (unknown placeholders, not a .docx) is shown beside the form, not as a toast. */
export async function uploadTemplate(bankId: string, contractType: ContractType, file: File): Promise<UploadedTemplateDto> {
  const form = new FormData();
  form.append('contractType', contractType);
  form.append('file', file);
  return (await http.post<UploadedTemplateDto>(`/banks/${id(bankId)}/templates`, form, { passErrors: true })).data;
}

export async function setTemplateEnabled(templateId: string, enabled: boolean): Promise<void> {
  await http.put(`/templates/${id(templateId)}/enabled`, { enabled });
}

export async function deleteTemplate(templateId: string): Promise<void> {
  await http.delete(`/templates/${id(templateId)}`);
}

export async function fetchLoanTypes(params: PagedQuery<ApiQuery<'GET /loan-types'>>): Promise<Page<LoanTypeRow>> {
  return (await http.get<Page<LoanTypeRow>>('/loan-types', { params: { ...params } })).data;
}

export async function saveLoanType(loanTypeId: string | null, body: LoanTypeDto): Promise<LoanTypeRow> {
  const res = loanTypeId
    ? await http.put<LoanTypeRow>(`/loan-types/${id(loanTypeId)}`, body, { passErrors: true })
    : await http.post<LoanTypeRow>('/loan-types', body, { passErrors: true });
  return res.data;
}

export async function deleteLoanType(loanTypeId: string): Promise<void> {
  await http.delete(`/loan-types/${id(loanTypeId)}`);
}
