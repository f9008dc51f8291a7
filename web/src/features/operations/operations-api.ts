/**
 * The operations console's calls (`/server/operations/...`, administrators), typed by the generated
 * client (server/src/operations/operations.responses.ts). A move is the pipeline's own event:
 * `POST /loans/{id}/events` with OPERATOR_MOVE {target, reason}.
 */
import type { MoveTargetNode } from '@app/workflow';
import type { StateValue } from 'xstate';
import { http } from '@/api/http';
import type {
  BatchDto,
  BatchItemDto,
  BatchRowDto,
  FailedWorkDto,
  LimitDto,
  LimitRowDto,
  RetryDto,
  StuckPageDto,
  StuckRowDto,
  TrailPageDto,
  TrailRowDto,
} from '@/api/schema.gen';

export type { MoveTargetNode };
export type StuckRow = StuckRowDto;
export type StuckPage = StuckPageDto;
export type LimitRow = LimitRowDto;
export type FailedWork = FailedWorkDto;
export type TrailRow = TrailRowDto;
export type BatchStatus = BatchRowDto['status'];
/** A batch; a move's target is a state value (the schema says only "an object"). */
export type Batch = Omit<BatchRowDto, 'params'> & { params: { target?: StateValue } };
export type Outcome = NonNullable<BatchItemDto['outcome']> | 'PENDING';
/** A batch item; its message is why, in both languages (refused, skipped), or a retry's count of retried pieces (applied). */
export type BatchItem = Omit<BatchItemDto, 'message'> & { message: { zh?: string; en?: string; code?: string; count?: number } | null };

export interface StuckParams {
  stage?: string;
  pageSize: number;
  cursor?: string;
}

export interface TrailParams {
  action?: string;
  loanId?: string;
  pageSize: number;
  beforeId?: string;
}

const defined = (params: object) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
// a batch's params and an item's message are JSON the schema leaves open: their shapes above
const batch = (row: BatchRowDto) => row as Batch;

export async function fetchMoveTargets(): Promise<MoveTargetNode[]> {
  return (await http.get('/operations/move-targets')).data;
}

export async function fetchStuck(params: StuckParams): Promise<StuckPage> {
  return (await http.get('/operations/stuck', { params: defined(params) })).data;
}

export async function fetchLimits(): Promise<LimitRow[]> {
  return (await http.get('/operations/limits')).data;
}

/** `hours: null` puts the stage back on its default (the generated LimitDto mistypes the nullable number). */
export async function putLimit(body: { stage: string; hours: number | null; reason: string }): Promise<LimitRow[]> {
  return (await http.put('/operations/limits', body as unknown as LimitDto, { passErrors: true })).data;
}

export async function fetchFailedWork(): Promise<FailedWork[]> {
  return (await http.get('/operations/failed-work')).data;
}

export async function retryWork(body: RetryDto): Promise<void> {
  await http.post('/operations/failed-work/retry', body, { passErrors: true });
}

export async function fetchBatches(): Promise<Batch[]> {
  return (await http.get('/operations/batches')).data.map(batch);
}

export async function fetchBatch(id: string): Promise<Batch> {
  return batch((await http.get('/operations/batches/{id}', { path: { id } })).data);
}

export async function fetchBatchItems(id: string, outcome: Outcome | undefined, after: number): Promise<{ list: BatchItem[]; next: number | null }> {
  const page = (await http.get('/operations/batches/{id}/items', { path: { id }, params: defined({ outcome, after, pageSize: 100 }) })).data;
  return { list: page.list as BatchItem[], next: page.next };
}

export async function createBatch(body: BatchDto): Promise<Batch> {
  return batch((await http.post('/operations/batches', body, { passErrors: true })).data);
}

export async function cancelBatch(id: string, reason: string): Promise<Batch> {
  return batch((await http.post('/operations/batches/{id}/cancel', { reason }, { path: { id }, passErrors: true })).data);
}

export async function fetchTrail(params: TrailParams): Promise<TrailPageDto> {
  return (await http.get('/operations/trail', { params: defined(params) })).data;
}

/** OPERATOR_MOVE through the pipeline's event route (the loan's version guards against a stale page). */
export async function moveLoan(loanId: string, version: number, target: StateValue, reason: string, idempotencyKey: string): Promise<void> {
  await http.post(
    '/loans/{id}/events',
    { type: 'OPERATOR_MOVE', payload: { target, reason }, expectedVersion: version },
    { path: { id: loanId }, passErrors: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
