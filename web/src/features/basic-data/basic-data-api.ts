/** The basic-data calls (server/src/basic-data): banks, their contract templates, loan types. */
import { fillRoute, http, type Page, type PagedQuery } from '@/api/http';
import type { ApiQuery, BankDto, BankRowDto, LoanTypeDto, LoanTypeRowDto, TemplateRowDto, UploadedTemplateDto } from '@/api/schema.gen';
import type { ContractType } from '@app/workflow';

export type BankRow = BankRowDto;
export type TemplateRow = TemplateRowDto;
export type LoanTypeRow = LoanTypeRowDto;

export async function fetchBanks(params: BankListParams): Promise<Page<BankRow>> {
  return (await http.get('/banks', { params: { ...params } })).data;
}

export async function fetchBank(bankId: string): Promise<BankRow> {
  return (await http.get('/banks/{id}', { path: { id: bankId } })).data;
}

/** Failures come back to the form without a toast. */
export async function saveBank(bankId: string | null, body: BankDto): Promise<BankRow> {
  const res = bankId ? await http.put('/banks/{id}', body, { path: { id: bankId }, passErrors: true }) : await http.post('/banks', body, { passErrors: true });
  return res.data;
}

export async function deleteBank(bankId: string): Promise<void> {
  await http.delete('/banks/{id}', { path: { id: bankId } });
}

export async function fetchTemplates(bankId: string): Promise<TemplateRow[]> {
  return (await http.get('/banks/{bankId}/templates', { path: { bankId } })).data;
}

/** The upload's refusal (unknown placeholders, not a .docx) is shown beside the form, not as a toast. */
export async function uploadTemplate(bankId: string, contractType: ContractType, file: File): Promise<UploadedTemplateDto> {
  const form = new FormData();
  form.append('contractType', contractType);
  form.append('file', file);
  return (await http.post('/banks/{bankId}/templates', form, { path: { bankId }, passErrors: true })).data;
}

export async function setTemplateEnabled(templateId: string, enabled: boolean): Promise<void> {
  await http.put('/templates/{id}/enabled', { enabled }, { path: { id: templateId } });
}

export async function deleteTemplate(templateId: string): Promise<void> {
  await http.delete('/templates/{id}', { path: { id: templateId } });
}

export async function fetchLoanTypes(params: LoanTypeListParams): Promise<Page<LoanTypeRow>> {
  return (await http.get('/loan-types', { params: { ...params } })).data;
}

export async function saveLoanType(loanTypeId: string | null, body: LoanTypeDto): Promise<LoanTypeRow> {
  const res = loanTypeId
    ? await http.put('/loan-types/{id}', body, { path: { id: loanTypeId }, passErrors: true })
    : await http.post('/loan-types', body, { passErrors: true });
  return res.data;
}

export async function deleteLoanType(loanTypeId: string): Promise<void> {
  await http.delete('/loan-types/{id}', { path: { id: loanTypeId } });
}

/** The Word file of one template version (downloaded). */
export const templateFilePath = (templateId: string) => fillRoute('/templates/{id}/file', { id: templateId });

export type BankListParams = PagedQuery<ApiQuery<'GET /banks'>>;
export type LoanTypeListParams = PagedQuery<ApiQuery<'GET /loan-types'>>;
