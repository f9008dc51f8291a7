/**
 * The events of the guarantee pipeline: their payloads (types) and a small runtime description of
 * each payload (for validation at the edge and for the web's forms).
 *
 * Naming: SCREAMING_SNAKE_CASE. A verb that occurs in several stages carries the stage as a prefix
 * (`PRE_REVIEW_DISCONTINUE`, `GENERAL_OFFICE_CAST_VOTE`), because every event type needs exactly one
 * permission code and the spec gives each stage's list its own codes.
 *
 * Every event carries `actorId` and `at` (ISO-8601 time): the machine never reads a clock.
 */

import { isValidAmount } from './money';
import { validateVoteRule, type VoteRule } from './votes';
import { REPAYMENT_METHODS, type RepaymentMethod } from './domain/repayment-plan';

/** The four data types of a loan (spec section 3). */
export const DATA_TYPES = ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** Data that must be complete before the A-post officer may submit the materials. */
export const DATA_REQUIRED_FOR_SUBMISSION: readonly DataType[] = ['CLIENT'];

export const VOTE_OPINIONS = ['AGREE', 'DISAGREE', 'ABSTAIN'] as const;
export type VoteOpinion = (typeof VOTE_OPINIONS)[number];

/** How a pending resolution may be settled by hand. */
export const RESOLUTION_RESULTS = ['PASSED', 'FAIL'] as const;
export type ResolutionResult = (typeof RESOLUTION_RESULTS)[number];

export const COLLATERAL_KINDS = ['MORTGAGE', 'PLEDGE', 'OTHER'] as const;
export type CollateralKind = (typeof COLLATERAL_KINDS)[number];
export interface CollateralItem {
  id: string;
  kind: CollateralKind;
}

/** After-guarantee review kinds of spec section 4: report review or material review. */
export const VISIT_REPORT_KINDS = ['REPORT', 'MATERIAL'] as const;
export type VisitReportKind = (typeof VISIT_REPORT_KINDS)[number];

/**
 * The five-level risk classification of a visit report (loan classification of the regulator), from
 * best to worst. The order matters: a later level is a downgrade.
 */
export const RISK_CLASSIFICATIONS = ['NORMAL', 'SPECIAL_MENTION', 'SUBSTANDARD', 'DOUBTFUL', 'LOSS'] as const;
export type RiskClassification = (typeof RISK_CLASSIFICATIONS)[number];

/** Levels at which a downgrade is told to the leaders (substandard or worse). */
export function isSevereClassification(value: RiskClassification): boolean {
  return RISK_CLASSIFICATIONS.indexOf(value) >= RISK_CLASSIFICATIONS.indexOf('SUBSTANDARD');
}

/**
 * VISIT_SUBMIT_REPORT: the review kind, and the round's risk classification with its reason. Both are
 * optional in the shape, because reports submitted before the classification existed are replayed as
 * they were; the server asks for the classification on every new report (and for a reason when it is
 * not NORMAL or differs from the previous round), and the guard refuses a reason-less non-NORMAL one.
 */
export interface VisitReportPayload {
  kind: VisitReportKind;
  classification?: RiskClassification;
  reason?: string;
}

/** How a compensation is decided: the leader's approval (below the administrator's threshold) or the review committee. */
export const COMPENSATION_ROUTES = ['LEADER', 'COMMITTEE'] as const;
export type CompensationRoute = (typeof COMPENSATION_ROUTES)[number];

/** The stages of a claim, in the order a case usually takes them (a case may skip or repeat one). */
export const RECOVERY_STAGES = ['PRE_LITIGATION', 'FILED', 'FIRST_INSTANCE', 'SECOND_INSTANCE_OR_RETRIAL', 'ENFORCEMENT'] as const;
export type RecoveryStage = (typeof RECOVERY_STAGES)[number];

/** Where a recovered amount came from. */
export const RECOVERY_SOURCES = ['BORROWER', 'COUNTER_GUARANTOR', 'COLLATERAL_DISPOSAL', 'OTHER'] as const;
export type RecoverySource = (typeof RECOVERY_SOURCES)[number];

/** How a recovery case ends: everything recovered, or the rest written off as a loss. */
export const RECOVERY_OUTCOMES = ['RECOVERED', 'WRITTEN_OFF'] as const;
export type RecoveryOutcome = (typeof RECOVERY_OUTCOMES)[number];

/** The release item that stands for the guarantee itself (collateral items use their own ids). */
export const GUARANTEE_ITEM_ID = 'GUARANTEE';

export type NoPayload = Record<never, never>;
export interface ReasonPayload {
  reason: string;
}
/** VOUCHER_CONFIRM: the day the bank lent (company calendar day, YYYY-MM-DD) and the amount actually lent. */
export interface VoucherConfirmPayload {
  disbursedOn: string;
  disbursedAmountFen: number;
}
/** REPAYMENT_PLAN_EDIT: the plan's new method (a rate in percent when it needs one) and why. */
export interface RepaymentPlanEditPayload {
  method: RepaymentMethod;
  annualRatePercent?: number;
  reason: string;
}
export interface MeetingRefPayload {
  meetingId: string;
}
export interface AllocationPayload {
  meetingId: string;
  attendees: string[];
  /** Omitted: the default rule of the meeting type (see `DEFAULT_VOTE_RULES`). */
  rule?: VoteRule;
}
export interface VotePayload {
  meetingId: string;
  opinion: VoteOpinion;
  comment?: string;
}
export interface ResolutionPayload {
  meetingId: string;
  result: ResolutionResult;
}
export interface AmountPayload {
  amount: number;
}
/** A premium entered by hand: the server requires the reason when the amount is not the computed one. */
export interface PremiumPayload extends AmountPayload {
  reason?: string;
}
/** OVERDUE_NOTICE: the bank's notice, its day and what it says is overdue (whole fen, zero allowed, not both). */
export interface OverdueNoticePayload {
  noticedOn: string;
  overduePrincipalFen: number;
  overdueInterestFen: number;
}
/** COMPENSATION_APPLY: what the bank claims, split as the regulator asks, and why. */
export interface CompensationApplyPayload {
  principalFen: number;
  interestFen: number;
  penaltyFen: number;
  reason: string;
}
/**
 * COMPENSATION_APPROVE: the leader's approval (below the administrator's threshold, checked by the
 * server). The review committee decides by voting on the compensation at one of its meetings (the
 * INSURANCE_REVIEW_* meeting events), never by this event.
 */
export interface CompensationApprovePayload {
  via: Extract<CompensationRoute, 'LEADER'>;
}
export interface RecoveryStagePayload {
  stage: RecoveryStage;
  on: string;
  note?: string;
}
export interface RecoveryRecordPayload {
  amountFen: number;
  source: RecoverySource;
  receivedOn: string;
}
export interface RecoveryClosePayload {
  outcome: RecoveryOutcome;
  reason: string;
}
export interface ExtensionApplyPayload {
  newMaturityOn: string;
  reason: string;
}
/** A state value as xstate writes it: a state's key, or `{ parent: child }`, every region of a parallel state named. */
export type OperatorMoveTarget = string | { [key: string]: OperatorMoveTarget };
/** OPERATOR_MOVE: where to, and why (kept in the history with the operator and the states before and after). */
export interface OperatorMovePayload {
  target: OperatorMoveTarget;
  reason: string;
}
export interface BPostAssignmentPayload {
  /** Sets (or replaces) the loan's B-post officer; needed when none was assigned at creation. */
  bPostOfficerId?: string;
}

/** Payload of each event type, beside `type`, `actorId` and `at`. */
export interface EventPayloads {
  // collection (ZLSJYWS)
  /** `completeDataTypes` is filled by the server from the loan's stored data, not by the client. */
  SUBMIT_MATERIALS: { completeDataTypes: DataType[] };
  RETURN_MATERIALS: ReasonPayload;
  CONFIRM_RECEIPT: NoPayload;
  SUBMIT_TO_PRE_REVIEW: NoPayload;
  COLLECTION_DISCONTINUE: ReasonPayload;
  // preReview (YSH)
  PRE_REVIEW_APPROVE: NoPayload;
  PRE_REVIEW_REJECT: ReasonPayload;
  PRE_REVIEW_RETURN: ReasonPayload;
  PRE_REVIEW_RESUBMIT: NoPayload;
  PRE_REVIEW_MODIFY_AMOUNT: AmountPayload;
  PRE_REVIEW_DISCONTINUE: ReasonPayload;
  SUBMIT_TO_GENERAL_OFFICE: NoPayload;
  // generalOffice (ZBH)
  GENERAL_OFFICE_ALLOCATE: AllocationPayload;
  GENERAL_OFFICE_CANCEL_ALLOCATION: MeetingRefPayload;
  GENERAL_OFFICE_MEETING_STARTED: MeetingRefPayload;
  GENERAL_OFFICE_MEETING_CANCELLED: MeetingRefPayload;
  GENERAL_OFFICE_CAST_VOTE: VotePayload;
  GENERAL_OFFICE_MEETING_ENDED: MeetingRefPayload;
  GENERAL_OFFICE_UPDATE_RESOLUTION: ResolutionPayload;
  GENERAL_OFFICE_RESUBMIT: NoPayload;
  GENERAL_OFFICE_MODIFY_AMOUNT: AmountPayload;
  GENERAL_OFFICE_DISCONTINUE: ReasonPayload;
  SUBMIT_TO_RISK_CONTROL: BPostAssignmentPayload;
  /** From generalOffice.passed (skipping risk control) or from riskControl.completed. */
  SUBMIT_TO_INSURANCE_REVIEW: BPostAssignmentPayload;
  // riskControl (B-post)
  CONFIRM_COMPLETE: NoPayload;
  REVOKE_CONFIRMATION: NoPayload;
  TRANSFER_DATA: { toOfficerId: string };
  RISK_CONTROL_DISCONTINUE: ReasonPayload;
  // insuranceReview (BSH)
  INSURANCE_REVIEW_ALLOCATE: AllocationPayload;
  INSURANCE_REVIEW_CANCEL_ALLOCATION: MeetingRefPayload;
  INSURANCE_REVIEW_MEETING_STARTED: MeetingRefPayload;
  INSURANCE_REVIEW_MEETING_CANCELLED: MeetingRefPayload;
  INSURANCE_REVIEW_CAST_VOTE: VotePayload;
  INSURANCE_REVIEW_MEETING_ENDED: MeetingRefPayload;
  INSURANCE_REVIEW_UPDATE_RESOLUTION: ResolutionPayload;
  INSURANCE_REVIEW_RESUBMIT: NoPayload;
  INSURANCE_REVIEW_DISCONTINUE: ReasonPayload;
  INITIATE_WITHDRAWAL: NoPayload;
  // withdrawal
  RECHECK_PASS: NoPayload;
  RECHECK_RETURN: ReasonPayload;
  LEADER_APPROVE: NoPayload;
  LEADER_RETURN: ReasonPayload;
  /** An administrator's override of the regulatory limits for this loan's approval, with why. */
  REGULATORY_OVERRIDE: ReasonPayload;
  WITHDRAWAL_DISCONTINUE: ReasonPayload;
  // duringGuarantee (DKHT): contract region
  /** Without `templateId`: the bank's whole contract set (one document per enabled contract template). */
  CONTRACT_GENERATE: { bankId: string; templateId?: string };
  CONTRACT_DELETE: NoPayload;
  CONTRACT_SUBMIT_REVIEW: NoPayload;
  CONTRACT_MUTUAL_REVIEW_PASS: NoPayload;
  CONTRACT_MUTUAL_REVIEW_RETURN: ReasonPayload;
  CONTRACT_REVIEW_PASS: NoPayload;
  CONTRACT_REVIEW_RETURN: ReasonPayload;
  CONTRACT_SEAL_CONFIRM: NoPayload;
  CONTRACT_SEAL_COMPLETE: NoPayload;
  CONTRACT_ARCHIVE_UPLOAD: NoPayload;
  CONTRACT_ARCHIVE_CONFIRM: NoPayload;
  // premium region
  PREMIUM_ADD: PremiumPayload;
  PREMIUM_EDIT: PremiumPayload;
  PREMIUM_SUBMIT: NoPayload;
  PREMIUM_REVOKE: NoPayload;
  PREMIUM_CONFIRM: NoPayload;
  // counterGuarantee region
  /** `collateral` is filled by the server from the loan's collateral register, not by the client. */
  COUNTER_GUARANTEE_CONFIRM: { collateral: CollateralItem[] };
  COUNTER_GUARANTEE_UPLOAD: NoPayload;
  // letter region
  LETTER_GENERATE: { bankId: string };
  LETTER_SUBMIT: NoPayload;
  LETTER_APPROVE: NoPayload;
  LETTER_RETURN: ReasonPayload;
  LETTER_SEAL_CONFIRM: NoPayload;
  LETTER_SEAL_COMPLETE: NoPayload;
  LETTER_UPLOAD_SEALED: NoPayload;
  DURING_GUARANTEE_DISCONTINUE: ReasonPayload;
  // disbursement (FKPZ)
  VOUCHER_UPLOAD: NoPayload;
  VOUCHER_CONFIRM: VoucherConfirmPayload;
  // afterGuarantee (BHBG)
  VISIT_SUBMIT_REPORT: VisitReportPayload;
  VISIT_APPROVE: NoPayload;
  VISIT_RETURN: ReasonPayload;
  /** `earlySettlement`: confirms an amount above the open instalment's due (an early settlement); the server asks for it. */
  RECORD_REPAYMENT: AmountPayload & { earlySettlement?: boolean };
  REPAYMENT_PLAN_EDIT: RepaymentPlanEditPayload;
  // afterGuarantee, when the loan goes bad (version 2)
  OVERDUE_NOTICE: OverdueNoticePayload;
  EXTENSION_APPLY: ExtensionApplyPayload;
  EXTENSION_APPROVE: NoPayload;
  EXTENSION_RETURN: ReasonPayload;
  COMPENSATION_APPLY: CompensationApplyPayload;
  // compensation (代偿)
  COMPENSATION_APPROVE: CompensationApprovePayload;
  COMPENSATION_REFUSE: ReasonPayload;
  COMPENSATION_PAY: { paidOn: string };
  // recovery (追偿)
  RECOVERY_STAGE: RecoveryStagePayload;
  RECOVERY_RECORD: RecoveryRecordPayload;
  RECOVERY_CLOSE: RecoveryClosePayload;
  RECOVERY_WRITE_OFF_APPROVE: NoPayload;
  RECOVERY_WRITE_OFF_RETURN: ReasonPayload;
  // release (DBDZYJC)
  /**
   * `receivedBy`: who takes the item's certificates out of the vault at release (version 2 of the
   * payload, optional: histories before it replay as they were; the server names the borrower when absent).
   */
  CONFIRM_RELEASE: { itemId: string; receivedBy?: string };
  // any state: an administrator's intervention (the operations console)
  /**
   * Moves the loan to `target`, a state the machine can stand in (operator-move.ts checks it against the
   * machine's own state tree; a parallel state is given whole, every region named), keeping its context.
   */
  OPERATOR_MOVE: OperatorMovePayload;
}

export type EventType = keyof EventPayloads;

/** What every event carries besides its payload. */
export interface EventEnvelope {
  actorId: string;
  /** ISO-8601 time at which the server accepted the request. */
  at: string;
}

export type GuaranteeEvent = {
  [T in EventType]: { type: T } & EventEnvelope & EventPayloads[T];
}[EventType];

export type EventOf<T extends EventType> = Extract<GuaranteeEvent, { type: T }>;

/**
 * Payload fields as data: what the server validates (400 before the machine is asked) and what the
 * web builds its forms from.
 */
export type PayloadFieldKind =
  | 'text' // non-empty string (reasons, comments)
  | 'id' // non-empty string naming something (meeting, bank, officer, item)
  | 'ids' // non-empty list of distinct ids
  | 'amount' // positive number with at most two decimals
  | 'enum' // one of `values`
  | 'enumList' // list of distinct values out of `values`
  | 'voteRule' // a VoteRule object
  | 'collateral' // list of {id, kind}
  | 'date' // a real calendar day, YYYY-MM-DD
  | 'fen' // positive whole number of fen (a safe integer)
  | 'fenOrZero' // whole number of fen, zero allowed (one part of a split amount)
  | 'flag' // true or false (an explicit confirmation, e.g. an early settlement)
  | 'stateValue'; // a state value (a key, or nested objects of keys); the engine checks it names a state of the machine

export interface PayloadField {
  name: string;
  kind: PayloadFieldKind;
  required: boolean;
  values?: readonly string[];
  /** A day that lies ahead (a new maturity); other days are today's or past ones. */
  future?: true;
}

const text = (name: string, required = true): PayloadField => ({ name, kind: 'text', required });
const id = (name: string, required = true): PayloadField => ({ name, kind: 'id', required });
const amount: PayloadField = { name: 'amount', kind: 'amount', required: true };
const reason = [text('reason')];
const meetingRef = [id('meetingId')];
const allocation: PayloadField[] = [id('meetingId'), { name: 'attendees', kind: 'ids', required: true }, { name: 'rule', kind: 'voteRule', required: false }];
const vote: PayloadField[] = [id('meetingId'), { name: 'opinion', kind: 'enum', required: true, values: VOTE_OPINIONS }, text('comment', false)];
const resolution: PayloadField[] = [id('meetingId'), { name: 'result', kind: 'enum', required: true, values: RESOLUTION_RESULTS }];
const bPostAssignment = [id('bPostOfficerId', false)];
const date = (name: string): PayloadField => ({ name, kind: 'date', required: true });
const fenOrZero = (name: string): PayloadField => ({ name, kind: 'fenOrZero', required: true });
const oneOf = (name: string, values: readonly string[]): PayloadField => ({ name, kind: 'enum', required: true, values });

export const EVENT_PAYLOAD_FIELDS: { readonly [T in EventType]: readonly PayloadField[] } = {
  SUBMIT_MATERIALS: [{ name: 'completeDataTypes', kind: 'enumList', required: true, values: DATA_TYPES }],
  RETURN_MATERIALS: reason,
  CONFIRM_RECEIPT: [],
  SUBMIT_TO_PRE_REVIEW: [],
  COLLECTION_DISCONTINUE: reason,
  PRE_REVIEW_APPROVE: [],
  PRE_REVIEW_REJECT: reason,
  PRE_REVIEW_RETURN: reason,
  PRE_REVIEW_RESUBMIT: [],
  PRE_REVIEW_MODIFY_AMOUNT: [amount],
  PRE_REVIEW_DISCONTINUE: reason,
  SUBMIT_TO_GENERAL_OFFICE: [],
  GENERAL_OFFICE_ALLOCATE: allocation,
  GENERAL_OFFICE_CANCEL_ALLOCATION: meetingRef,
  GENERAL_OFFICE_MEETING_STARTED: meetingRef,
  GENERAL_OFFICE_MEETING_CANCELLED: meetingRef,
  GENERAL_OFFICE_CAST_VOTE: vote,
  GENERAL_OFFICE_MEETING_ENDED: meetingRef,
  GENERAL_OFFICE_UPDATE_RESOLUTION: resolution,
  GENERAL_OFFICE_RESUBMIT: [],
  GENERAL_OFFICE_MODIFY_AMOUNT: [amount],
  GENERAL_OFFICE_DISCONTINUE: reason,
  SUBMIT_TO_RISK_CONTROL: bPostAssignment,
  SUBMIT_TO_INSURANCE_REVIEW: bPostAssignment,
  CONFIRM_COMPLETE: [],
  REVOKE_CONFIRMATION: [],
  TRANSFER_DATA: [id('toOfficerId')],
  RISK_CONTROL_DISCONTINUE: reason,
  INSURANCE_REVIEW_ALLOCATE: allocation,
  INSURANCE_REVIEW_CANCEL_ALLOCATION: meetingRef,
  INSURANCE_REVIEW_MEETING_STARTED: meetingRef,
  INSURANCE_REVIEW_MEETING_CANCELLED: meetingRef,
  INSURANCE_REVIEW_CAST_VOTE: vote,
  INSURANCE_REVIEW_MEETING_ENDED: meetingRef,
  INSURANCE_REVIEW_UPDATE_RESOLUTION: resolution,
  INSURANCE_REVIEW_RESUBMIT: [],
  INSURANCE_REVIEW_DISCONTINUE: reason,
  INITIATE_WITHDRAWAL: [],
  RECHECK_PASS: [],
  RECHECK_RETURN: reason,
  LEADER_APPROVE: [],
  LEADER_RETURN: reason,
  REGULATORY_OVERRIDE: reason,
  WITHDRAWAL_DISCONTINUE: reason,
  CONTRACT_GENERATE: [id('bankId'), id('templateId', false)],
  CONTRACT_DELETE: [],
  CONTRACT_SUBMIT_REVIEW: [],
  CONTRACT_MUTUAL_REVIEW_PASS: [],
  CONTRACT_MUTUAL_REVIEW_RETURN: reason,
  CONTRACT_REVIEW_PASS: [],
  CONTRACT_REVIEW_RETURN: reason,
  CONTRACT_SEAL_CONFIRM: [],
  CONTRACT_SEAL_COMPLETE: [],
  CONTRACT_ARCHIVE_UPLOAD: [],
  CONTRACT_ARCHIVE_CONFIRM: [],
  PREMIUM_ADD: [amount, text('reason', false)],
  PREMIUM_EDIT: [amount, text('reason', false)],
  PREMIUM_SUBMIT: [],
  PREMIUM_REVOKE: [],
  PREMIUM_CONFIRM: [],
  COUNTER_GUARANTEE_CONFIRM: [{ name: 'collateral', kind: 'collateral', required: true }],
  COUNTER_GUARANTEE_UPLOAD: [],
  LETTER_GENERATE: [id('bankId')],
  LETTER_SUBMIT: [],
  LETTER_APPROVE: [],
  LETTER_RETURN: reason,
  LETTER_SEAL_CONFIRM: [],
  LETTER_SEAL_COMPLETE: [],
  LETTER_UPLOAD_SEALED: [],
  DURING_GUARANTEE_DISCONTINUE: reason,
  VOUCHER_UPLOAD: [],
  VOUCHER_CONFIRM: [
    { name: 'disbursedOn', kind: 'date', required: true },
    { name: 'disbursedAmountFen', kind: 'fen', required: true },
  ],
  VISIT_SUBMIT_REPORT: [
    { name: 'kind', kind: 'enum', required: true, values: VISIT_REPORT_KINDS },
    { name: 'classification', kind: 'enum', required: false, values: RISK_CLASSIFICATIONS },
    text('reason', false),
  ],
  VISIT_APPROVE: [],
  VISIT_RETURN: reason,
  // the clerk's explicit confirmation when the amount is more than the open instalment's due (server-checked)
  RECORD_REPAYMENT: [amount, { name: 'earlySettlement', kind: 'flag', required: false }],
  REPAYMENT_PLAN_EDIT: [
    { name: 'method', kind: 'enum', required: true, values: REPAYMENT_METHODS },
    { name: 'annualRatePercent', kind: 'amount', required: false },
    text('reason'),
  ],
  OVERDUE_NOTICE: [date('noticedOn'), fenOrZero('overduePrincipalFen'), fenOrZero('overdueInterestFen')],
  EXTENSION_APPLY: [{ ...date('newMaturityOn'), future: true }, text('reason')],
  EXTENSION_APPROVE: [],
  EXTENSION_RETURN: reason,
  COMPENSATION_APPLY: [fenOrZero('principalFen'), fenOrZero('interestFen'), fenOrZero('penaltyFen'), text('reason')],
  COMPENSATION_APPROVE: [oneOf('via', ['LEADER'])],
  COMPENSATION_REFUSE: reason,
  COMPENSATION_PAY: [date('paidOn')],
  RECOVERY_STAGE: [oneOf('stage', RECOVERY_STAGES), date('on'), text('note', false)],
  RECOVERY_RECORD: [{ name: 'amountFen', kind: 'fen', required: true }, oneOf('source', RECOVERY_SOURCES), date('receivedOn')],
  RECOVERY_CLOSE: [oneOf('outcome', RECOVERY_OUTCOMES), text('reason')],
  RECOVERY_WRITE_OFF_APPROVE: [],
  RECOVERY_WRITE_OFF_RETURN: reason,
  CONFIRM_RELEASE: [id('itemId'), text('receivedBy', false)],
  OPERATOR_MOVE: [{ name: 'target', kind: 'stateValue', required: true }, text('reason')],
};

/** Every event type, in pipeline order. */
export const EVENT_TYPES = Object.keys(EVENT_PAYLOAD_FIELDS) as readonly EventType[];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENT_PAYLOAD_FIELDS, value);
}

export interface FieldError {
  field: string;
  message: string;
}

// ISO-8601 date-time with an explicit zone, as `Date.prototype.toISOString` writes it (offsets allowed).
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isIsoTime(value: unknown): value is string {
  return typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** A day that exists on the calendar (2026-02-30 does not). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

const STATE_KEY = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
/** A state value's shape only (keys of letters and digits, at most 6 levels); whether the machine has it is the engine's check. */
function isStateValueShape(value: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (typeof value === 'string') return STATE_KEY.test(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length > 0 && entries.length <= 16 && entries.every(([k, v]) => STATE_KEY.test(k) && isStateValueShape(v, depth + 1));
}

function fieldProblem(field: PayloadField, value: unknown): string | null {
  switch (field.kind) {
    case 'text':
    case 'id':
      return isText(value) ? null : 'must be a non-empty string';
    case 'ids':
      if (!Array.isArray(value) || value.length === 0 || !value.every(isText)) return 'must be a non-empty list of ids';
      return new Set(value).size === value.length ? null : 'must not repeat an id';
    case 'amount':
      return isValidAmount(value) ? null : 'must be a positive amount with at most two decimals';
    case 'enum':
      return field.values?.includes(value as string) ? null : `must be one of ${field.values?.join(', ')}`;
    case 'enumList':
      if (!Array.isArray(value) || !value.every((v) => field.values?.includes(v as string))) return `must be a list of ${field.values?.join(', ')}`;
      return new Set(value).size === value.length ? null : 'must not repeat a value';
    case 'voteRule': {
      const problems = validateVoteRule(value);
      return problems.length === 0 ? null : problems.join('; ');
    }
    case 'date':
      return isCalendarDay(value) ? null : 'must be a calendar date YYYY-MM-DD';
    case 'fen':
      return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? null : 'must be a positive whole number of fen';
    case 'fenOrZero':
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? null : 'must be a whole number of fen, zero or more';
    case 'flag':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'stateValue':
      return isStateValueShape(value) ? null : 'must be a state key, or an object of state keys';
    case 'collateral': {
      if (!Array.isArray(value)) return 'must be a list of {id, kind}';
      const ids = new Set<string>();
      for (const item of value as unknown[]) {
        const { id: itemId, kind, ...rest } = (item ?? {}) as Record<string, unknown>;
        if (!isText(itemId) || !COLLATERAL_KINDS.includes(kind as CollateralKind) || Object.keys(rest).length > 0)
          return `each item must be {id, kind} with kind one of ${COLLATERAL_KINDS.join(', ')}`;
        if (itemId === GUARANTEE_ITEM_ID) return `${GUARANTEE_ITEM_ID} is reserved for the guarantee itself`;
        if (ids.has(itemId)) return 'must not repeat an id';
        ids.add(itemId);
      }
      return null;
    }
  }
}

/**
 * Shape check of an event before the machine sees it: known type, actor, time, payload fields of the
 * right kind and nothing else (the history keeps events verbatim, so stray fields are refused).
 * Business rules (who may, in which state) are the machine's guards, not this.
 */
export function validateEvent(event: unknown): FieldError[] {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return [{ field: 'event', message: 'must be an object' }];
  const record = event as Record<string, unknown>;
  if (!isEventType(record.type)) return [{ field: 'type', message: 'is not a known event type' }];
  const errors: FieldError[] = [];
  if (!isText(record.actorId)) errors.push({ field: 'actorId', message: 'must be a non-empty string' });
  if (!isIsoTime(record.at)) errors.push({ field: 'at', message: 'must be an ISO-8601 time with a zone' });
  const fields = EVENT_PAYLOAD_FIELDS[record.type];
  for (const field of fields) {
    const value = record[field.name];
    if (value === undefined) {
      if (field.required) errors.push({ field: field.name, message: 'is required' });
      continue;
    }
    const problem = fieldProblem(field, value);
    if (problem) errors.push({ field: field.name, message: problem });
  }
  const allowed = new Set(['type', 'actorId', 'at', ...fields.map((f) => f.name)]);
  for (const key of Object.keys(record)) if (!allowed.has(key)) errors.push({ field: key, message: 'is not a field of this event' });
  return errors;
}

/** Builds the event object from the parts the server stores (type, payload, actor, time). */
export function eventFromRecord(record: { type: string; payload?: Record<string, unknown> | null; actorId: string; at: string }): GuaranteeEvent {
  return { ...(record.payload ?? {}), type: record.type, actorId: record.actorId, at: record.at } as GuaranteeEvent;
}

/** The payload part of an event (what the server stores beside type, actor and time). */
export function payloadOf(event: GuaranteeEvent): Record<string, unknown> {
  const { type: _type, actorId: _actorId, at: _at, ...payload } = event;
  return payload;
}
