/**
 * The loan node page's calls (fixed paths and shapes). Types of the machine's
 * own data (snapshots, labels, the definition) come from @app/workflow, never copied here.
 */
import type { MachineDefinition } from '@app/workflow';
import { ERROR_CODES } from '@app/workflow/error-codes';
import { API_BASE, ApiError, fillRoute, http } from '@/api/http';
import type {
  ApplyEventDto,
  BankOptionDto,
  ContractTemplateOptionDto,
  EventFailureDto,
  HistoryAtDto,
  HistoryEventDto,
  LegalActionDto,
  LoanDetailDto,
  LoanDocumentDto,
  TimelineDto,
  TimelineNodeDto,
  VerifyDto,
  WorkflowViewDto,
} from '@/api/schema.gen';
import i18n from '@/i18n';

export type ServerLegalAction = LegalActionDto;
/** The document a step stands on, as the server's legal action carries it. */
export type ActionDocument = NonNullable<LegalActionDto['document']>;
export type WorkflowView = WorkflowViewDto;
export type LoanDetail = LoanDetailDto;
export type TimelineNodeView = TimelineNodeDto;
export type TimelineView = TimelineDto;
export type HistoryEvent = HistoryEventDto;
export type VerifyResult = VerifyDto;
export type HistoryAt = HistoryAtDto;
export type SendEventBody = ApplyEventDto;
/** What a refused event carries in `data` (400 A03005, 409 A03001, 409 A03002). */
export type EventFailureData = EventFailureDto;

export const EVENT_ERROR_CODES = {
  forbidden: ERROR_CODES.forbidden,
  illegal: ERROR_CODES.illegalEvent409,
  stale: ERROR_CODES.staleVersion,
  payloadInvalid: ERROR_CODES.payloadInvalid,
} as const;

export async function fetchWorkflow(loanId: string): Promise<WorkflowView> {
  return (await http.get('/loans/{id}/workflow', { path: { id: loanId } })).data;
}

/** Needs `sys:loan:detail` besides the page's `archives_detail`: the caller handles a refusal quietly. */
export async function fetchLoan(loanId: string): Promise<LoanDetail> {
  return (await http.get('/loans/{id}', { path: { id: loanId }, passErrors: true })).data;
}

export async function fetchTimeline(loanId: string): Promise<TimelineView> {
  return (await http.get('/loans/{id}/timeline', { path: { id: loanId } })).data;
}

export async function fetchHistory(loanId: string): Promise<HistoryEvent[]> {
  return (await http.get('/loans/{id}/history', { path: { id: loanId } })).data ?? [];
}

export async function fetchVerify(loanId: string): Promise<VerifyResult> {
  return (await http.get('/loans/{id}/history/verify', { path: { id: loanId } })).data;
}

export async function fetchHistoryAt(loanId: string, seq: number): Promise<HistoryAt> {
  return (await http.get('/loans/{id}/history/at/{seq}', { path: { id: loanId, seq } })).data;
}

export async function fetchDefinition(): Promise<MachineDefinition> {
  return (await http.get('/workflow/definition')).data;
}

/**
 * Sends one event. Failures come back as ApiError without a toast (`passErrors`): the page turns a
 * stale version, an illegal action and field errors into its own messages.
 */
export async function sendEvent(loanId: string, body: SendEventBody, idempotencyKey: string): Promise<WorkflowView> {
  const res = await http.post('/loans/{id}/events', body, {
    path: { id: loanId },
    passErrors: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return res.data;
}

export type LoanDocument = LoanDocumentDto;
export type BankOption = BankOptionDto;
export type ContractTemplateOption = ContractTemplateOptionDto;

/** The loan's documents (generated contracts, signed copies); refused quietly for those who may not see the loan. */
export async function fetchDocuments(loanId: string): Promise<LoanDocument[]> {
  return (await http.get('/loans/{id}/documents', { path: { id: loanId }, passErrors: true })).data ?? [];
}

export const documentFilePath = (documentId: string) => fillRoute('/documents/{id}/file', { id: documentId });

export async function fetchBankOptions(): Promise<BankOption[]> {
  return (await http.get('/banks/options')).data ?? [];
}

export async function fetchContractTemplates(bankId: string): Promise<ContractTemplateOption[]> {
  return (await http.get('/banks/{bankId}/contract-templates', { path: { bankId } })).data ?? [];
}

/** The signed copy of the generated contract, and the uploads LETTER_UPLOAD_SEALED and VOUCHER_UPLOAD require (pdf or docx). */
export const DOCUMENT_UPLOADS = {
  SIGNED_CONTRACT: '/loans/{id}/documents',
  SEALED_LETTER: '/loans/{id}/sealed-letter',
  DISBURSEMENT_VOUCHER: '/loans/{id}/disbursement-voucher',
} as const;

export async function uploadLoanDocument(loanId: string, kind: keyof typeof DOCUMENT_UPLOADS, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await http.post(DOCUMENT_UPLOADS[kind], form, { path: { id: loanId } });
}

/**
 * Uploads the file a step stands on to the path its legal action names (`document.upload`, under
 * /server): multipart field `file`. Errors come back to the dialog, which shows them beside the picker.
 * The path is the server's, already filled (not a route of the document): it goes through `raw`.
 */
export async function uploadEvidence(upload: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  const path = upload.startsWith(`${API_BASE}/`) ? upload.slice(API_BASE.length) : upload;
  const result = await http.raw('POST', path, { body: form, passErrors: true });
  if (result instanceof Blob) throw new ApiError(i18n.t('http.systemError'), 200, 'BINARY');
}
