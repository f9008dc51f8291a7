/**
 * What a given user may do now: the events the machine would accept from this user in this state,
 * among those the user holds the permission for. The server's API and the web's buttons both use it,
 * so they cannot disagree.
 */

import { getNextTransitions } from 'xstate';
import { pendingReleaseItems, type GuaranteeContext } from './context';
import { compensationBalanceOf } from './guards';
import { DATA_TYPES, EVENT_TYPES, GUARANTEE_ITEM_ID, type EventType, type GuaranteeEvent } from './events';
import { EVENT_LABELS, type Label } from './labels';
import { toFen } from './money';
import { guaranteeMachine, type GuaranteeMachine, type GuaranteeSnapshot } from './machine';
import { EVENT_PERMISSIONS } from './permissions-map';
import { holdsPermission } from './permission-check';
import type { ActionKey } from './permissions';
import type { PersistedSnapshot } from './engine';

export interface Actor {
  id: string;
  roles: readonly string[];
  authorityList: readonly string[];
}

export interface LegalAction {
  type: EventType;
  permission: ActionKey;
  label: Label;
}

/** Stands in for a value the user will type (a reason, a bank): any valid value will do here. */
export const PLACEHOLDER = '(to be given)';
const EPOCH = '1970-01-01T00:00:00.000Z';
/** A day after any real one (a new maturity, a day money came back). */
const FAR_DAY = '9999-12-31';

/**
 * An event of `type` from `actorId` with a payload that passes every payload check, so that asking
 * the machine about it tests only the state and the actor. Payloads that depend on the loan (the
 * meeting id, the outstanding principal, an item still to release) come from the context.
 */
export function representativeEvent(type: EventType, context: GuaranteeContext, actorId: string, at = EPOCH): GuaranteeEvent {
  const base = { actorId, at };
  const meetingId = context.meeting?.meetingId ?? PLACEHOLDER;
  const payload: Record<string, unknown> = (() => {
    switch (type) {
      case 'SUBMIT_MATERIALS':
        return { completeDataTypes: [...DATA_TYPES] };
      case 'RETURN_MATERIALS':
      case 'COLLECTION_DISCONTINUE':
      case 'PRE_REVIEW_REJECT':
      case 'PRE_REVIEW_RETURN':
      case 'PRE_REVIEW_DISCONTINUE':
      case 'GENERAL_OFFICE_DISCONTINUE':
      case 'RISK_CONTROL_DISCONTINUE':
      case 'INSURANCE_REVIEW_DISCONTINUE':
      case 'RECHECK_RETURN':
      case 'LEADER_RETURN':
      case 'REGULATORY_OVERRIDE':
      case 'WITHDRAWAL_DISCONTINUE':
      case 'CONTRACT_MUTUAL_REVIEW_RETURN':
      case 'CONTRACT_REVIEW_RETURN':
      case 'LETTER_RETURN':
      case 'DURING_GUARANTEE_DISCONTINUE':
      case 'VISIT_RETURN':
      case 'EXTENSION_RETURN':
      case 'COMPENSATION_REFUSE':
      case 'RECOVERY_WRITE_OFF_RETURN':
        return { reason: PLACEHOLDER };
      case 'OVERDUE_NOTICE':
        return { noticedOn: context.disbursedOn ?? EPOCH.slice(0, 10), overduePrincipalFen: 1, overdueInterestFen: 0 };
      case 'EXTENSION_APPLY':
        return { newMaturityOn: FAR_DAY, reason: PLACEHOLDER };
      case 'COMPENSATION_APPLY':
        return { principalFen: 0, interestFen: 1, penaltyFen: 0, reason: PLACEHOLDER };
      case 'COMPENSATION_APPROVE':
        return { via: 'LEADER' };
      case 'COMPENSATION_PAY':
        return { paidOn: context.disbursedOn ?? EPOCH.slice(0, 10) };
      case 'RECOVERY_STAGE':
        return { stage: 'PRE_LITIGATION', on: context.compensation?.paidOn ?? EPOCH.slice(0, 10) };
      case 'RECOVERY_RECORD':
        return { amountFen: 1, source: 'BORROWER', receivedOn: FAR_DAY };
      case 'RECOVERY_CLOSE':
        // the close the case allows: recovered when nothing is left, else a write-off
        return { outcome: compensationBalanceOf(context) > 0 ? 'WRITTEN_OFF' : 'RECOVERED', reason: PLACEHOLDER };
      case 'PRE_REVIEW_MODIFY_AMOUNT':
      case 'GENERAL_OFFICE_MODIFY_AMOUNT':
        return { amount: context.amount + 1 };
      case 'GENERAL_OFFICE_ALLOCATE':
      case 'INSURANCE_REVIEW_ALLOCATE':
        return { meetingId: PLACEHOLDER, attendees: [actorId] };
      case 'GENERAL_OFFICE_CANCEL_ALLOCATION':
      case 'GENERAL_OFFICE_MEETING_STARTED':
      case 'GENERAL_OFFICE_MEETING_CANCELLED':
      case 'GENERAL_OFFICE_MEETING_ENDED':
      case 'INSURANCE_REVIEW_CANCEL_ALLOCATION':
      case 'INSURANCE_REVIEW_MEETING_STARTED':
      case 'INSURANCE_REVIEW_MEETING_CANCELLED':
      case 'INSURANCE_REVIEW_MEETING_ENDED':
        return { meetingId };
      case 'GENERAL_OFFICE_CAST_VOTE':
      case 'INSURANCE_REVIEW_CAST_VOTE':
        return { meetingId, opinion: 'AGREE' };
      case 'GENERAL_OFFICE_UPDATE_RESOLUTION':
      case 'INSURANCE_REVIEW_UPDATE_RESOLUTION':
        return { meetingId, result: 'PASSED' };
      case 'SUBMIT_TO_RISK_CONTROL':
      case 'SUBMIT_TO_INSURANCE_REVIEW':
        return context.bPostOfficerId === null ? { bPostOfficerId: PLACEHOLDER } : {};
      case 'TRANSFER_DATA':
        return { toOfficerId: PLACEHOLDER };
      case 'CONTRACT_GENERATE':
        // the whole contract set of the bank (templateId optional)
        return { bankId: PLACEHOLDER };
      case 'PREMIUM_ADD':
      case 'PREMIUM_EDIT':
        return { amount: 1 };
      case 'COUNTER_GUARANTEE_CONFIRM':
        return { collateral: [] };
      case 'LETTER_GENERATE':
        return { bankId: PLACEHOLDER };
      case 'VISIT_SUBMIT_REPORT':
        return { kind: 'REPORT', classification: 'NORMAL' };
      case 'RECORD_REPAYMENT':
        return { amount: context.outstandingPrincipal };
      case 'REPAYMENT_PLAN_EDIT':
        return { method: 'BULLET', reason: PLACEHOLDER };
      case 'CONFIRM_RELEASE':
        return { itemId: pendingReleaseItems(context)[0] ?? GUARANTEE_ITEM_ID };
      case 'CONFIRM_RECEIPT':
      case 'SUBMIT_TO_PRE_REVIEW':
      case 'PRE_REVIEW_APPROVE':
      case 'PRE_REVIEW_RESUBMIT':
      case 'SUBMIT_TO_GENERAL_OFFICE':
      case 'GENERAL_OFFICE_RESUBMIT':
      case 'CONFIRM_COMPLETE':
      case 'REVOKE_CONFIRMATION':
      case 'INSURANCE_REVIEW_RESUBMIT':
      case 'INITIATE_WITHDRAWAL':
      case 'RECHECK_PASS':
      case 'LEADER_APPROVE':
      case 'CONTRACT_DELETE':
      case 'CONTRACT_SUBMIT_REVIEW':
      case 'CONTRACT_MUTUAL_REVIEW_PASS':
      case 'CONTRACT_REVIEW_PASS':
      case 'CONTRACT_SEAL_CONFIRM':
      case 'CONTRACT_SEAL_COMPLETE':
      case 'CONTRACT_ARCHIVE_UPLOAD':
      case 'CONTRACT_ARCHIVE_CONFIRM':
      case 'PREMIUM_SUBMIT':
      case 'PREMIUM_REVOKE':
      case 'PREMIUM_CONFIRM':
      case 'COUNTER_GUARANTEE_UPLOAD':
      case 'LETTER_SUBMIT':
      case 'LETTER_APPROVE':
      case 'LETTER_SEAL_CONFIRM':
      case 'LETTER_SEAL_COMPLETE':
      case 'LETTER_UPLOAD_SEALED':
      case 'VOUCHER_UPLOAD':
      case 'VISIT_APPROVE':
      case 'EXTENSION_APPROVE':
      case 'RECOVERY_WRITE_OFF_APPROVE':
        return {};
      case 'OPERATOR_MOVE':
        // never offered as a step (see legalActions); a well-formed one for whoever asks
        return { target: { release: 'unresolved' }, reason: PLACEHOLDER };
      case 'VOUCHER_CONFIRM':
        // the event's own day; the whole guaranteed amount lent
        return { disbursedOn: at.slice(0, 10), disbursedAmountFen: toFen(context.amount) };
    }
  })();
  return { ...payload, type, ...base } as GuaranteeEvent;
}

function toLive(snapshot: GuaranteeSnapshot | PersistedSnapshot, machine: GuaranteeMachine): GuaranteeSnapshot {
  if (typeof (snapshot as GuaranteeSnapshot).can === 'function') return snapshot as GuaranteeSnapshot;
  const persisted = snapshot as PersistedSnapshot;
  return machine.resolveState({ value: persisted.value, context: persisted.context, status: persisted.status }) as GuaranteeSnapshot;
}

/**
 * The actions `actor` may take now, in pipeline order. An action appears when the actor holds its
 * permission and the machine would accept it from this actor (state, maker-checker, attendance...).
 * Actions that need input (a reason, an amount) appear too; their payload is checked when sent.
 */
export function legalActions(snapshot: GuaranteeSnapshot | PersistedSnapshot, actor: Actor, machine: GuaranteeMachine = guaranteeMachine): LegalAction[] {
  const live = toLive(snapshot, machine);
  if (live.status !== 'active') return [];
  // Only ask about events that have a transition from here at all.
  const possible = new Set(getNextTransitions(live).map((t) => t.eventType));
  return EVENT_TYPES.filter(
    (type) =>
      // an operator's move is an intervention of the operations console, never a step of the pipeline
      type !== 'OPERATOR_MOVE' &&
      possible.has(type) &&
      holdsPermission(actor, EVENT_PERMISSIONS[type]) &&
      live.can(representativeEvent(type, live.context, actor.id)),
  ).map((type) => ({ type, permission: EVENT_PERMISSIONS[type], label: { ...EVENT_LABELS[type] } }));
}

/**
 * The actors among `actors` for whom `legalActions` would offer something now: the same test, with the
 * snapshot resolved once for them all rather than once per actor (the stuck-loan list asks it for every
 * account on every row of its page).
 */
export function actorsWhoCanAct<A extends Actor>(
  snapshot: GuaranteeSnapshot | PersistedSnapshot,
  actors: readonly A[],
  machine: GuaranteeMachine = guaranteeMachine,
  /** whether `actor` holds the permission of `type`, when the caller has it worked out already (else holdsPermission) */
  holds: (actor: A, type: EventType) => boolean = (actor, type) => holdsPermission(actor, EVENT_PERMISSIONS[type]),
): A[] {
  if (!actors.length) return [];
  const live = toLive(snapshot, machine);
  if (live.status !== 'active') return [];
  const possible = new Set(getNextTransitions(live).map((t) => t.eventType));
  const offered = EVENT_TYPES.filter((type) => type !== 'OPERATOR_MOVE' && possible.has(type));
  return actors.filter((actor) => offered.some((type) => holds(actor, type) && live.can(representativeEvent(type, live.context, actor.id))));
}

/**
 * Every leaf state of the machine (as a path, `preReview.awaitingApproval`) with the events offered
 * there: its own transitions and its ancestors', OPERATOR_MOVE aside (it is offered everywhere, and
 * is not a step of the pipeline). A final leaf offers none.
 */
export function offeredEventsByLeaf(machine: GuaranteeMachine = guaranteeMachine): Map<string, EventType[]> {
  const known = new Set<string>(EVENT_TYPES);
  const out = new Map<string, EventType[]>();
  type Node = { path: string[]; type: string; states: Record<string, Node>; on: Record<string, unknown> };
  const walk = (node: Node, inherited: Set<string>) => {
    const here = new Set(inherited);
    for (const type of Object.keys(node.on ?? {})) if (known.has(type) && type !== 'OPERATOR_MOVE') here.add(type);
    const children = Object.values(node.states ?? {});
    if (!children.length) {
      if (node.path.length) out.set(node.path.join('.'), node.type === 'final' ? [] : EVENT_TYPES.filter((t) => here.has(t)));
      return;
    }
    for (const child of children) walk(child, here);
  };
  walk(machine.root as unknown as Node, new Set());
  return out;
}
