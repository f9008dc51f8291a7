/**
 * The operations console's calls (`/server/operations/...`, administrators). The server declares no
 * answer schema for these routes (the generated client types them `null`), so their shapes are written
 * here once, from `server/src/operations/operations.service.ts`; the request bodies are the generated DTOs.
 * A move is the pipeline's own event: `POST /loans/{id}/events` with OPERATOR_MOVE {target, reason}.
 */
import type { Label, MoveTargetNode } from '@app/workflow';
import type { StateValue } from 'xstate';
import { http } from '@/api/http';
import type { BatchDto, LimitDto, RetryDto } from '@/api/schema.gen';

export type { MoveTargetNode };

export interface StuckRow {
  loanId: string;
  company: string;
  bank: string | null;
  stage: string;
  stageLabel: Label;
  state: StateValue;
  version: number;
  since: string;
  hoursStanding: number;
  limitHours: number;
  lastEvent: { type: string; label: Label | null; actorId: string; actorName: string | null; at: string } | null;
  canAct: { id: string; username: string; nickname: string | null }[];
  unmovable: boolean;
}
export interface StuckPage {
  list: StuckRow[];
  pageSize: number;
  nextCursor: string | null;
}
export interface StuckParams {
  stage?: string;
  pageSize: number;
  cursor?: string;
}

export interface LimitRow {
  stage: string;
  label: Label;
  defaultHours: number;
  hours: number;
  changedBy: string | null;
  changedAt: string | null;
}

export interface FailedWork {
  kind: 'OUTBOX' | 'JOB';
  id: string;
  name: string;
  loanId: string | null;
  at: string;
  attempts: number;
  error: string | null;
}

export type BatchStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'CANCELLED';
export interface Batch {
  id: string;
  action: string;
  reason: string;
  params: { target?: StateValue };
  selection: Record<string, unknown>;
  status: BatchStatus;
  total: number;
  applied: number;
  refused: number;
  skipped: number;
  cancelRequested: boolean;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
}
export type Outcome = 'APPLIED' | 'REFUSED' | 'SKIPPED' | 'PENDING';
export interface BatchItem {
  position: number;
  loanId: string;
  company: string;
  /** null until the item has run */
  outcome: Exclude<Outcome, 'PENDING'> | null;
  /** why, in both languages (refused, skipped); a retry's count of retried pieces when applied */
  message: { zh?: string; en?: string; code?: string; count?: number } | null;
  doneAt: string | null;
}

export interface TrailRow {
  id: string;
  at: string;
  actorId: string;
  actorName: string | null;
  action: string;
  loanId: string | null;
  batchId: string | null;
  reason: string;
  before: unknown;
  after: unknown;
  detail: unknown;
}
export interface TrailParams {
  action?: string;
  loanId?: string;
  pageSize: number;
  beforeId?: string;
}

const defined = (params: object) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
// the routes answer untyped (see above): each call names its shape once
const answer = <T>(data: unknown) => data as T;

export async function fetchMoveTargets(): Promise<MoveTargetNode[]> {
  return answer<MoveTargetNode[]>((await http.get('/operations/move-targets')).data);
}

export async function fetchStuck(params: StuckParams): Promise<StuckPage> {
  return answer<StuckPage>((await http.get('/operations/stuck', { params: defined(params) })).data);
}

export async function fetchLimits(): Promise<LimitRow[]> {
  return answer<LimitRow[]>((await http.get('/operations/limits')).data);
}

/** `hours: null` puts the stage back on its default (the generated LimitDto mistypes the nullable number). */
export async function putLimit(body: { stage: string; hours: number | null; reason: string }): Promise<LimitRow[]> {
  return answer<LimitRow[]>((await http.put('/operations/limits', body as unknown as LimitDto, { passErrors: true })).data);
}

export async function fetchFailedWork(): Promise<FailedWork[]> {
  return answer<FailedWork[]>((await http.get('/operations/failed-work')).data);
}

export async function retryWork(body: RetryDto): Promise<void> {
  await http.post('/operations/failed-work/retry', body, { passErrors: true });
}

export async function fetchBatches(): Promise<Batch[]> {
  return answer<Batch[]>((await http.get('/operations/batches')).data);
}

export async function fetchBatch(id: string): Promise<Batch> {
  return answer<Batch>((await http.get('/operations/batches/{id}', { path: { id } })).data);
}

export async function fetchBatchItems(id: string, outcome: Outcome | undefined, after: number): Promise<{ list: BatchItem[]; next: number | null }> {
  return answer((await http.get('/operations/batches/{id}/items', { path: { id }, params: defined({ outcome, after, pageSize: 100 }) })).data);
}

export async function createBatch(body: BatchDto): Promise<Batch> {
  return answer<Batch>((await http.post('/operations/batches', body, { passErrors: true })).data);
}

export async function cancelBatch(id: string, reason: string): Promise<Batch> {
  return answer<Batch>((await http.post('/operations/batches/{id}/cancel', { reason }, { path: { id }, passErrors: true })).data);
}

export async function fetchTrail(params: TrailParams): Promise<{ list: TrailRow[]; nextBeforeId: string | null }> {
  return answer((await http.get('/operations/trail', { params: defined(params) })).data);
}

/** OPERATOR_MOVE through the pipeline's event route (the loan's version guards against a stale page). */
export async function moveLoan(loanId: string, version: number, target: StateValue, reason: string, idempotencyKey: string): Promise<void> {
  await http.post(
    '/loans/{id}/events',
    { type: 'OPERATOR_MOVE', payload: { target, reason }, expectedVersion: version },
    { path: { id: loanId }, passErrors: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
