/**
 * Calls of a loan's data (CLIENT, INQUIRY, AGENT, REPORT): the shapes the server answers. The data's
 * own structure (sections, fields, completeness) comes from @app/workflow, never copied here.
 */
import type { DataType, LoanDataContent } from '@app/workflow';
import { ERROR_CODES } from '@app/workflow/error-codes';
import { ApiError, fillRoute, http } from '@/api/http';
import type { ApiQuery, CompletenessDto, DraftDto, DraftSavedDto, LoanDataViewDto, LoanSummaryDto, SaveFailureDto } from '@/api/schema.gen';
import i18n from '@/i18n';

export type LoanSummary = LoanSummaryDto;
export type DraftView = DraftDto;
export type LoanDataView = LoanDataViewDto;
export type CompletenessView = CompletenessDto;
/** A 400 answer of a save carries the schema's issues (same words as the form's own checks). */
export type SaveFailureData = SaveFailureDto;

export const LOAN_DATA_ERROR_CODES = {
  invalid: ERROR_CODES.dataInvalid,
  notEditable: ERROR_CODES.dataNotEditable,
  stale: ERROR_CODES.dataStale,
  notOfficer: ERROR_CODES.notLoanOfficer,
  sectionNotEditable: ERROR_CODES.sectionNotEditable,
  tooLarge: ERROR_CODES.dataTooLarge,
  pdfUnavailable: ERROR_CODES.pdfUnavailable,
} as const;

export type PreviewTarget = DataType | 'ALL';
export type PreviewPart = NonNullable<ApiQuery<'GET /loans/{id}/data/{type}/preview'>['part']>;

export async function fetchLoanData(loanId: string, type: DataType): Promise<LoanDataView> {
  return (await http.get('/loans/{id}/data/{type}', { path: { id: loanId, type } })).data;
}

export async function fetchCompleteness(loanId: string): Promise<CompletenessView> {
  return (await http.get('/loans/{id}/data/completeness', { path: { id: loanId } })).data;
}

/** Failures come back without a toast: the page words a stale version and field issues itself. */
export async function saveLoanData(loanId: string, type: DataType, content: LoanDataContent, expectedVersion: number): Promise<LoanDataView> {
  return (await http.put('/loans/{id}/data/{type}', { content, expectedVersion }, { path: { id: loanId, type }, passErrors: true })).data;
}

/** An autosave: quiet on failure (the page shows it in its indicator; the copy on this device stays). */
export async function saveDraft(loanId: string, type: DataType, content: LoanDataContent, baseVersion: number): Promise<DraftSavedDto> {
  return (await http.put('/loans/{id}/data/{type}/draft', { content, baseVersion }, { path: { id: loanId, type }, passErrors: true })).data;
}

export async function discardDraft(loanId: string, type: DataType): Promise<void> {
  await http.delete('/loans/{id}/data/{type}/draft', { path: { id: loanId, type }, passErrors: true });
}

function query(part?: PreviewPart): Record<string, string> | undefined {
  return part && part !== 'ALL' ? { part } : undefined;
}

async function textOf(blob: Blob): Promise<string> {
  // jsdom's Blob has no text(); a FileReader works everywhere.
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The print-ready HTML the server renders (the same document the PDF is printed from). */
export async function fetchPreviewHtml(loanId: string, target: PreviewTarget, part?: PreviewPart): Promise<string> {
  const result = await http.raw('GET', fillRoute('/loans/{id}/data/{type}/preview', { id: loanId, type: target }), { params: query(part) });
  if (result instanceof Blob) return textOf(result);
  throw new ApiError(result.message || i18n.t('http.systemError'), 200, result.code, result);
}

export async function fetchPdf(loanId: string, target: PreviewTarget, part?: PreviewPart): Promise<Blob> {
  const result = await http.raw('GET', fillRoute('/loans/{id}/data/{type}/pdf', { id: loanId, type: target }), { params: query(part), timeoutMs: 120_000 });
  if (result instanceof Blob) return result;
  throw new ApiError(result.message || i18n.t('http.systemError'), 200, result.code, result);
}
