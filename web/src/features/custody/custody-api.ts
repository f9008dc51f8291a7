/**
 * The custody calls: a loan's items with their certificates and values (`GET /server/loans/{id}/custody`),
 * the moves of a certificate (deposit, lend, return, cancel: each answers the certificate after it),
 * registration, revaluation, the vault inventory by cursor, a certificate's history, the borrowers a
 * keeper may lend to, and the exports. A refusal (400 with field errors, 409 out of order, 403) is shown by the form that sent it.
 */
import { ApiError, http, type RouteAnswer } from '@/api/http';
import type {
  CancelInputDto,
  CertificateInputDto,
  CustodySettingDto,
  CustodySettingInputDto,
  LendInputDto,
  MoveNoteDto,
  RevalueInputDto,
} from '@/api/schema.gen';

export type LoanCustody = RouteAnswer<'GET', '/loans/{loanId}/custody'>;
export type CustodyItem = LoanCustody['items'][number];
export type Certificate = CustodyItem['certificates'][number];
export type InventoryPage = RouteAnswer<'GET', '/custody/inventory'>;
export type InventoryRow = InventoryPage['list'][number];
export type Move = RouteAnswer<'GET', '/custody/moves'>['list'][number];
export type Borrower = RouteAnswer<'GET', '/custody/borrowers'>[number];
export type MoveName = 'deposit' | 'lend' | 'return' | 'cancel';

/** The loan's custody, or null (quietly) when the server refuses it (no custody_list key). */
export async function fetchLoanCustody(loanId: string): Promise<LoanCustody | null> {
  try {
    return (await http.get('/loans/{loanId}/custody', { path: { loanId }, passErrors: true })).data;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

export async function registerCertificate(loanId: string, body: CertificateInputDto): Promise<void> {
  await http.post('/loans/{loanId}/certificates', body, { path: { loanId }, passErrors: true });
}

export async function revalue(loanId: string, body: RevalueInputDto): Promise<void> {
  await http.post('/loans/{loanId}/revaluations', body, { path: { loanId }, passErrors: true });
}

export async function moveCertificate(id: string, move: MoveName, body: MoveNoteDto | LendInputDto | CancelInputDto): Promise<void> {
  const path = { path: { id }, passErrors: true } as const;
  if (move === 'deposit') await http.post('/custody/certificates/{id}/deposit', body as MoveNoteDto, path);
  else if (move === 'lend') await http.post('/custody/certificates/{id}/lend', body as LendInputDto, path);
  else if (move === 'return') await http.post('/custody/certificates/{id}/return', body as MoveNoteDto, path);
  else await http.post('/custody/certificates/{id}/cancel', body as CancelInputDto, path);
}

export interface InventoryParams {
  state: string;
  bank?: string;
  loanId?: string;
  sort: 'stateChangedAt' | 'returnDueOn' | 'number';
  order: 'ASC' | 'DESC';
  pageSize: number;
  cursor?: string;
}

export async function fetchInventory(params: InventoryParams): Promise<InventoryPage> {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return (await http.get('/custody/inventory', { params: query })).data;
}

export async function fetchMoves(certificateId: string): Promise<Move[]> {
  return (await http.get('/custody/moves', { params: { certificateId, pageSize: 200 } })).data.list;
}

export async function fetchBorrowers(): Promise<Borrower[]> {
  return (await http.get('/custody/borrowers')).data;
}

/** The revaluation intervals per kind and the loan-to-value threshold (anyone with custody_list reads, administrators change). */
export async function fetchCustodySettings(): Promise<CustodySettingDto> {
  return (await http.get('/custody/settings')).data;
}

export async function saveCustodySettings(body: CustodySettingInputDto): Promise<void> {
  await http.put('/custody/settings', body, { passErrors: true });
}
