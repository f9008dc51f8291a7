/**
 * The loan node page's calls (spec issue 3, section 3: fixed paths and shapes). Types of the machine's
 * own data (snapshots, labels, the definition) come from @app/workflow, never copied here.
 */
import type { EventType, FieldError, Label, MachineDefinition, PersistedSnapshot, StatusLabels } from '@app/workflow';
import type { StateValue } from 'xstate';
import { http } from '@/api/http';

export interface ServerLegalAction {
  type: EventType;
  permission: string;
  /** The server sends {zh, en}; older answers may carry one string. */
  label: Label | string;
}

export interface WorkflowView {
  loanId: string;
  machineVersion: number;
  /** Optimistic-concurrency version: the number of events applied. */
  version: number;
  stage: string;
  state: StateValue;
  statusLabels: StatusLabels;
  legalActions: ServerLegalAction[];
  snapshot: PersistedSnapshot;
}

export interface LoanDetail {
  id: string;
  companyId: string;
  companyName: string;
  amount: number;
  termMonths: number;
  bank: string | null;
  loanType: string | null;
  aPostOfficerId: string | null;
  bPostOfficerId: string | null;
  createdAt: string;
}

export interface TimelineNodeView {
  stage: string;
  code: string | null;
  label: Label;
  status: Label & { key: string; enumeration?: string };
  entered: string | null;
  left: string | null;
  actor: string | null;
  actorName: string | null;
  leftBy: string | null;
  leftByName: string | null;
  leftWith: string | null;
}

export interface TimelineView {
  loanId: string;
  stage: string;
  nodes: TimelineNodeView[];
}

export interface HistoryEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown> | null;
  actor: { id: string; name: string | null };
  time: string;
  from: StateValue;
  to: StateValue;
  machineVersion: number;
  prevHash: string;
  hash: string;
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  firstBadSeq: number | null;
  reason: string | null;
}

export interface HistoryAt {
  loanId: string;
  seq: number;
  stage: string;
  state: StateValue;
  statusLabels: StatusLabels;
  context: Record<string, unknown>;
}

export interface SendEventBody {
  type: EventType;
  payload: Record<string, unknown>;
  expectedVersion: number;
}

/** What a refused event carries in `data` (400 A03005, 409 A03001, 409 A03002). */
export interface EventFailureData {
  fieldErrors?: FieldError[];
  legalActions?: ServerLegalAction[];
  version?: number;
}

export const EVENT_ERROR_CODES = {
  forbidden: '403',
  illegal: 'A03001',
  stale: 'A03002',
  payloadInvalid: 'A03005',
} as const;

const loanPath = (loanId: string) => `/loans/${encodeURIComponent(loanId)}`;

export async function fetchWorkflow(loanId: string): Promise<WorkflowView> {
  return (await http.get<WorkflowView>(`${loanPath(loanId)}/workflow`)).data;
}

/** Needs `sys:loan:detail` besides the page's `archives_detail`: the caller handles a refusal quietly. */
export async function fetchLoan(loanId: string): Promise<LoanDetail> {
  return (await http.get<LoanDetail>(loanPath(loanId), { passErrors: true })).data;
}

export async function fetchTimeline(loanId: string): Promise<TimelineView> {
  return (await http.get<TimelineView>(`${loanPath(loanId)}/timeline`)).data;
}

export async function fetchHistory(loanId: string): Promise<HistoryEvent[]> {
  return (await http.get<HistoryEvent[]>(`${loanPath(loanId)}/history`)).data ?? [];
}

export async function fetchVerify(loanId: string): Promise<VerifyResult> {
  return (await http.get<VerifyResult>(`${loanPath(loanId)}/history/verify`)).data;
}

export async function fetchHistoryAt(loanId: string, seq: number): Promise<HistoryAt> {
  return (await http.get<HistoryAt>(`${loanPath(loanId)}/history/at/${seq}`)).data;
}

export async function fetchDefinition(): Promise<MachineDefinition> {
  return (await http.get<MachineDefinition>('/workflow/definition')).data;
}

/**
 * Sends one event. Failures come back as ApiError without a toast (`passErrors`): the page turns a
 * stale version, an illegal action and field errors into its own messages.
 */
export async function sendEvent(loanId: string, body: SendEventBody, idempotencyKey: string): Promise<WorkflowView> {
  const res = await http.post<WorkflowView>(`${loanPath(loanId)}/events`, body, {
    passErrors: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return res.data;
}
