/**
 * The worklists: every list of spec section 2 that shows loans by where they stand in the machine.
 * One entry per list; the server's generic list endpoint (GET /server/worklists/{name}) and the
 * web's generic list page do the rest. A loan stands in every active state path of its snapshot
 * (ancestors included), so a loan in the parallel `duringGuarantee` state is in several lists at once.
 *
 * To add a list: one entry here, and its words in WORKLIST_LABELS (zh and en).
 */

import type { EventType } from './events';
import type { Label } from './labels';
import type { MenuKey, PermissionKey } from './permissions';

/** The route group of spec section 2 a worklist belongs to; its key gates the whole group. */
export type WorklistGroup = 'process' | 'protectMiddle' | 'protectAfter' | 'statistics';

/** The columns a worklist may show; each is a real column of the list query (no snapshot path). */
export const WORKLIST_COLUMNS = [
  'companyName',
  'creditCode',
  'amount',
  'termMonths',
  'bank',
  'loanType',
  'stage',
  'status',
  'step',
  'aPostOfficer',
  'bPostOfficer',
  'createdAt',
  'updatedAt',
  // VOUCHER_CONFIRM's day and amount lent (context.disbursedOn / disbursedAmountFen); empty before
  'disbursedOn',
  'disbursedAmount',
  // the nightly close of business's days past due and overdue bucket (loan_overdue); empty when not overdue
  'daysPastDue',
  'overdueBucket',
] as const;
export type WorklistColumn = (typeof WORKLIST_COLUMNS)[number];

export interface WorklistDef {
  group: WorklistGroup;
  /** The list's own route key (spec section 6); the group's key is needed besides. */
  permission: MenuKey;
  /** Machine state paths (dotted, e.g. `duringGuarantee.contract.submitted`); a stage name covers all its states. */
  states: readonly string[];
  /** The machine actions a row offers (each still needs its permission and the machine's yes). */
  events: readonly EventType[];
  columns: readonly WorklistColumn[];
  /** Keys that open the list as well as `permission` (spec: letter sealing accepts any of its three). */
  alsoAccepted?: readonly PermissionKey[];
}

/** The columns most lists show. */
export const DEFAULT_COLUMNS: readonly WorklistColumn[] = ['companyName', 'amount', 'termMonths', 'bank', 'status', 'step', 'aPostOfficer', 'createdAt'];

/** The columns of lists the B-post officer works on: the officer beside the A-post one. */
export const WITH_B_POST_COLUMNS: readonly WorklistColumn[] = [
  'companyName',
  'amount',
  'termMonths',
  'bank',
  'status',
  'step',
  'aPostOfficer',
  'bPostOfficer',
  'createdAt',
];

/** The key that opens a worklist group (spec section 2). */
export const WORKLIST_GROUP_PERMISSIONS: Readonly<Record<WorklistGroup, MenuKey>> = {
  process: 'meeting',
  protectMiddle: 'protect_middle',
  protectAfter: 'protect_after',
  statistics: 'statistics',
};

export const WORKLISTS = {
  reviewMeetingList: {
    group: 'process',
    permission: 'review_meeting_list',
    states: ['preReview'],
    events: ['PRE_REVIEW_MODIFY_AMOUNT', 'SUBMIT_TO_GENERAL_OFFICE', 'PRE_REVIEW_RESUBMIT', 'PRE_REVIEW_DISCONTINUE'],
    columns: DEFAULT_COLUMNS,
  },
  reviewMeetingVoteList: {
    group: 'process',
    permission: 'review_meeting_vote_list',
    states: ['preReview.awaitingApproval'],
    events: ['PRE_REVIEW_APPROVE', 'PRE_REVIEW_REJECT', 'PRE_REVIEW_RETURN'],
    columns: DEFAULT_COLUMNS,
  },
  zbMeetingProcessList: {
    group: 'process',
    permission: 'zb_meeting_process_list',
    // A loan back from a completed risk control goes on to the review committee from here: the
    // permission to submit it there is the general-office list's.
    states: ['generalOffice', 'riskControl.completed'],
    events: ['GENERAL_OFFICE_MODIFY_AMOUNT', 'SUBMIT_TO_RISK_CONTROL', 'SUBMIT_TO_INSURANCE_REVIEW', 'GENERAL_OFFICE_RESUBMIT', 'GENERAL_OFFICE_DISCONTINUE'],
    columns: DEFAULT_COLUMNS,
  },
  riskControlList: {
    group: 'process',
    permission: 'risk_control_list',
    states: ['riskControl'],
    events: ['CONFIRM_COMPLETE', 'REVOKE_CONFIRMATION', 'TRANSFER_DATA', 'RISK_CONTROL_DISCONTINUE'],
    columns: WITH_B_POST_COLUMNS,
  },
  bsMeetingProcessList: {
    group: 'process',
    permission: 'bs_meeting_process_list',
    states: ['insuranceReview'],
    events: ['INSURANCE_REVIEW_RESUBMIT', 'INITIATE_WITHDRAWAL', 'INSURANCE_REVIEW_DISCONTINUE'],
    columns: DEFAULT_COLUMNS,
  },
  initiateWithdrawalList: {
    group: 'process',
    permission: 'initiate_withdrawal_list',
    states: ['withdrawal'],
    events: ['RECHECK_PASS', 'RECHECK_RETURN', 'LEADER_APPROVE', 'LEADER_RETURN', 'REGULATORY_OVERRIDE', 'WITHDRAWAL_DISCONTINUE'],
    columns: DEFAULT_COLUMNS,
  },

  // /protectMiddle: the four parallel regions of duringGuarantee, then the disbursement voucher. A loan
  // in duringGuarantee stands in one state of every region, so it shows in one list of each at once.
  contractList: {
    group: 'protectMiddle',
    permission: 'contract_list',
    states: ['duringGuarantee.contract.toGenerate', 'duringGuarantee.contract.generated'],
    events: ['CONTRACT_GENERATE', 'CONTRACT_DELETE', 'CONTRACT_SUBMIT_REVIEW', 'DURING_GUARANTEE_DISCONTINUE'],
    columns: DEFAULT_COLUMNS,
  },
  mutualReviewList: {
    group: 'protectMiddle',
    permission: 'mutual_review_list',
    states: ['duringGuarantee.contract.submitted'],
    events: ['CONTRACT_MUTUAL_REVIEW_PASS', 'CONTRACT_MUTUAL_REVIEW_RETURN'],
    columns: WITH_B_POST_COLUMNS,
  },
  contractReviewList: {
    group: 'protectMiddle',
    permission: 'contract_review_list',
    states: ['duringGuarantee.contract.mutuallyReviewed'],
    events: ['CONTRACT_REVIEW_PASS', 'CONTRACT_REVIEW_RETURN'],
    columns: DEFAULT_COLUMNS,
  },
  contractSealList: {
    group: 'protectMiddle',
    permission: 'contract_seal_list',
    states: ['duringGuarantee.contract.reviewed', 'duringGuarantee.contract.sealing'],
    events: ['CONTRACT_SEAL_CONFIRM', 'CONTRACT_SEAL_COMPLETE'],
    columns: DEFAULT_COLUMNS,
  },
  premiumUploadList: {
    group: 'protectMiddle',
    permission: 'premium_upload_list',
    // Submitted premiums stay here: the uploader may still revoke until finance confirms.
    states: ['duringGuarantee.premium.toUpload', 'duringGuarantee.premium.uploaded', 'duringGuarantee.premium.submitted'],
    events: ['PREMIUM_ADD', 'PREMIUM_EDIT', 'PREMIUM_SUBMIT', 'PREMIUM_REVOKE'],
    columns: DEFAULT_COLUMNS,
  },
  premiumConfirmationList: {
    group: 'protectMiddle',
    permission: 'premium_confirmation_list',
    states: ['duringGuarantee.premium.submitted'],
    events: ['PREMIUM_CONFIRM'],
    columns: DEFAULT_COLUMNS,
  },
  counterGuarantee: {
    group: 'protectMiddle',
    permission: 'counter_guarantee',
    states: ['duringGuarantee.counterGuarantee.pending', 'duringGuarantee.counterGuarantee.confirmed'],
    events: ['COUNTER_GUARANTEE_CONFIRM', 'COUNTER_GUARANTEE_UPLOAD'],
    columns: WITH_B_POST_COLUMNS,
  },
  guaranteeLetterList: {
    group: 'protectMiddle',
    permission: 'guarantee_letter_list',
    // The maker generates and submits, and uploads the letter once sealed.
    states: ['duringGuarantee.letter.toGenerate', 'duringGuarantee.letter.generated', 'duringGuarantee.letter.sealed'],
    events: ['LETTER_GENERATE', 'LETTER_SUBMIT', 'LETTER_UPLOAD_SEALED'],
    columns: DEFAULT_COLUMNS,
  },
  guaranteeLetterApprovalList: {
    group: 'protectMiddle',
    permission: 'guarantee_letter_approval_list',
    states: ['duringGuarantee.letter.inReview'],
    events: ['LETTER_APPROVE', 'LETTER_RETURN'],
    columns: DEFAULT_COLUMNS,
  },
  guaranteeLetterNew: {
    group: 'protectMiddle',
    permission: 'guarantee_letter_seal',
    alsoAccepted: ['sys:letter-seal:confirm', 'sys:letter-seal:complete'],
    states: ['duringGuarantee.letter.approved', 'duringGuarantee.letter.sealing'],
    events: ['LETTER_SEAL_CONFIRM', 'LETTER_SEAL_COMPLETE'],
    columns: DEFAULT_COLUMNS,
  },
  guaranteeUploadList: {
    group: 'protectMiddle',
    permission: 'guarantee_upload_list',
    states: ['duringGuarantee.contract.sealed', 'duringGuarantee.contract.archiveUploaded'],
    events: ['CONTRACT_ARCHIVE_UPLOAD', 'CONTRACT_ARCHIVE_CONFIRM'],
    columns: DEFAULT_COLUMNS,
  },
  voucherList: {
    group: 'protectMiddle',
    permission: 'voucher_list',
    states: ['disbursement'],
    events: ['VOUCHER_UPLOAD', 'VOUCHER_CONFIRM'],
    columns: [...DEFAULT_COLUMNS, 'disbursedOn', 'disbursedAmount'],
  },

  // /protectAfter: the loans after disbursement. Lists without events are ledgers and reminders.
  ledgerList: {
    group: 'protectAfter',
    permission: 'ledger_list',
    states: ['afterGuarantee', 'release', 'closed'],
    events: ['RECORD_REPAYMENT', 'REPAYMENT_PLAN_EDIT'],
    columns: [...DEFAULT_COLUMNS, 'bPostOfficer', 'disbursedOn', 'disbursedAmount', 'daysPastDue', 'overdueBucket', 'updatedAt'],
  },
  financeList: {
    group: 'protectAfter',
    permission: 'finance_list',
    states: ['afterGuarantee'],
    events: [],
    columns: DEFAULT_COLUMNS,
  },
  bPostList: {
    group: 'protectAfter',
    permission: 'b_post_list',
    states: ['afterGuarantee.awaitingVisitReport'],
    events: ['VISIT_SUBMIT_REPORT'],
    columns: WITH_B_POST_COLUMNS,
  },
  leaderReviewList: {
    group: 'protectAfter',
    permission: 'leader_review_list',
    states: ['afterGuarantee.visitReportSubmitted'],
    events: ['VISIT_APPROVE', 'VISIT_RETURN'],
    columns: WITH_B_POST_COLUMNS,
  },
  remindList: {
    group: 'protectAfter',
    permission: 'remind_list',
    // A visit report is due.
    states: ['afterGuarantee.awaitingVisitReport'],
    events: [],
    columns: WITH_B_POST_COLUMNS,
  },
  becomeList: {
    group: 'protectAfter',
    permission: 'become_list',
    states: ['afterGuarantee'],
    events: [],
    columns: DEFAULT_COLUMNS,
  },
  repaymentList: {
    group: 'protectAfter',
    permission: 'repayment_list',
    states: ['afterGuarantee'],
    events: ['RECORD_REPAYMENT'],
    columns: DEFAULT_COLUMNS,
  },
  secure: {
    group: 'protectAfter',
    permission: 'secure_list',
    states: ['release'],
    events: ['CONFIRM_RELEASE'],
    columns: DEFAULT_COLUMNS,
  },
  relieve: {
    group: 'protectAfter',
    permission: 'relieve_list',
    states: ['release', 'closed'],
    events: [],
    columns: [...DEFAULT_COLUMNS, 'updatedAt'],
  },
  // The bad-loan path: the loans after guarantee (days past due come from the nightly close of business),
  // then those in compensation and in recovery.
  overdueList: {
    group: 'protectAfter',
    permission: 'overdue_list',
    states: ['afterGuarantee'],
    events: ['OVERDUE_NOTICE', 'EXTENSION_APPLY', 'EXTENSION_APPROVE', 'EXTENSION_RETURN', 'COMPENSATION_APPLY'],
    columns: [...WITH_B_POST_COLUMNS, 'disbursedOn', 'disbursedAmount', 'daysPastDue', 'overdueBucket'],
  },
  compensationList: {
    group: 'protectAfter',
    permission: 'compensation_list',
    states: ['compensation'],
    events: ['COMPENSATION_APPROVE', 'COMPENSATION_REFUSE', 'COMPENSATION_PAY'],
    columns: [...WITH_B_POST_COLUMNS, 'updatedAt'],
  },
  recoveryList: {
    group: 'protectAfter',
    permission: 'recovery_list',
    states: ['recovery'],
    events: ['RECOVERY_STAGE', 'RECOVERY_RECORD', 'RECOVERY_CLOSE', 'RECOVERY_WRITE_OFF_APPROVE', 'RECOVERY_WRITE_OFF_RETURN'],
    columns: [...WITH_B_POST_COLUMNS, 'updatedAt'],
  },

  // Statistics drill-downs of the project overview: read-only, by where the loans stand. The spec shows
  // no key of their own ("none shown"), so each needs the group key `statistics` only (as its own key).
  suggestList: { group: 'statistics', permission: 'statistics', states: ['collection'], events: [], columns: DEFAULT_COLUMNS },
  ysUnauditedList: { group: 'statistics', permission: 'statistics', states: ['preReview.awaitingApproval'], events: [], columns: DEFAULT_COLUMNS },
  ysApprovedList: {
    group: 'statistics',
    permission: 'statistics',
    states: ['preReview.approved', 'preReview.rejected'],
    events: [],
    columns: DEFAULT_COLUMNS,
  },
  zbNoAttendedMeetingList: {
    group: 'statistics',
    permission: 'statistics',
    states: ['generalOffice.awaitingMeeting', 'generalOffice.allocated'],
    events: [],
    columns: DEFAULT_COLUMNS,
  },
  zbAttendedMeetingList: {
    group: 'statistics',
    permission: 'statistics',
    states: ['generalOffice.voting', 'generalOffice.pendingResolution', 'generalOffice.passed', 'generalOffice.failed'],
    events: [],
    columns: DEFAULT_COLUMNS,
  },
  bsNoAttendedMeetingList: {
    group: 'statistics',
    permission: 'statistics',
    states: ['insuranceReview.awaitingMeeting', 'insuranceReview.allocated'],
    events: [],
    columns: DEFAULT_COLUMNS,
  },
  bsAttendedMeetingList: {
    group: 'statistics',
    permission: 'statistics',
    states: ['insuranceReview.voting', 'insuranceReview.pendingResolution', 'insuranceReview.passed', 'insuranceReview.failed'],
    events: [],
    columns: DEFAULT_COLUMNS,
  },
  loanContractUnauditedList: {
    group: 'statistics',
    permission: 'statistics',
    states: [
      'duringGuarantee.contract.toGenerate',
      'duringGuarantee.contract.generated',
      'duringGuarantee.contract.submitted',
      'duringGuarantee.contract.mutuallyReviewed',
    ],
    events: [],
    columns: DEFAULT_COLUMNS,
  },
  loanContractApprovedList: {
    group: 'statistics',
    permission: 'statistics',
    states: [
      'duringGuarantee.contract.reviewed',
      'duringGuarantee.contract.sealing',
      'duringGuarantee.contract.sealed',
      'duringGuarantee.contract.archiveUploaded',
      'duringGuarantee.contract.done',
    ],
    events: [],
    columns: DEFAULT_COLUMNS,
  },
  fkNoUploadedList: { group: 'statistics', permission: 'statistics', states: ['disbursement.awaitingVoucher'], events: [], columns: DEFAULT_COLUMNS },
  fkUploadedList: { group: 'statistics', permission: 'statistics', states: ['disbursement.voucherUploaded'], events: [], columns: DEFAULT_COLUMNS },
  reportUnauditedList: {
    group: 'statistics',
    permission: 'statistics',
    states: ['afterGuarantee.visitReportSubmitted'],
    events: [],
    columns: WITH_B_POST_COLUMNS,
  },
  // An approved report opens the next round (awaitingVisitReport); the state shows only the last round's.
  reportApprovedList: {
    group: 'statistics',
    permission: 'statistics',
    states: ['afterGuarantee.visitsCompleted'],
    events: [],
    columns: WITH_B_POST_COLUMNS,
  },
  statisticsRelieveList: { group: 'statistics', permission: 'statistics', states: ['release', 'closed'], events: [], columns: DEFAULT_COLUMNS },
} as const satisfies Record<string, WorklistDef>;

export type WorklistName = keyof typeof WORKLISTS;
export const WORKLIST_NAMES = Object.keys(WORKLISTS) as WorklistName[];

/** The list's title, for sheet names and headings. */
export const WORKLIST_LABELS: Readonly<Record<WorklistName, Label>> = {
  reviewMeetingList: { zh: '预审会列表', en: 'Pre-review list' },
  reviewMeetingVoteList: { zh: '预审审批', en: 'Pre-review approval' },
  zbMeetingProcessList: { zh: '总办会列表', en: 'General-office list' },
  riskControlList: { zh: 'B岗风控', en: 'B-post risk control' },
  bsMeetingProcessList: { zh: '保审会列表', en: 'Review-committee list' },
  initiateWithdrawalList: { zh: '提款列表', en: 'Withdrawal list' },
  contractList: { zh: '合同生成', en: 'Contract generation' },
  mutualReviewList: { zh: 'B岗互审', en: 'B-post mutual review' },
  contractReviewList: { zh: '合同审核', en: 'Contract review' },
  contractSealList: { zh: '合同用印', en: 'Contract sealing' },
  premiumUploadList: { zh: '保费上传', en: 'Premium upload' },
  premiumConfirmationList: { zh: '保费确认', en: 'Premium confirmation' },
  counterGuarantee: { zh: '反担保', en: 'Counter-guarantee' },
  guaranteeLetterList: { zh: '保函生成', en: 'Letter generation' },
  guaranteeLetterApprovalList: { zh: '保函审核', en: 'Letter review' },
  guaranteeLetterNew: { zh: '保函用印', en: 'Letter sealing' },
  guaranteeUploadList: { zh: '合同归档上传', en: 'Contract archive upload' },
  voucherList: { zh: '放款凭证上传', en: 'Disbursement voucher upload' },
  ledgerList: { zh: '台账', en: 'Ledger' },
  financeList: { zh: '财务列表', en: 'Finance list' },
  bPostList: { zh: 'B岗列表', en: 'B-post list' },
  leaderReviewList: { zh: '领导审核', en: 'Leader review' },
  remindList: { zh: '保后提醒', en: 'Post-loan reminders' },
  becomeList: { zh: '到期提醒', en: 'Maturity reminders' },
  repaymentList: { zh: '还款凭证上传', en: 'Repayment vouchers' },
  secure: { zh: '解保解押', en: 'Release of guarantee and security' },
  relieve: { zh: '解保台账', en: 'Release ledger' },
  overdueList: { zh: '逾期项目', en: 'Overdue loans' },
  compensationList: { zh: '代偿', en: 'Compensation' },
  recoveryList: { zh: '追偿', en: 'Recovery' },
  suggestList: { zh: '资料收集与完善', en: 'Data collection and improvement' },
  ysUnauditedList: { zh: '预审会（未审核）', en: 'Pre-review (not audited)' },
  ysApprovedList: { zh: '预审会（已审核）', en: 'Pre-review (audited)' },
  zbNoAttendedMeetingList: { zh: '总办会（未上会）', en: 'General-office meeting (not yet held)' },
  zbAttendedMeetingList: { zh: '总办会（已上会）', en: 'General-office meeting (held)' },
  bsNoAttendedMeetingList: { zh: '保审会（未上会）', en: 'Review committee (not yet held)' },
  bsAttendedMeetingList: { zh: '保审会（已上会）', en: 'Review committee (held)' },
  loanContractUnauditedList: { zh: '借款合同（未审核）', en: 'Loan contracts (not audited)' },
  loanContractApprovedList: { zh: '借款合同（已审核）', en: 'Loan contracts (audited)' },
  fkNoUploadedList: { zh: '放款凭证（未上传）', en: 'Disbursement vouchers (not uploaded)' },
  fkUploadedList: { zh: '放款凭证（已上传）', en: 'Disbursement vouchers (uploaded)' },
  reportUnauditedList: { zh: '保后报告（未审核）', en: 'Post-loan reports (not audited)' },
  reportApprovedList: { zh: '保后报告（已审核）', en: 'Post-loan reports (audited)' },
  statisticsRelieveList: { zh: '解保解押', en: 'Release of guarantees and security' },
};

/** Every key that opens a worklist besides its group's key: its own and the ones also accepted. */
export function worklistKeys(def: Pick<WorklistDef, 'permission' | 'alsoAccepted'>): readonly PermissionKey[] {
  return [def.permission, ...(def.alsoAccepted ?? [])];
}

export function isWorklistName(name: string): name is WorklistName {
  return Object.prototype.hasOwnProperty.call(WORKLISTS, name);
}

export function worklist(name: string): (WorklistDef & { name: WorklistName }) | null {
  return isWorklistName(name) ? { name, ...WORKLISTS[name] } : null;
}
