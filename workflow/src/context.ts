/**
 * What a loan's workflow instance remembers between events: what the guards need to decide and what
 * lists and screens show without reading the history. Every value is plain JSON (no undefined, no
 * Date): the persisted snapshot is stored as JSONB and replayed byte for byte.
 */

import {
  GUARANTEE_ITEM_ID,
  type CollateralItem,
  type CompensationRoute,
  type EventType,
  type RecoveryOutcome,
  type RecoveryStage,
  type VisitReportKind,
} from './events';
import { isValidAmount } from './money';
import type { MeetingType, RecordedVote, VoteCounts, VoteResult, VoteRule } from './votes';

export const STAGE_KEYS = [
  'collection',
  'preReview',
  'generalOffice',
  'riskControl',
  'insuranceReview',
  'withdrawal',
  'duringGuarantee',
  'disbursement',
  'afterGuarantee',
  'compensation',
  'recovery',
  'release',
  'closed',
  'discontinued',
] as const;
export type StageKey = (typeof STAGE_KEYS)[number];

/**
 * The stages that hold a meeting with votes: the general office and the review committee decide a
 * loan; the review committee also decides a compensation (代偿) put on its meeting.
 */
export type MeetingStage = 'generalOffice' | 'insuranceReview' | 'compensation';

/** The parallel regions of duringGuarantee. */
export const REGIONS = ['contract', 'premium', 'counterGuarantee', 'letter'] as const;
export type Region = (typeof REGIONS)[number];

/** After-guarantee visits: rounds 1 to 6. */
export const MAX_VISIT_ROUND = 6;

/**
 * Steps whose maker is remembered so that someone else must check them (maker-checker), or so that
 * only the maker may take them back.
 */
export type MakerStep =
  | 'materials' // SUBMIT_MATERIALS, checked by CONFIRM_RECEIPT / RETURN_MATERIALS
  | 'preReview' // SUBMIT_TO_PRE_REVIEW / PRE_REVIEW_RESUBMIT, checked by the pre-review approver
  | 'riskControl' // CONFIRM_COMPLETE, revoked only by its maker
  | 'withdrawal' // INITIATE_WITHDRAWAL, checked by the B-post recheck and the leader
  | 'recheck' // RECHECK_PASS, checked by the leader
  | 'contract' // CONTRACT_SUBMIT_REVIEW, checked by mutual review and contract review
  | 'mutualReview' // CONTRACT_MUTUAL_REVIEW_PASS, not the same person as the contract review
  | 'contractArchive' // CONTRACT_ARCHIVE_UPLOAD, checked by CONTRACT_ARCHIVE_CONFIRM
  | 'premium' // PREMIUM_SUBMIT, checked by finance, revoked only by its maker
  | 'letter' // LETTER_SUBMIT, checked by the letter review
  | 'voucher' // VOUCHER_UPLOAD, checked by VOUCHER_CONFIRM
  | 'visitReport' // VISIT_SUBMIT_REPORT, checked by the leader
  | 'compensation' // COMPENSATION_APPLY, decided by someone else (leader or committee)
  | 'writeOff' // RECOVERY_CLOSE as written off, approved by someone else
  | 'extension'; // EXTENSION_APPLY, approved by someone else

export interface CurrentMeeting {
  meetingId: string;
  meetingType: MeetingType;
  attendees: string[];
  /** The rule in force for this meeting, copied at allocation. */
  rule: VoteRule;
  votes: Record<string, RecordedVote>;
  allocatedAt: string;
  startedAt: string | null;
}

export interface MeetingOutcome {
  stage: MeetingStage;
  meetingId: string;
  result: VoteResult;
  /** TALLY: MEETING_ENDED counted the votes; RESOLUTION: UPDATE_RESOLUTION settled a pending one. */
  decidedBy: 'TALLY' | 'RESOLUTION';
  counts: VoteCounts;
  at: string;
}

export interface ReturnNote {
  event: EventType;
  reason: string;
  actorId: string;
  at: string;
  /** The meeting whose vote refused (a compensation refused by the review committee); absent otherwise. */
  meetingId?: string;
}

export interface VisitReport {
  round: number;
  kind: VisitReportKind;
  submittedBy: string;
  at: string;
}

export interface Discontinuation {
  stage: StageKey;
  reason: string;
  actorId: string;
  at: string;
}

/** OVERDUE_NOTICE: the bank's own notice that the loan is overdue (the latest one). */
export interface OverdueNotice {
  noticedOn: string;
  overduePrincipalFen: number;
  overdueInterestFen: number;
  actorId: string;
  at: string;
}

/** Where the visits stood when compensation was applied for: a refusal returns the loan there. */
export type VisitResumePoint = 'awaitingVisitReport' | 'visitsCompleted';

/**
 * The loan's compensation (代偿) and the recovery (追偿) that follows it, from the application to the
 * close. Amounts in whole fen. Fees and seizures live in the server's tables, not here: the machine
 * needs only what its guards decide on.
 */
export interface CompensationCase {
  principalFen: number;
  interestFen: number;
  penaltyFen: number;
  reason: string;
  appliedBy: string;
  appliedAt: string;
  resumeVisitsAt: VisitResumePoint;
  /**
   * The decision: the leader's approval (COMPENSATION_APPROVE), or the review committee's vote (the
   * meeting it passed at; actorId and at of the event that ended the meeting or settled its resolution).
   */
  approval: { via: CompensationRoute; meetingId: string | null; actorId: string; at: string } | null;
  /** The day the company paid the bank (COMPENSATION_PAY); from then on the amount is a receivable. */
  paidOn: string | null;
  recoveredFen: number;
  /** The stage of the claim (RECOVERY_STAGE), null before the first. */
  recoveryStage: RecoveryStage | null;
  /** A write-off waiting for the leader's approval. */
  writeOff: { reason: string; requestedBy: string; at: string } | null;
  outcome: RecoveryOutcome | null;
  /** What was written off as a loss when the case closed (0 unless WRITTEN_OFF). */
  writtenOffFen: number;
}

/** An extension (展期) waiting for approval. */
export interface ExtensionRequest {
  newMaturityOn: string;
  reason: string;
  appliedBy: string;
  at: string;
}

export interface GuaranteeContext {
  loanId: string;
  /** Guaranteed loan amount (yuan, at most two decimals); may change in pre-review and general office. */
  amount: number;
  termMonths: number;
  aPostOfficerId: string;
  bPostOfficerId: string | null;
  submittedBy: Partial<Record<MakerStep, string>>;
  /** The most recent return (materials, pre-review, contract, letter, withdrawal, visit). */
  lastReturn: ReturnNote | null;
  /** The meeting the loan is allocated to in the current meeting stage; null outside one. */
  meeting: CurrentMeeting | null;
  meetingResults: MeetingOutcome[];
  contractBankId: string | null;
  contractTemplateId: string | null;
  /** Set when contract sealing completes; the letter may only be generated after. */
  contractSealed: boolean;
  premiumAmount: number | null;
  /** Pledged or mortgaged items confirmed with the counter-guarantee; each must be released. */
  collateral: CollateralItem[];
  letterBankId: string | null;
  completedRegions: Region[];
  disbursedAt: string | null;
  /** VOUCHER_CONFIRM's day the bank lent (YYYY-MM-DD) and the amount it lent, in fen. */
  disbursedOn: string | null;
  disbursedAmountFen: number | null;
  /** The after-guarantee visit round being worked on: 0 before disbursement, then 1 to 6. */
  visitRound: number;
  /** The report waiting for the leader, if any. */
  visitReport: VisitReport | null;
  /** Principal still owed: 0 until disbursement, then the amount less repayments. Never negative. */
  outstandingPrincipal: number;
  repaidTotal: number;
  releasedItems: string[];
  discontinued: Discontinuation | null;
  // Version 2 (the bad-loan path). Instances of version 1 have none of these until migrated.
  overdueNotice: OverdueNotice | null;
  compensation: CompensationCase | null;
  extension: ExtensionRequest | null;
  /** The maturity day set by the last approved extension; null: the plan's own. */
  extendedMaturityOn: string | null;
}

/** The context fields version 2 added, with the values of a loan that has not gone bad. */
export const BAD_LOAN_CONTEXT_DEFAULTS = {
  overdueNotice: null,
  compensation: null,
  extension: null,
  extendedMaturityOn: null,
} as const satisfies Pick<GuaranteeContext, 'overdueNotice' | 'compensation' | 'extension' | 'extendedMaturityOn'>;

/** What the server gives when a loan is created. */
export interface GuaranteeInput {
  loanId: string;
  amount: number;
  termMonths: number;
  aPostOfficerId: string;
  bPostOfficerId?: string | null;
}

/** Longest term accepted, in months (50 years). */
export const MAX_TERM_MONTHS = 600;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

/** Problems with a creation input (empty when usable). */
export function validateInput(input: GuaranteeInput): string[] {
  const problems: string[] = [];
  if (!isText(input.loanId)) problems.push('loanId must be a non-empty string');
  if (!isValidAmount(input.amount)) problems.push('amount must be positive with at most two decimals');
  if (!Number.isInteger(input.termMonths) || input.termMonths < 1 || input.termMonths > MAX_TERM_MONTHS)
    problems.push(`termMonths must be an integer from 1 to ${MAX_TERM_MONTHS}`);
  if (!isText(input.aPostOfficerId)) problems.push('aPostOfficerId must be a non-empty string');
  if (input.bPostOfficerId != null) {
    if (!isText(input.bPostOfficerId)) problems.push('bPostOfficerId must be a non-empty string when given');
    else if (input.bPostOfficerId === input.aPostOfficerId) problems.push('the B-post officer must not be the A-post officer');
  }
  return problems;
}

/** The context of a new instance of the current version. */
export function initialContext(input: GuaranteeInput): GuaranteeContext {
  return { ...initialContextV1(input), ...BAD_LOAN_CONTEXT_DEFAULTS };
}

/**
 * The context of a new instance of version 1, kept byte for byte so that version 1's histories replay
 * to the snapshots they stored (typed as the current context; version 1 never reads the fields it lacks).
 */
export function initialContextV1(input: GuaranteeInput): GuaranteeContext {
  return {
    loanId: input.loanId,
    amount: input.amount,
    termMonths: input.termMonths,
    aPostOfficerId: input.aPostOfficerId,
    bPostOfficerId: input.bPostOfficerId ?? null,
    submittedBy: {},
    lastReturn: null,
    meeting: null,
    meetingResults: [],
    contractBankId: null,
    contractTemplateId: null,
    contractSealed: false,
    premiumAmount: null,
    collateral: [],
    letterBankId: null,
    completedRegions: [],
    disbursedAt: null,
    disbursedOn: null,
    disbursedAmountFen: null,
    visitRound: 0,
    visitReport: null,
    outstandingPrincipal: 0,
    repaidTotal: 0,
    releasedItems: [],
    discontinued: null,
  } as Omit<GuaranteeContext, keyof typeof BAD_LOAN_CONTEXT_DEFAULTS> as GuaranteeContext;
}

/** Items still to release: the guarantee itself, then each collateral item, minus those released. */
export function pendingReleaseItems(context: GuaranteeContext): string[] {
  const all = [GUARANTEE_ITEM_ID, ...context.collateral.map((item) => item.id)];
  return all.filter((item) => !context.releasedItems.includes(item));
}
