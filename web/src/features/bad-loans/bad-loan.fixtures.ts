/**
 * Tests only: the demo loan of @app/workflow's bad-loan path (1,000,000 yuan; compensation 102,500.00
 * yuan: principal 100,000.00, interest 2,000.00, penalty 500.00; recoveries 30,750.00 and 10,250.00;
 * the rest, 61,500.00, written off), replayed through the real machine, with its workflow view and history.
 */
import {
  badLoanPathEvents,
  demoInput,
  MACHINE_VERSION,
  replaySteps,
  stageOf,
  type EventType,
  type GuaranteeEvent,
  type PersistedSnapshot,
} from '@app/workflow';
import type { HistoryEvent, WorkflowView } from '@/features/loan-node/loan-node-api';

export const BAD_LOAN_ID = '7a1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const input = demoInput({ loanId: BAD_LOAN_ID });
const events = badLoanPathEvents(input);
const steps = replaySteps(input, events);

/** The events up to and including the `nth` (1-based) of `type`. */
function upTo(type: EventType, nth = 1): number {
  let seen = 0;
  const at = events.findIndex((e) => e.type === type && ++seen === nth);
  if (at < 0) throw new Error(`no ${type} #${nth} on the bad-loan path`);
  return at;
}

export interface BadLoanAt {
  snapshot: PersistedSnapshot;
  view: WorkflowView;
  history: HistoryEvent[];
}

/** The loan right after the `nth` event of `type`. */
export function badLoanAfter(type: EventType, nth = 1): BadLoanAt {
  const at = upTo(type, nth);
  const snapshot = steps[at];
  const history = events.slice(0, at + 1).map((e: GuaranteeEvent, i) => {
    const { type: t, actorId, at: time, ...payload } = e as GuaranteeEvent & { actorId: string };
    return {
      seq: i + 1,
      type: t,
      payload,
      actor: { id: actorId, name: actorId === 'demo-clerk' ? '张会计' : actorId },
      time,
      from: i === 0 ? 'collection' : steps[i - 1].value,
      to: steps[i].value,
      machineVersion: MACHINE_VERSION,
      prevHash: '',
      hash: '',
    } satisfies HistoryEvent;
  });
  const view = {
    loanId: BAD_LOAN_ID,
    machineVersion: MACHINE_VERSION,
    version: at + 1,
    stage: stageOf(snapshot),
    state: snapshot.value,
    statusLabels: {},
    legalActions: [],
    snapshot,
  } as unknown as WorkflowView;
  return { snapshot, view, history };
}
