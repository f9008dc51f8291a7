/**
 * Guards as rules: each rule is a pure function of (context, event) returning the reasons it refuses
 * (empty: allowed). The machine's guards are these rules with "no reasons" as true; the engine uses
 * the reasons to explain a refusal in zh-CN and en.
 *
 * "Selector" rules pick one of several transitions for the same event (the tally picks passed, failed
 * or pendingResolution). Their reasons are never the explanation of a refusal: the engine reports the
 * reasons common to every candidate transition, which are the preconditions.
 */

import { MAX_VISIT_ROUND, pendingReleaseItems, type GuaranteeContext, type MakerStep, type VisitResumePoint } from './context';
import { compensationBalanceFen, compensationProblem, compensationTotalFen, recoveryProblem } from './domain/bad-loans';
import {
  COLLATERAL_KINDS,
  DATA_REQUIRED_FOR_SUBMISSION,
  GUARANTEE_ITEM_ID,
  RESOLUTION_RESULTS,
  RISK_CLASSIFICATIONS,
  VISIT_REPORT_KINDS,
  VOTE_OPINIONS,
  type GuaranteeEvent,
} from './events';
import { isValidAmount, sameAmount, toFen } from './money';
import { tally, validateVoteRule, type VoteResult } from './votes';

export interface Refusal {
  code: string;
  zh: string;
  en: string;
}

const refusal = (code: string, zh: string, en: string): Refusal => ({ code, zh, en });

/** Every reason a guard may give, by code. */
export const REFUSALS = {
  NOT_A_POST_OFFICER: refusal('NOT_A_POST_OFFICER', '只有本项目的A岗经办人可以执行此操作', "Only the loan's assigned A-post officer may do this"),
  NOT_B_POST_OFFICER: refusal('NOT_B_POST_OFFICER', '只有本项目的B岗经办人可以执行此操作', "Only the loan's assigned B-post officer may do this"),
  NO_B_POST_OFFICER: refusal('NO_B_POST_OFFICER', '本项目尚未指定B岗经办人', 'No B-post officer is assigned to the loan'),
  B_POST_IS_A_POST: refusal('B_POST_IS_A_POST', 'B岗经办人不能与A岗经办人为同一人', 'The B-post officer must not be the A-post officer'),
  MAKER_CANNOT_CHECK: refusal('MAKER_CANNOT_CHECK', '提交人不能审核自己提交的内容', 'Whoever submitted a step cannot check it'),
  NOT_THE_MAKER: refusal('NOT_THE_MAKER', '只有提交人可以撤回', 'Only whoever submitted it may take it back'),
  REASON_REQUIRED: refusal('REASON_REQUIRED', '请填写原因', 'A reason is required'),
  DATA_INCOMPLETE: refusal('DATA_INCOMPLETE', '客户资料尚未完善，不能提交', 'The client data is not complete yet'),
  AMOUNT_INVALID: refusal('AMOUNT_INVALID', '金额须为正数，最多两位小数', 'The amount must be positive with at most two decimals'),
  AMOUNT_UNCHANGED: refusal('AMOUNT_UNCHANGED', '金额未变化', 'The amount is unchanged'),
  ALLOCATION_INVALID: refusal(
    'ALLOCATION_INVALID',
    '会议分配无效：需要会议编号、不重复的参会人员和有效的表决规则',
    'Invalid allocation: a meeting id, distinct attendees and a valid vote rule are needed',
  ),
  WRONG_MEETING: refusal('WRONG_MEETING', '项目未分配到该会议', 'The loan is not allocated to this meeting'),
  NOT_AN_ATTENDEE: refusal('NOT_AN_ATTENDEE', '只有本次会议的参会人员可以投票', 'Only attendees of this meeting may vote'),
  ALREADY_VOTED: refusal('ALREADY_VOTED', '您已经投过票', 'This attendee has already voted'),
  OPINION_INVALID: refusal('OPINION_INVALID', '表决意见须为同意、不同意或弃权', 'The opinion must be AGREE, DISAGREE or ABSTAIN'),
  RESOLUTION_INVALID: refusal('RESOLUTION_INVALID', '决议结果须为通过或未通过', 'The resolution must be PASSED or FAIL'),
  TRANSFER_TARGET_INVALID: refusal(
    'TRANSFER_TARGET_INVALID',
    '请转移给另一位经办人（不能是当前B岗或A岗经办人）',
    'Transfer to another officer, neither the current B-post nor the A-post officer',
  ),
  COLLATERAL_INVALID: refusal('COLLATERAL_INVALID', '抵质押物清单无效', 'The collateral list is invalid'),
  CONTRACT_NOT_SEALED: refusal('CONTRACT_NOT_SEALED', '合同用印完成后才能生成保函', 'The letter can only be generated once the contract is sealed'),
  BANK_REQUIRED: refusal('BANK_REQUIRED', '请选择银行', 'A bank is required'),
  TEMPLATE_REQUIRED: refusal('TEMPLATE_REQUIRED', '请选择合同模板', 'A contract template is required'),
  VISIT_ROUNDS_EXHAUSTED: refusal('VISIT_ROUNDS_EXHAUSTED', '保后走访最多6轮', 'There are at most 6 visit rounds'),
  VISIT_CLASSIFICATION_INVALID: refusal(
    'VISIT_CLASSIFICATION_INVALID',
    '风险分类须为正常、关注、次级、可疑或损失',
    'The risk classification must be NORMAL, SPECIAL_MENTION, SUBSTANDARD, DOUBTFUL or LOSS',
  ),
  VISIT_CLASSIFICATION_REASON_REQUIRED: refusal(
    'VISIT_CLASSIFICATION_REASON_REQUIRED',
    '风险分类不是正常时须填写原因',
    'A reason is required when the risk classification is not NORMAL',
  ),
  VISIT_KIND_INVALID: refusal('VISIT_KIND_INVALID', '审核类型须为报告审核或资料审核', 'The review kind must be REPORT or MATERIAL'),
  REPAYMENT_EXCEEDS_OUTSTANDING: refusal('REPAYMENT_EXCEEDS_OUTSTANDING', '还款金额超过剩余本金', 'The repayment exceeds the outstanding principal'),
  RELEASE_ITEM_UNKNOWN: refusal('RELEASE_ITEM_UNKNOWN', '该项不存在或已解除', 'Nothing to release under this item (unknown or already released)'),
  // the bad-loan path (version 2)
  NOT_AN_OFFICER_OF_THE_LOAN: refusal(
    'NOT_AN_OFFICER_OF_THE_LOAN',
    '只有本项目的A岗或B岗经办人可以执行此操作',
    "Only the loan's A-post or B-post officer may do this",
  ),
  OVERDUE_NOTICE_EMPTY: refusal('OVERDUE_NOTICE_EMPTY', '逾期通知须有逾期本金或逾期利息', 'An overdue notice must name overdue principal or interest'),
  OVERDUE_NOTICE_BEFORE_DISBURSEMENT: refusal(
    'OVERDUE_NOTICE_BEFORE_DISBURSEMENT',
    '逾期通知日期不能早于放款日',
    'The notice cannot be dated before the loan was disbursed',
  ),
  COMPENSATION_AMOUNTS_INVALID: refusal(
    'COMPENSATION_AMOUNTS_INVALID',
    '代偿金额须为整分、不为负数，且合计大于零',
    'Compensation amounts must be whole fen, none negative, with a total above zero',
  ),
  COMPENSATION_ABOVE_OUTSTANDING: refusal(
    'COMPENSATION_ABOVE_OUTSTANDING',
    '代偿本金不能超过剩余本金',
    'The compensated principal cannot exceed the outstanding principal',
  ),
  EXTENSION_PENDING: refusal('EXTENSION_PENDING', '有展期申请待审批', 'An extension is waiting for approval'),
  NO_EXTENSION_PENDING: refusal('NO_EXTENSION_PENDING', '没有待审批的展期申请', 'No extension is waiting for approval'),
  EXTENSION_DATE_INVALID: refusal(
    'EXTENSION_DATE_INVALID',
    '展期后的到期日须晚于放款日和当前到期日',
    'The new maturity must be after the disbursement day and the current maturity',
  ),
  COMMITTEE_DECIDES_BY_VOTE: refusal(
    'COMMITTEE_DECIDES_BY_VOTE',
    '保审会的代偿决定须在保审会会议上表决',
    'The review committee decides a compensation by its vote at a review-committee meeting',
  ),
  PAID_BEFORE_APPLICATION: refusal('PAID_BEFORE_APPLICATION', '代偿支付日不能早于放款日', 'The compensation cannot be paid before the loan was disbursed'),
  RECOVERY_ABOVE_BALANCE: refusal('RECOVERY_ABOVE_BALANCE', '追偿金额超过代偿余额', 'The recovery exceeds the compensation balance'),
  RECOVERY_BEFORE_PAYMENT: refusal('RECOVERY_BEFORE_PAYMENT', '追偿日期不能早于代偿支付日', 'A recovery cannot be dated before the compensation was paid'),
  BALANCE_STILL_OPEN: refusal('BALANCE_STILL_OPEN', '代偿余额尚未收回，只能核销结案', 'The balance is not recovered yet: close as written off'),
  NOTHING_TO_WRITE_OFF: refusal('NOTHING_TO_WRITE_OFF', '代偿余额已全部收回，无需核销', 'Everything was recovered: there is nothing to write off'),
  // Selector reasons: which branch applies, never shown as the cause of a refusal.
  BRANCH_NOT_TAKEN: refusal('BRANCH_NOT_TAKEN', '不适用此分支', 'This branch does not apply'),
} as const satisfies Record<string, Refusal>;

export type RefusalCode = keyof typeof REFUSALS;

export type Rule = (context: GuaranteeContext, event: GuaranteeEvent) => Refusal[];

const ok: Refusal[] = [];
const when = (condition: boolean, reason: Refusal): Refusal[] => (condition ? ok : [reason]);
const all =
  (...rules: Rule[]): Rule =>
  (context, event) =>
    rules.flatMap((rule) => rule(context, event));

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;

// --- who ---------------------------------------------------------------------------------------

const isAPostOfficer: Rule = (c, e) => when(e.actorId === c.aPostOfficerId, REFUSALS.NOT_A_POST_OFFICER);

const isBPostOfficer: Rule = (c, e) =>
  c.bPostOfficerId === null ? [REFUSALS.NO_B_POST_OFFICER] : when(e.actorId === c.bPostOfficerId, REFUSALS.NOT_B_POST_OFFICER);

const isOfficerOfTheLoan: Rule = (c, e) => when(e.actorId === c.aPostOfficerId || e.actorId === c.bPostOfficerId, REFUSALS.NOT_AN_OFFICER_OF_THE_LOAN);

/** Maker-checker: whoever made `step` cannot check it. */
const notMakerOf =
  (step: MakerStep): Rule =>
  (c, e) =>
    when(c.submittedBy[step] !== e.actorId, REFUSALS.MAKER_CANNOT_CHECK);

/** Only the maker of `step` may take it back. */
const isMakerOf =
  (step: MakerStep): Rule =>
  (c, e) =>
    when(c.submittedBy[step] === e.actorId, REFUSALS.NOT_THE_MAKER);

// --- what ---------------------------------------------------------------------------------------

const reasonGiven: Rule = (_c, e) => when('reason' in e && hasText(e.reason), REFUSALS.REASON_REQUIRED);

const clientDataComplete: Rule = (_c, e) =>
  when(
    'completeDataTypes' in e && Array.isArray(e.completeDataTypes) && DATA_REQUIRED_FOR_SUBMISSION.every((type) => e.completeDataTypes.includes(type)),
    REFUSALS.DATA_INCOMPLETE,
  );

const newAmount: Rule = (c, e) => {
  if (!('amount' in e) || !isValidAmount(e.amount)) return [REFUSALS.AMOUNT_INVALID];
  return when(!sameAmount(e.amount, c.amount), REFUSALS.AMOUNT_UNCHANGED);
};

const validAmount: Rule = (_c, e) => when('amount' in e && isValidAmount(e.amount), REFUSALS.AMOUNT_INVALID);

/** The B-post officer the loan will have after the event: known, and not the A-post officer. */
const bPostAssignable: Rule = (c, e) => {
  const given = 'bPostOfficerId' in e ? e.bPostOfficerId : undefined;
  if (given !== undefined && !hasText(given)) return [REFUSALS.NO_B_POST_OFFICER];
  const officer = given ?? c.bPostOfficerId;
  if (officer === null) return [REFUSALS.NO_B_POST_OFFICER];
  return when(officer !== c.aPostOfficerId, REFUSALS.B_POST_IS_A_POST);
};

const transferTarget: Rule = (c, e) =>
  when(
    'toOfficerId' in e && hasText(e.toOfficerId) && e.toOfficerId !== c.bPostOfficerId && e.toOfficerId !== c.aPostOfficerId,
    REFUSALS.TRANSFER_TARGET_INVALID,
  );

// --- meetings -----------------------------------------------------------------------------------

const allocationValid: Rule = (_c, e) => {
  if (!('attendees' in e)) return [REFUSALS.ALLOCATION_INVALID];
  const attendees: unknown = e.attendees;
  const valid =
    hasText(e.meetingId) &&
    Array.isArray(attendees) &&
    attendees.length > 0 &&
    attendees.every(hasText) &&
    new Set(attendees).size === attendees.length &&
    (e.rule === undefined || validateVoteRule(e.rule).length === 0);
  return when(valid, REFUSALS.ALLOCATION_INVALID);
};

const sameMeeting: Rule = (c, e) => when('meetingId' in e && c.meeting !== null && e.meetingId === c.meeting.meetingId, REFUSALS.WRONG_MEETING);

const voteAllowed: Rule = (c, e) => {
  const wrongMeeting = sameMeeting(c, e);
  if (wrongMeeting.length > 0 || c.meeting === null) return wrongMeeting;
  const reasons: Refusal[] = [];
  if (!c.meeting.attendees.includes(e.actorId)) reasons.push(REFUSALS.NOT_AN_ATTENDEE);
  else if (Object.prototype.hasOwnProperty.call(c.meeting.votes, e.actorId)) reasons.push(REFUSALS.ALREADY_VOTED);
  if (!('opinion' in e) || !VOTE_OPINIONS.includes(e.opinion)) reasons.push(REFUSALS.OPINION_INVALID);
  return reasons;
};

const tallyIs =
  (result: VoteResult): Rule =>
  (c) =>
    when(c.meeting !== null && tally(c.meeting.votes, c.meeting.attendees, c.meeting.rule) === result, REFUSALS.BRANCH_NOT_TAKEN);

const resolutionValid: Rule = (_c, e) => when('result' in e && RESOLUTION_RESULTS.includes(e.result), REFUSALS.RESOLUTION_INVALID);

const resolutionIs =
  (result: 'PASSED' | 'FAIL'): Rule =>
  (_c, e) =>
    when('result' in e && e.result === result, REFUSALS.BRANCH_NOT_TAKEN);

// --- during and after the guarantee ------------------------------------------------------------

const contractGeneration: Rule = (_c, e) => [
  ...when('bankId' in e && hasText(e.bankId), REFUSALS.BANK_REQUIRED),
  // no templateId: the whole contract set of the bank; one given must name something
  ...when(!('templateId' in e) || e.templateId === undefined || hasText(e.templateId), REFUSALS.TEMPLATE_REQUIRED),
];

const collateralValid: Rule = (_c, e) => {
  if (!('collateral' in e) || !Array.isArray(e.collateral)) return [REFUSALS.COLLATERAL_INVALID];
  const ids = e.collateral.map((item) => item?.id);
  const valid =
    e.collateral.every((item) => hasText(item?.id) && COLLATERAL_KINDS.includes(item.kind)) &&
    !ids.includes(GUARANTEE_ITEM_ID) &&
    new Set(ids).size === ids.length;
  return when(valid, REFUSALS.COLLATERAL_INVALID);
};

const letterGeneration: Rule = (c, e) => [
  ...when(c.contractSealed, REFUSALS.CONTRACT_NOT_SEALED),
  ...when('bankId' in e && hasText(e.bankId), REFUSALS.BANK_REQUIRED),
];

/**
 * The round's risk classification, when the report carries one (reports from before it existed carry
 * none and replay as they were; the server requires it on new reports): a known level, and a reason
 * unless NORMAL.
 */
const visitClassification: Rule = (_c, e) => {
  if (e.type !== 'VISIT_SUBMIT_REPORT' || e.classification === undefined) return ok;
  if (!RISK_CLASSIFICATIONS.includes(e.classification)) return [REFUSALS.VISIT_CLASSIFICATION_INVALID];
  return when(e.classification === 'NORMAL' || hasText(e.reason), REFUSALS.VISIT_CLASSIFICATION_REASON_REQUIRED);
};

const visitReportSubmittable: Rule = (c, e) => [
  ...when(c.visitRound >= 1 && c.visitRound <= MAX_VISIT_ROUND, REFUSALS.VISIT_ROUNDS_EXHAUSTED),
  ...when('kind' in e && VISIT_REPORT_KINDS.includes(e.kind), REFUSALS.VISIT_KIND_INVALID),
  ...visitClassification(c, e),
];

const lastVisitRound =
  (isLast: boolean): Rule =>
  (c) =>
    when(c.visitRound >= MAX_VISIT_ROUND === isLast, REFUSALS.BRANCH_NOT_TAKEN);

const repaymentValid: Rule = (c, e) => {
  if (!('amount' in e) || !isValidAmount(e.amount)) return [REFUSALS.AMOUNT_INVALID];
  return when(toFen(e.amount) <= toFen(c.outstandingPrincipal), REFUSALS.REPAYMENT_EXCEEDS_OUTSTANDING);
};

const repaymentSettles =
  (settles: boolean): Rule =>
  (c, e) =>
    when('amount' in e && sameAmount(e.amount, c.outstandingPrincipal) === settles, REFUSALS.BRANCH_NOT_TAKEN);

const releaseItemPending: Rule = (c, e) => when('itemId' in e && pendingReleaseItems(c).includes(e.itemId), REFUSALS.RELEASE_ITEM_UNKNOWN);

const releaseIsLast =
  (isLast: boolean): Rule =>
  (c) =>
    when((pendingReleaseItems(c).length === 1) === isLast, REFUSALS.BRANCH_NOT_TAKEN);

// --- the bad-loan path (version 2) ---------------------------------------------------------------

/** A day (YYYY-MM-DD) not before another; days compare as text. */
const notBefore = (day: unknown, earliest: string | null): boolean => typeof day === 'string' && (earliest === null || day >= earliest);

const overdueNoticeValid: Rule = (c, e) => {
  if (e.type !== 'OVERDUE_NOTICE') return ok;
  return [
    ...when(e.overduePrincipalFen + e.overdueInterestFen > 0, REFUSALS.OVERDUE_NOTICE_EMPTY),
    ...when(notBefore(e.noticedOn, c.disbursedOn), REFUSALS.OVERDUE_NOTICE_BEFORE_DISBURSEMENT),
  ];
};

const noExtensionPending: Rule = (c) => when(c.extension === null, REFUSALS.EXTENSION_PENDING);
const extensionPending: Rule = (c) => when(c.extension !== null, REFUSALS.NO_EXTENSION_PENDING);

const extensionDate: Rule = (c, e) => {
  if (e.type !== 'EXTENSION_APPLY') return ok;
  const after = [c.disbursedOn, c.extendedMaturityOn].filter((d): d is string => d !== null);
  return when(
    after.every((d) => e.newMaturityOn > d),
    REFUSALS.EXTENSION_DATE_INVALID,
  );
};

const compensationAmounts: Rule = (c, e) => {
  if (e.type !== 'COMPENSATION_APPLY') return ok;
  const problem = compensationProblem(e, toFen(c.outstandingPrincipal));
  if (problem === 'aboveOutstanding') return [REFUSALS.COMPENSATION_ABOVE_OUTSTANDING];
  return when(problem === null, REFUSALS.COMPENSATION_AMOUNTS_INVALID);
};

/** COMPENSATION_APPROVE is the leader's: the committee's approval is the tally of its meeting. */
const leaderRoute: Rule = (_c, e) => when(e.type !== 'COMPENSATION_APPROVE' || e.via === 'LEADER', REFUSALS.COMMITTEE_DECIDES_BY_VOTE);

const paidAfterDisbursement: Rule = (c, e) => when(e.type !== 'COMPENSATION_PAY' || notBefore(e.paidOn, c.disbursedOn), REFUSALS.PAID_BEFORE_APPLICATION);

/** The receivable still to recover: paid, less recovered and written off. */
export function compensationBalanceOf(c: GuaranteeContext): number {
  const k = c.compensation;
  if (!k || k.paidOn === null) return 0;
  return compensationBalanceFen(compensationTotalFen(k), k.recoveredFen, k.writtenOffFen);
}

const recoveryFits: Rule = (c, e) => {
  if (e.type !== 'RECOVERY_RECORD') return ok;
  return [
    ...when(recoveryProblem(e.amountFen, compensationBalanceOf(c)) === null, REFUSALS.RECOVERY_ABOVE_BALANCE),
    ...when(notBefore(e.receivedOn, c.compensation?.paidOn ?? null), REFUSALS.RECOVERY_BEFORE_PAYMENT),
  ];
};

const closeAs =
  (outcome: 'RECOVERED' | 'WRITTEN_OFF'): Rule =>
  (c, e) => {
    if (e.type !== 'RECOVERY_CLOSE' || e.outcome !== outcome) return [REFUSALS.BRANCH_NOT_TAKEN];
    const open = compensationBalanceOf(c) > 0;
    return outcome === 'RECOVERED' ? when(!open, REFUSALS.BALANCE_STILL_OPEN) : when(open, REFUSALS.NOTHING_TO_WRITE_OFF);
  };

/** A refusal of the compensation returns the loan to where its visits stood. */
const resumesAt =
  (point: VisitResumePoint): Rule =>
  (c) =>
    when(c.compensation?.resumeVisitsAt === point, REFUSALS.BRANCH_NOT_TAKEN);

/**
 * The named guards of the machine. Each transition names exactly one, so a refusal can be explained
 * from its name.
 */
export const RULES = {
  // collection
  materialsSubmittable: all(isAPostOfficer, clientDataComplete),
  materialsReceivable: notMakerOf('materials'),
  materialsReturnable: all(notMakerOf('materials'), reasonGiven),
  isAPostOfficer,
  // preReview
  preReviewCheckable: notMakerOf('preReview'),
  preReviewRefusable: all(notMakerOf('preReview'), reasonGiven),
  amountChange: newAmount,
  bPostAssignable,
  reasonGiven,
  // meetings
  allocationValid,
  sameMeeting,
  voteAllowed,
  tallyPassed: all(sameMeeting, tallyIs('PASSED')),
  tallyFailed: all(sameMeeting, tallyIs('FAIL')),
  tallyPending: all(sameMeeting, tallyIs('PENGING_RESOLUTION')),
  resolvedPassed: all(sameMeeting, resolutionValid, resolutionIs('PASSED')),
  resolvedFailed: all(sameMeeting, resolutionValid, resolutionIs('FAIL')),
  // riskControl
  isBPostOfficer,
  riskControlRevocable: all(isBPostOfficer, isMakerOf('riskControl')),
  transferTarget,
  // withdrawal
  recheckable: all(isBPostOfficer, notMakerOf('withdrawal')),
  recheckRefusable: all(isBPostOfficer, notMakerOf('withdrawal'), reasonGiven),
  leaderCheckable: all(notMakerOf('recheck'), notMakerOf('withdrawal')),
  leaderRefusable: all(notMakerOf('recheck'), notMakerOf('withdrawal'), reasonGiven),
  // contract
  contractGeneration,
  contractMutualReviewable: notMakerOf('contract'),
  contractMutualRefusable: all(notMakerOf('contract'), reasonGiven),
  contractReviewable: all(notMakerOf('contract'), notMakerOf('mutualReview')),
  contractRefusable: all(notMakerOf('contract'), notMakerOf('mutualReview'), reasonGiven),
  contractArchiveCheckable: notMakerOf('contractArchive'),
  // premium
  validAmount,
  premiumRevocable: isMakerOf('premium'),
  premiumCheckable: notMakerOf('premium'),
  // counter-guarantee
  counterGuaranteeConfirmable: all(isBPostOfficer, collateralValid),
  // letter
  letterGeneration,
  letterCheckable: notMakerOf('letter'),
  letterRefusable: all(notMakerOf('letter'), reasonGiven),
  // disbursement
  voucherCheckable: notMakerOf('voucher'),
  // afterGuarantee
  visitReportSubmittable: all(isBPostOfficer, visitReportSubmittable),
  visitApprovedNextRound: all(notMakerOf('visitReport'), lastVisitRound(false)),
  visitApprovedLastRound: all(notMakerOf('visitReport'), lastVisitRound(true)),
  visitRefusable: all(notMakerOf('visitReport'), reasonGiven),
  repaymentPartial: all(repaymentValid, repaymentSettles(false)),
  repaymentSettles: all(repaymentValid, repaymentSettles(true)),
  // the bad-loan path: overdue notice, extension, compensation, recovery
  overdueNoticeValid: all(isAPostOfficer, overdueNoticeValid),
  extensionApplicable: all(isOfficerOfTheLoan, noExtensionPending, extensionDate, reasonGiven),
  extensionCheckable: all(extensionPending, notMakerOf('extension')),
  extensionRefusable: all(extensionPending, notMakerOf('extension'), reasonGiven),
  compensationApplicable: all(isOfficerOfTheLoan, noExtensionPending, compensationAmounts, reasonGiven),
  compensationApprovable: all(notMakerOf('compensation'), leaderRoute),
  compensationRefusedToVisits: all(notMakerOf('compensation'), reasonGiven, resumesAt('awaitingVisitReport')),
  compensationRefusedToCompleted: all(notMakerOf('compensation'), reasonGiven, resumesAt('visitsCompleted')),
  // the compensation on a review-committee meeting: whoever applied neither votes nor settles the resolution
  compensationVoteAllowed: all(voteAllowed, notMakerOf('compensation')),
  compensationTallyFailedToVisits: all(sameMeeting, tallyIs('FAIL'), resumesAt('awaitingVisitReport')),
  compensationTallyFailedToCompleted: all(sameMeeting, tallyIs('FAIL'), resumesAt('visitsCompleted')),
  compensationResolvedPassed: all(sameMeeting, resolutionValid, notMakerOf('compensation'), resolutionIs('PASSED')),
  compensationResolvedFailedToVisits: all(sameMeeting, resolutionValid, notMakerOf('compensation'), resolutionIs('FAIL'), resumesAt('awaitingVisitReport')),
  compensationResolvedFailedToCompleted: all(sameMeeting, resolutionValid, notMakerOf('compensation'), resolutionIs('FAIL'), resumesAt('visitsCompleted')),
  compensationPayable: paidAfterDisbursement,
  recoveryRecordable: recoveryFits,
  closedRecovered: all(reasonGiven, closeAs('RECOVERED')),
  writeOffRequested: all(reasonGiven, closeAs('WRITTEN_OFF')),
  writeOffCheckable: notMakerOf('writeOff'),
  writeOffRefusable: all(notMakerOf('writeOff'), reasonGiven),
  // release
  releaseNotLast: all(releaseItemPending, releaseIsLast(false)),
  releaseLast: all(releaseItemPending, releaseIsLast(true)),
} satisfies Record<string, Rule>;

export type GuardName = keyof typeof RULES;

/** The machine's guard functions, one per rule: true when the rule gives no reason. */
export function guardsFromRules<R extends Record<string, Rule>>(
  rules: R,
): { [K in keyof R]: (args: { context: GuaranteeContext; event: GuaranteeEvent }) => boolean } {
  const guards = {} as { [K in keyof R]: (args: { context: GuaranteeContext; event: GuaranteeEvent }) => boolean };
  for (const name of Object.keys(rules) as (keyof R)[]) {
    guards[name] = ({ context, event }) => rules[name](context, event).length === 0;
  }
  return guards;
}

/**
 * Why no candidate transition accepts the event: the reasons every candidate gives (its
 * preconditions); when the candidates share none, all their reasons except branch selectors.
 */
export function explainRefusal(guardNames: readonly (GuardName | undefined)[], context: GuaranteeContext, event: GuaranteeEvent): Refusal[] {
  const perCandidate = guardNames.map((name) =>
    name === undefined ? [] : RULES[name](context, event).filter((r) => r.code !== REFUSALS.BRANCH_NOT_TAKEN.code),
  );
  if (perCandidate.length === 0) return [];
  const codesOf = (reasons: Refusal[]) => new Set(reasons.map((r) => r.code));
  const [first, ...rest] = perCandidate;
  const common = first.filter((r) => rest.every((reasons) => codesOf(reasons).has(r.code)));
  const chosen = common.length > 0 ? common : perCandidate.flat();
  const seen = new Set<string>();
  return chosen.filter((r) => (seen.has(r.code) ? false : (seen.add(r.code), true)));
}
