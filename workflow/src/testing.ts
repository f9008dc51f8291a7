/**
 * Event sequences that drive a loan through the real machine: for tests, and for the server's demo
 * data (loans standing in every stage, each reached by real events).
 *
 * The sequences respect every guard, so they need distinct people for the maker-checker steps. Who
 * does what (and so which permission codes each demo user needs: see `permissionsUsedBy`):
 *
 * | actor      | does                                                                            |
 * |------------|---------------------------------------------------------------------------------|
 * | aPost      | the loan's A-post officer: submits materials, pre-review, withdrawal, contract, |
 * |            | premium, letter and voucher                                                     |
 * | bPost      | the loan's B-post officer: risk control, recheck, contract mutual review,       |
 * |            | counter-guarantee, visit reports                                                |
 * | clerk      | receives materials, moves the loan between lists, runs meetings, seals, releases|
 * | approver   | pre-review approval, contract review, letter review, archive confirmation       |
 * | leader     | withdrawal leader review, visit report approval                                 |
 * | finance    | premium and disbursement confirmation, repayments                               |
 * | voters     | attendees of both meetings; all vote AGREE                                      |
 */

import type { GuaranteeInput, StageKey } from './context';
import { DATA_TYPES, GUARANTEE_ITEM_ID, type EventOf, type EventType, type GuaranteeEvent } from './events';
import { replaySteps } from './engine';
import { fromFen, toFen } from './money';
import { stageOfValue } from './paths';
import { EVENT_PERMISSIONS } from './permissions-map';

export interface PipelineActors {
  aPost: string;
  bPost: string;
  clerk: string;
  approver: string;
  leader: string;
  finance: string;
  voters: readonly string[];
}

/** The user ids the demo sequences expect (create users with these ids, or pass your own). */
export const demoActors: PipelineActors = {
  aPost: 'demo-a-post',
  bPost: 'demo-b-post',
  clerk: 'demo-clerk',
  approver: 'demo-approver',
  leader: 'demo-leader',
  finance: 'demo-finance',
  voters: ['demo-voter-1', 'demo-voter-2', 'demo-voter-3'],
};

/** A creation input for `demoActors` (override what you need). */
export function demoInput(overrides: Partial<GuaranteeInput> = {}): GuaranteeInput {
  return {
    loanId: 'demo-loan',
    amount: 1_000_000,
    termMonths: 12,
    aPostOfficerId: demoActors.aPost,
    bPostOfficerId: demoActors.bPost,
    ...overrides,
  };
}

export interface PathOptions {
  /** Time of the first event (ISO); each next event is `stepMinutes` later. */
  startAt?: string;
  stepMinutes?: number;
  /** After-guarantee visit rounds done before the loan is repaid (0 to 6). */
  visitRounds?: number;
  /** Repayment installments (at least 1). */
  installments?: number;
}

const DEFAULT_START = '2024-01-01T01:00:00.000Z';

type Draft = { [T in EventType]: Omit<EventOf<T>, 'at'> }[EventType];

/**
 * The events that take a loan from collection to closed, passing through every stage: each meeting
 * passes, each check is done by someone other than its maker, the counter-guarantee pledges one
 * mortgage, the loan is repaid in `installments` and released.
 */
export function happyPathEvents(input: GuaranteeInput, actors: PipelineActors = demoActors, options: PathOptions = {}): GuaranteeEvent[] {
  if (input.aPostOfficerId !== actors.aPost) throw new Error('actors.aPost must be the input aPostOfficerId');
  if (input.bPostOfficerId != null && input.bPostOfficerId !== actors.bPost)
    throw new Error('actors.bPost must be the input bPostOfficerId when the input names one');
  if (actors.voters.length === 0) throw new Error('at least one voter is needed');
  const { aPost, bPost, clerk, approver, leader, finance } = actors;
  const voters = [...actors.voters];
  const visitRounds = Math.min(Math.max(options.visitRounds ?? 2, 0), 6);
  const installments = Math.max(Math.floor(options.installments ?? 2), 1);
  const mortgageId = `${input.loanId}-mortgage-1`;

  const meeting = (prefix: 'GENERAL_OFFICE' | 'INSURANCE_REVIEW', meetingId: string): Draft[] => [
    { type: `${prefix}_ALLOCATE`, actorId: clerk, meetingId, attendees: voters },
    { type: `${prefix}_MEETING_STARTED`, actorId: clerk, meetingId },
    ...voters.map((voter): Draft => ({ type: `${prefix}_CAST_VOTE`, actorId: voter, meetingId, opinion: 'AGREE' })),
    { type: `${prefix}_MEETING_ENDED`, actorId: clerk, meetingId },
  ];

  // Installments in whole fen; the last one takes the remainder so that the sum is exact.
  // (no more installments than fen: a loan of a few fen would otherwise repay 0, which the machine refuses)
  const totalFen = toFen(input.amount);
  const count = Math.min(installments, Math.max(totalFen, 1));
  const installmentFen = Math.floor(totalFen / count);
  const repayments: Draft[] = Array.from({ length: count }, (_, i) => ({
    type: 'RECORD_REPAYMENT',
    actorId: finance,
    amount: fromFen(i === count - 1 ? totalFen - installmentFen * (count - 1) : installmentFen),
    // these few repayments each cover several months of the server's monthly plan: early settlements
    earlySettlement: true,
  }));
  const premium = fromFen(Math.max(1, Math.round(totalFen / 100)));

  const drafts: Draft[] = [
    { type: 'SUBMIT_MATERIALS', actorId: aPost, completeDataTypes: [...DATA_TYPES] },
    { type: 'CONFIRM_RECEIPT', actorId: clerk },
    { type: 'SUBMIT_TO_PRE_REVIEW', actorId: aPost },
    { type: 'PRE_REVIEW_APPROVE', actorId: approver },
    { type: 'SUBMIT_TO_GENERAL_OFFICE', actorId: clerk },
    ...meeting('GENERAL_OFFICE', `${input.loanId}-zb-1`),
    input.bPostOfficerId == null
      ? { type: 'SUBMIT_TO_RISK_CONTROL', actorId: clerk, bPostOfficerId: bPost }
      : { type: 'SUBMIT_TO_RISK_CONTROL', actorId: clerk },
    { type: 'CONFIRM_COMPLETE', actorId: bPost },
    { type: 'SUBMIT_TO_INSURANCE_REVIEW', actorId: clerk },
    ...meeting('INSURANCE_REVIEW', `${input.loanId}-bs-1`),
    { type: 'INITIATE_WITHDRAWAL', actorId: aPost },
    { type: 'RECHECK_PASS', actorId: bPost },
    { type: 'LEADER_APPROVE', actorId: leader },
    { type: 'CONTRACT_GENERATE', actorId: aPost, bankId: 'demo-bank', templateId: 'demo-template' },
    { type: 'CONTRACT_SUBMIT_REVIEW', actorId: aPost },
    { type: 'CONTRACT_MUTUAL_REVIEW_PASS', actorId: bPost },
    { type: 'CONTRACT_REVIEW_PASS', actorId: approver },
    { type: 'CONTRACT_SEAL_CONFIRM', actorId: clerk },
    { type: 'CONTRACT_SEAL_COMPLETE', actorId: clerk },
    { type: 'CONTRACT_ARCHIVE_UPLOAD', actorId: clerk },
    { type: 'CONTRACT_ARCHIVE_CONFIRM', actorId: approver },
    // A reason, because the server asks for one whenever the amount is not the loan type's computed premium.
    { type: 'PREMIUM_ADD', actorId: aPost, amount: premium, reason: '演示保费' },
    { type: 'PREMIUM_SUBMIT', actorId: aPost },
    { type: 'PREMIUM_CONFIRM', actorId: finance },
    { type: 'COUNTER_GUARANTEE_CONFIRM', actorId: bPost, collateral: [{ id: mortgageId, kind: 'MORTGAGE' }] },
    { type: 'COUNTER_GUARANTEE_UPLOAD', actorId: bPost },
    { type: 'LETTER_GENERATE', actorId: aPost, bankId: 'demo-bank' },
    { type: 'LETTER_SUBMIT', actorId: aPost },
    { type: 'LETTER_APPROVE', actorId: approver },
    { type: 'LETTER_SEAL_CONFIRM', actorId: clerk },
    { type: 'LETTER_SEAL_COMPLETE', actorId: clerk },
    { type: 'LETTER_UPLOAD_SEALED', actorId: aPost },
    { type: 'VOUCHER_UPLOAD', actorId: aPost },
    // the whole guaranteed amount lent; the day is fixed (the machine never reads a clock, nor checks the day)
    { type: 'VOUCHER_CONFIRM', actorId: finance, disbursedOn: '2026-01-05', disbursedAmountFen: totalFen },
    ...Array.from({ length: visitRounds }, (): Draft[] => [
      { type: 'VISIT_SUBMIT_REPORT', actorId: bPost, kind: 'REPORT', classification: 'NORMAL' },
      { type: 'VISIT_APPROVE', actorId: leader },
    ]).flat(),
    ...repayments,
    { type: 'CONFIRM_RELEASE', actorId: clerk, itemId: GUARANTEE_ITEM_ID },
    { type: 'CONFIRM_RELEASE', actorId: clerk, itemId: mortgageId },
  ];
  return timed(drafts, options);
}

/** The amounts and days of the bad-loan path (the loan of `happyPathEvents`, disbursed on 2026-01-05). */
export const BAD_LOAN_PATH = {
  extendedTo: '2027-07-05',
  noticedOn: '2026-06-10',
  paidOn: '2026-07-01',
  /** Two recoveries: 30% of what was paid from the collateral, then 10% from the borrower; the rest is written off. */
  recoveries: [
    { percent: 30, source: 'COLLATERAL_DISPOSAL', receivedOn: '2026-09-15' },
    { percent: 10, source: 'BORROWER', receivedOn: '2026-10-20' },
  ],
} as const;

/** The compensation of the bad-loan path for a loan of `amount` yuan: a tenth of the principal, with interest and penalty. */
export function badLoanCompensation(amount: number): { principalFen: number; interestFen: number; penaltyFen: number; totalFen: number } {
  const principalFen = Math.floor(toFen(amount) / 10);
  const interestFen = Math.floor(principalFen / 50);
  const penaltyFen = Math.floor(principalFen / 200);
  return { principalFen, interestFen, penaltyFen, totalFen: principalFen + interestFen + penaltyFen };
}

/**
 * The loan that goes bad: the happy path to after guarantee, an extension applied for and approved, the
 * bank's overdue notice, compensation applied for (a tenth of the principal, with interest and penalty),
 * approved by the leader and paid, the claim filed, two recoveries, and the rest written off with the
 * leader's approval: closed.
 */
export function badLoanPathEvents(input: GuaranteeInput, actors: PipelineActors = demoActors, options: PathOptions = {}): GuaranteeEvent[] {
  const happy = happyPathEvents(input, actors, { ...options, installments: 1 });
  const toAfter = happy.slice(
    0,
    happy.findIndex((e) => e.type === 'RECORD_REPAYMENT'),
  );
  const { aPost, clerk, leader, finance } = actors;
  const { principalFen, interestFen, penaltyFen, totalFen } = badLoanCompensation(input.amount);
  const drafts: Draft[] = [
    { type: 'EXTENSION_APPLY', actorId: aPost, newMaturityOn: BAD_LOAN_PATH.extendedTo, reason: '演示：借款人申请展期' },
    { type: 'EXTENSION_APPROVE', actorId: leader },
    { type: 'OVERDUE_NOTICE', actorId: aPost, noticedOn: BAD_LOAN_PATH.noticedOn, overduePrincipalFen: principalFen, overdueInterestFen: interestFen },
    { type: 'COMPENSATION_APPLY', actorId: aPost, principalFen, interestFen, penaltyFen, reason: '演示：银行要求代偿' },
    { type: 'COMPENSATION_APPROVE', actorId: leader, via: 'LEADER' },
    { type: 'COMPENSATION_PAY', actorId: finance, paidOn: BAD_LOAN_PATH.paidOn },
    { type: 'RECOVERY_STAGE', actorId: aPost, stage: 'FILED', on: '2026-07-20', note: '演示：已起诉' },
    ...BAD_LOAN_PATH.recoveries.map((r): Draft => ({
      type: 'RECOVERY_RECORD',
      actorId: clerk,
      amountFen: Math.floor((totalFen * r.percent) / 100),
      source: r.source,
      receivedOn: r.receivedOn,
    })),
    { type: 'RECOVERY_CLOSE', actorId: aPost, outcome: 'WRITTEN_OFF', reason: '演示：执行终结，余额核销' },
    { type: 'RECOVERY_WRITE_OFF_APPROVE', actorId: leader },
  ];
  const last = toAfter[toAfter.length - 1];
  const stepMs = (options.stepMinutes ?? 60) * 60_000;
  return [...toAfter, ...timed(drafts, { ...options, startAt: new Date(Date.parse(last.at) + stepMs).toISOString() })];
}

function timed(drafts: readonly Draft[], options: PathOptions): GuaranteeEvent[] {
  const start = Date.parse(options.startAt ?? DEFAULT_START);
  if (Number.isNaN(start)) throw new Error('startAt must be an ISO time');
  const stepMs = (options.stepMinutes ?? 60) * 60_000;
  return drafts.map((draft, i) => ({ ...draft, at: new Date(start + i * stepMs).toISOString() }) as GuaranteeEvent);
}

/**
 * The start of the happy path up to the event that first enters `stage` (nothing for collection).
 * For `discontinued`, use `discontinuedPathEvents`.
 */
export function eventsToStage(
  input: GuaranteeInput,
  stage: Exclude<StageKey, 'discontinued'>,
  actors: PipelineActors = demoActors,
  options: PathOptions = {},
): GuaranteeEvent[] {
  const badLoan = stage === 'compensation' || stage === 'recovery';
  const events = badLoan ? badLoanPathEvents(input, actors, options) : happyPathEvents(input, actors, options);
  if (stage === 'collection') return [];
  const snapshots = replaySteps(input, events);
  const index = snapshots.findIndex((snapshot) => stageOfValue(snapshot.value) === stage);
  if (index < 0) throw new Error(`the happy path does not reach ${stage}`);
  return events.slice(0, index + 1);
}

const DISCONTINUE_EVENT: Readonly<Partial<Record<StageKey, EventType>>> = {
  collection: 'COLLECTION_DISCONTINUE',
  preReview: 'PRE_REVIEW_DISCONTINUE',
  generalOffice: 'GENERAL_OFFICE_DISCONTINUE',
  riskControl: 'RISK_CONTROL_DISCONTINUE',
  insuranceReview: 'INSURANCE_REVIEW_DISCONTINUE',
  withdrawal: 'WITHDRAWAL_DISCONTINUE',
  duringGuarantee: 'DURING_GUARANTEE_DISCONTINUE',
};

/** The discontinue event of each stage that has one (every stage before disbursement). */
export function discontinueEventOf(stage: StageKey): EventType | null {
  return DISCONTINUE_EVENT[stage] ?? null;
}

/** The happy path to `atStage`, then that stage's discontinue by the clerk. */
export function discontinuedPathEvents(
  input: GuaranteeInput,
  atStage: keyof typeof DISCONTINUE_EVENT = 'preReview',
  actors: PipelineActors = demoActors,
  options: PathOptions = {},
): GuaranteeEvent[] {
  const type = DISCONTINUE_EVENT[atStage];
  if (!type) throw new Error(`${atStage} cannot be discontinued`);
  const events = eventsToStage(input, atStage as Exclude<StageKey, 'discontinued'>, actors, options);
  const previous = events[events.length - 1];
  const at = previous
    ? new Date(Date.parse(previous.at) + (options.stepMinutes ?? 60) * 60_000).toISOString()
    : new Date(Date.parse(options.startAt ?? DEFAULT_START)).toISOString();
  return [...events, { type, actorId: actors.clerk, at, reason: 'demo: the client withdrew' } as GuaranteeEvent];
}

/** The permission codes each actor needs for `events` (for seeding demo users and roles). */
export function permissionsUsedBy(events: readonly GuaranteeEvent[]): Record<string, string[]> {
  const byActor: Record<string, Set<string>> = {};
  for (const event of events) (byActor[event.actorId] ??= new Set()).add(EVENT_PERMISSIONS[event.type]);
  return Object.fromEntries(Object.entries(byActor).map(([actorId, codes]) => [actorId, [...codes].sort()]));
}
