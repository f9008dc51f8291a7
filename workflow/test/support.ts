/** Small factories for the workflow tests (not a spec file: jest does not run it). */

import {
  applyEvent,
  compensationBalanceOf,
  GUARANTEE_ITEM_ID,
  pendingReleaseItems,
  type GuaranteeContext,
  createInitialSnapshot,
  eventsToStage,
  replay,
  type EventOf,
  type EventPayloads,
  type EventType,
  type GuaranteeEvent,
  type GuaranteeInput,
  type PersistedSnapshot,
  type PipelineActors,
  type StageKey,
} from '../src/index';

export const A_POST = 'a-post';
export const B_POST = 'b-post';
export const B_POST_2 = 'b-post-2';
export const CLERK = 'clerk';
export const APPROVER = 'approver';
export const LEADER = 'leader';
export const FINANCE = 'finance';
export const VOTERS = ['voter-1', 'voter-2', 'voter-3'] as const;
export const OUTSIDER = 'outsider';

export const actors: PipelineActors = {
  aPost: A_POST,
  bPost: B_POST,
  clerk: CLERK,
  approver: APPROVER,
  leader: LEADER,
  finance: FINANCE,
  voters: VOTERS,
};

export function testInput(overrides: Partial<GuaranteeInput> = {}): GuaranteeInput {
  return { loanId: 'loan-1', amount: 1000, termMonths: 12, aPostOfficerId: A_POST, bPostOfficerId: B_POST, ...overrides };
}

export const AT = '2024-03-01T08:00:00.000Z';

/** An event of `type` by `actorId` with its payload (time fixed unless given). */
export function ev<T extends EventType>(type: T, actorId: string, payload?: EventPayloads[T], at = AT): EventOf<T> {
  return { ...(payload ?? {}), type, actorId, at } as EventOf<T>;
}

/** Applies events that must all be accepted; fails the test with the refusal otherwise. */
export function applyAll(snapshot: PersistedSnapshot, events: readonly GuaranteeEvent[]): PersistedSnapshot {
  return events.reduce((current, event, index) => {
    const result = applyEvent(current, event);
    if (!result.accepted)
      throw new Error(`event ${index} ${event.type} by ${event.actorId} refused: ${result.reason.code} ${JSON.stringify(result.fieldErrors)}`);
    return result.snapshot;
  }, snapshot);
}

/** The refusal code for `event`, or 'ACCEPTED'. */
export function refusalCode(snapshot: PersistedSnapshot, event: GuaranteeEvent): string {
  const result = applyEvent(snapshot, event);
  return result.accepted ? 'ACCEPTED' : result.reason.code;
}

/** A snapshot that has just entered `stage` along the happy path. */
export function snapshotEntering(stage: Exclude<StageKey, 'discontinued'>, input = testInput()): PersistedSnapshot {
  return replay(input, eventsToStage(input, stage, actors));
}

export function initial(input = testInput()): PersistedSnapshot {
  return createInitialSnapshot(input);
}

export const MEETING = 'meeting-1';

/** Valid payloads to try for an event type, given where the loan stands (the graph walk, the properties). */
export function payloads(type: EventType, context: GuaranteeContext): Record<string, unknown>[] {
  const meetingId = context.meeting?.meetingId ?? MEETING;
  if (
    type.endsWith('_DISCONTINUE') ||
    type.endsWith('_RETURN') ||
    type === 'RETURN_MATERIALS' ||
    type === 'PRE_REVIEW_REJECT' ||
    type === 'REGULATORY_OVERRIDE' ||
    type === 'COMPENSATION_REFUSE'
  )
    return [{ reason: 'why' }];
  switch (type) {
    case 'SUBMIT_MATERIALS':
      return [{ completeDataTypes: ['CLIENT'] }];
    // the machine's own transition keeps the state (the engine places the loan at the target)
    case 'OPERATOR_MOVE':
      return [{ target: 'dataCollection', reason: 'why' }];
    case 'PRE_REVIEW_MODIFY_AMOUNT':
    case 'GENERAL_OFFICE_MODIFY_AMOUNT':
      return [{ amount: context.amount * 2 }];
    case 'GENERAL_OFFICE_ALLOCATE':
    case 'INSURANCE_REVIEW_ALLOCATE':
      return [{ meetingId: MEETING, attendees: [...VOTERS] }];
    case 'GENERAL_OFFICE_CAST_VOTE':
    case 'INSURANCE_REVIEW_CAST_VOTE':
      return ['AGREE', 'DISAGREE', 'ABSTAIN'].map((opinion) => ({ meetingId, opinion }));
    case 'GENERAL_OFFICE_UPDATE_RESOLUTION':
    case 'INSURANCE_REVIEW_UPDATE_RESOLUTION':
      return ['PASSED', 'FAIL'].map((result) => ({ meetingId, result }));
    case 'TRANSFER_DATA':
      return [{ toOfficerId: B_POST_2 }];
    case 'CONTRACT_GENERATE':
      return [{ bankId: 'bank-1', templateId: 'template-1' }];
    case 'PREMIUM_ADD':
    case 'PREMIUM_EDIT':
      return [{ amount: 10 }];
    case 'COUNTER_GUARANTEE_CONFIRM':
      return [{ collateral: [{ id: 'mortgage-1', kind: 'MORTGAGE' }] }];
    case 'LETTER_GENERATE':
      return [{ bankId: 'bank-1' }];
    case 'VISIT_SUBMIT_REPORT':
      return [{ kind: 'REPORT', classification: 'NORMAL' }];
    case 'RECORD_REPAYMENT': {
      // All of it, and half of it (in whole yuan, so the walk stays small).
      const half = Math.floor(context.outstandingPrincipal / 2);
      return half > 0 ? [{ amount: context.outstandingPrincipal }, { amount: half }] : [{ amount: context.outstandingPrincipal }];
    }
    case 'CONFIRM_RELEASE':
      return [...pendingReleaseItems(context), GUARANTEE_ITEM_ID].map((itemId) => ({ itemId }));
    case 'OVERDUE_NOTICE':
      return [{ noticedOn: '2026-06-10', overduePrincipalFen: 100, overdueInterestFen: 0 }];
    case 'EXTENSION_APPLY':
      return [{ newMaturityOn: '2030-01-01', reason: 'why' }];
    case 'COMPENSATION_APPLY':
      return [{ principalFen: 100, interestFen: 0, penaltyFen: 0, reason: 'why' }];
    case 'COMPENSATION_APPROVE':
      return [{ via: 'LEADER' }];
    case 'COMPENSATION_PAY':
      return [{ paidOn: '2026-07-01' }];
    case 'RECOVERY_STAGE':
      return [{ stage: 'FILED', on: '2026-07-02' }];
    case 'RECOVERY_RECORD': {
      // All of the balance, and half of it.
      const balance = compensationBalanceOf(context);
      return [balance, Math.floor(balance / 2)].filter((n) => n > 0).map((amountFen) => ({ amountFen, source: 'BORROWER', receivedOn: '2026-08-01' }));
    }
    case 'RECOVERY_CLOSE':
      return ['RECOVERED', 'WRITTEN_OFF'].map((outcome) => ({ outcome, reason: 'why' }));
    default:
      return type.includes('MEETING') || type.endsWith('CANCEL_ALLOCATION') ? [{ meetingId }] : [{}];
  }
}
