/**
 * Words for people, in zh-CN and en: the stages with their process codes, the status enumerations of
 * spec section 4, a label and a status for every state of the machine, and a button label for every
 * event. Tests check that nothing in the machine is left without words.
 */

import type { StageKey } from './context';
import type { EventType, RiskClassification } from './events';

/**
 * Words in both languages: the one label shape of the three workspaces (these tables, the permission
 * tree, the server's messages and message parameters, the web's data-driven labels).
 */
export interface Label {
  zh: string;
  en: string;
}

const l = (zh: string, en: string): Label => ({ zh, en });

export interface StageInfo extends Label {
  key: StageKey;
  /** Process code of spec section 4; null for stages the spec gives no code. */
  code: string | null;
  /** Position in the pipeline, 1-based (spec section 1); final states come last. */
  order: number;
  /**
   * A branch off the main line, taken only by a loan that goes bad (compensation, recovery): timelines do
   * not show it as a stage still to come, nor main-line stages as skipped on the way into it.
   */
  branch?: 'badLoan';
}

export const STAGES: readonly StageInfo[] = [
  { key: 'collection', code: 'ZLSJYWS', order: 1, ...l('资料收集与完善', 'Data collection') },
  { key: 'preReview', code: 'YSH', order: 2, ...l('预审会', 'Pre-review') },
  { key: 'generalOffice', code: 'ZBH', order: 3, ...l('总办会', 'General-office meeting') },
  { key: 'riskControl', code: null, order: 4, ...l('B岗风控', 'B-post risk control') },
  { key: 'insuranceReview', code: 'BSH', order: 5, ...l('保审会', 'Review committee') },
  { key: 'withdrawal', code: null, order: 6, ...l('提款', 'Withdrawal') },
  {
    key: 'duringGuarantee',
    code: 'DKHT',
    order: 7,
    ...l('保中（合同、保费、反担保、保函）', 'During guarantee (contract, premium, counter-guarantee, letter)'),
  },
  { key: 'disbursement', code: 'FKPZ', order: 8, ...l('放款凭证', 'Disbursement voucher') },
  { key: 'afterGuarantee', code: 'BHBG', order: 9, ...l('保后管理', 'After guarantee') },
  { key: 'release', code: 'DBDZYJC', order: 10, ...l('解保解押', 'Release of guarantee and collateral') },
  // The bad-loan path (version 2) branches off after guarantee; the regulator gives it no process code.
  { key: 'compensation', code: null, order: 11, branch: 'badLoan', ...l('代偿', 'Compensation') },
  { key: 'recovery', code: null, order: 12, branch: 'badLoan', ...l('追偿', 'Recovery') },
  { key: 'closed', code: null, order: 13, ...l('已结束', 'Closed') },
  { key: 'discontinued', code: null, order: 14, ...l('已终止', 'Discontinued') },
];

export function stageInfo(key: StageKey): StageInfo {
  const info = STAGES.find((stage) => stage.key === key);
  if (!info) throw new Error(`unknown stage ${key}`);
  return info;
}

/** The status enumerations of spec section 4 (key: words). Keys keep the spec's spelling. */
export const STATUS_ENUMERATIONS = {
  material: {
    TO_BE_IMPROVED: l('待完善', 'To be improved'),
    SUBMITTED: l('已提交', 'Submitted'),
    RECEIPT: l('已接收', 'Received'),
    REJECT: l('已退回', 'Returned'),
  },
  approval: {
    WAIT_EXAMINE: l('待审核', 'Awaiting approval'),
    EXAMINE_PASS: l('审核通过', 'Approved'),
    EXAMINE_FAIL: l('审核不通过', 'Rejected'),
    RETURN: l('退回', 'Returned'),
  },
  vote: {
    NOT_STARTED: l('未开始', 'Not started'),
    PASSED: l('通过', 'Passed'),
    FAIL: l('未通过', 'Failed'),
    PENGING_RESOLUTION: l('待决议', 'Pending resolution'),
  },
  perfection: {
    NOT_COMPLETED: l('未完成', 'Not completed'),
    COMPLETED: l('已完成', 'Completed'),
  },
  submission: {
    TO_BE_SUBMITTED: l('待提交', 'To be submitted'),
    SUBMITTED: l('已提交', 'Submitted'),
  },
  submit: {
    TO_BE_SUBMIT: l('待提交', 'To be submitted'),
    SUBMIT: l('已提交', 'Submitted'),
  },
  upload: {
    NOT_UPLOADED: l('未上传', 'Not uploaded'),
    UPLOADED: l('已上传', 'Uploaded'),
  },
  confirmation: {
    TO_BE_CONFIRMED: l('待确认', 'To be confirmed'),
    CONFIRMED: l('已确认', 'Confirmed'),
  },
  completion: {
    INCOMPLETE: l('未完成', 'Incomplete'),
    COMPLETED: l('已完成', 'Completed'),
  },
  project: {
    NORMAL: l('进行中', 'In progress'),
    DISCONTINUE: l('已终止', 'Discontinued'),
    // Not in the spec's enumeration: a loan that went the whole way is over, not "in progress".
    ENDED: l('已结束', 'Ended'),
  },
  disbursement: {
    PENDING_LOAN_DISBURSEMENT: l('待放款', 'Awaiting disbursement'),
    DISBURSED: l('已放款', 'Disbursed'),
  },
  // The spec reuses the disbursement keys for repayment, meaning awaiting repayment / repaid.
  repayment: {
    PENDING_LOAN_DISBURSEMENT: l('待还款', 'Awaiting repayment'),
    DISBURSED: l('已还款', 'Repaid'),
  },
  release: {
    UNRESOLVED: l('未解除', 'Not released'),
    RELEASED: l('已解除', 'Released'),
  },
  // Not in the spec: the bad-loan path's own statuses.
  compensation: {
    AWAITING_DECISION: l('待审批', 'Awaiting decision'),
    APPROVED: l('已批准，待支付', 'Approved, to pay'),
  },
  recovery: {
    UNDER_WAY: l('追偿中', 'Recovery under way'),
    WRITE_OFF_PENDING: l('核销待审批', 'Write-off awaiting approval'),
  },
} as const satisfies Record<string, Record<string, Label>>;

export type StatusEnumeration = keyof typeof STATUS_ENUMERATIONS;

export interface StatusLabel extends Label {
  enumeration: StatusEnumeration;
  key: string;
}

export type StatusRef = { [E in StatusEnumeration]: [E, keyof (typeof STATUS_ENUMERATIONS)[E]] }[StatusEnumeration];

export function statusLabel([enumeration, key]: StatusRef): StatusLabel {
  const words = (STATUS_ENUMERATIONS[enumeration] as Record<string, Label>)[key as string];
  return { enumeration, key: key as string, zh: words.zh, en: words.en };
}

export interface StateLabel extends Label {
  /** The spec status shown for this state (leaf states and stages). */
  status?: StatusRef;
}

const s = (zh: string, en: string, status?: StatusRef): StateLabel => (status ? { zh, en, status } : { zh, en });

function meetingStateLabels(stage: 'generalOffice' | 'insuranceReview'): Record<string, StateLabel> {
  return {
    [`${stage}.awaitingMeeting`]: s('待分配会议', 'Awaiting allocation to a meeting', ['vote', 'NOT_STARTED']),
    [`${stage}.allocated`]: s('已分配会议，待开会', 'Allocated to a meeting', ['vote', 'NOT_STARTED']),
    [`${stage}.voting`]: s('会议进行中，投票中', 'Meeting in progress: voting', ['vote', 'NOT_STARTED']),
    [`${stage}.passed`]: s('表决通过', 'Passed', ['vote', 'PASSED']),
    [`${stage}.failed`]: s('表决未通过', 'Failed', ['vote', 'FAIL']),
    [`${stage}.pendingResolution`]: s('待决议', 'Pending resolution', ['vote', 'PENGING_RESOLUTION']),
  };
}

/** Every state of the machine by path (`stage.subState.leaf`). */
export const STATE_LABELS: Readonly<Record<string, StateLabel>> = {
  collection: s('资料收集与完善', 'Data collection'),
  'collection.toBeImproved': s('资料待完善', 'Materials to be improved', ['material', 'TO_BE_IMPROVED']),
  'collection.returned': s('资料已退回，待重新提交', 'Materials returned, to be resubmitted', ['material', 'REJECT']),
  'collection.submitted': s('资料已提交，待接收', 'Materials submitted, awaiting receipt', ['material', 'SUBMITTED']),
  'collection.received': s('资料已接收，待提交预审会', 'Materials received, to submit to pre-review', ['material', 'RECEIPT']),

  preReview: s('预审会', 'Pre-review'),
  'preReview.awaitingApproval': s('预审待审批', 'Awaiting pre-review approval', ['approval', 'WAIT_EXAMINE']),
  'preReview.approved': s('预审通过，待提交总办会', 'Pre-review approved, to submit to the general office', ['approval', 'EXAMINE_PASS']),
  'preReview.rejected': s('预审不通过，可重新提交', 'Pre-review rejected, may be resubmitted', ['approval', 'EXAMINE_FAIL']),

  generalOffice: s('总办会', 'General-office meeting'),
  ...meetingStateLabels('generalOffice'),

  riskControl: s('B岗风控', 'B-post risk control'),
  'riskControl.inProgress': s('风控资料完善中', 'Risk control in progress', ['perfection', 'NOT_COMPLETED']),
  'riskControl.completed': s('风控已确认完成', 'Risk control confirmed complete', ['perfection', 'COMPLETED']),

  insuranceReview: s('保审会', 'Review committee'),
  ...meetingStateLabels('insuranceReview'),

  withdrawal: s('提款', 'Withdrawal'),
  'withdrawal.bPostRecheck': s('待B岗复核', 'Awaiting B-post recheck', ['approval', 'WAIT_EXAMINE']),
  'withdrawal.leaderReview': s('待领导审核', 'Awaiting leader review', ['approval', 'WAIT_EXAMINE']),

  duringGuarantee: s('保中管理', 'During guarantee', ['completion', 'INCOMPLETE']),
  'duringGuarantee.contract': s('合同', 'Contract'),
  'duringGuarantee.contract.toGenerate': s('待生成合同', 'Contract to be generated', ['submission', 'TO_BE_SUBMITTED']),
  'duringGuarantee.contract.generated': s('合同已生成，待提交审核', 'Contract generated, to submit for review', ['submission', 'TO_BE_SUBMITTED']),
  'duringGuarantee.contract.submitted': s('待B岗互审', 'Awaiting B-post mutual review', ['approval', 'WAIT_EXAMINE']),
  'duringGuarantee.contract.mutuallyReviewed': s('待合同审核', 'Awaiting contract review', ['approval', 'WAIT_EXAMINE']),
  'duringGuarantee.contract.reviewed': s('待用印确认', 'Awaiting sealing confirmation', ['confirmation', 'TO_BE_CONFIRMED']),
  'duringGuarantee.contract.sealing': s('用印中', 'Sealing', ['completion', 'INCOMPLETE']),
  'duringGuarantee.contract.sealed': s('已用印，待上传归档合同', 'Sealed, archive copy to upload', ['upload', 'NOT_UPLOADED']),
  'duringGuarantee.contract.archiveUploaded': s('归档合同已上传，待确认', 'Archive copy uploaded, to confirm', ['confirmation', 'TO_BE_CONFIRMED']),
  'duringGuarantee.contract.done': s('合同已归档', 'Contract archived', ['completion', 'COMPLETED']),
  'duringGuarantee.premium': s('保费', 'Premium'),
  'duringGuarantee.premium.toUpload': s('保费待上传', 'Premium to upload', ['upload', 'NOT_UPLOADED']),
  'duringGuarantee.premium.uploaded': s('保费已上传，待提交', 'Premium uploaded, to submit', ['submit', 'TO_BE_SUBMIT']),
  'duringGuarantee.premium.submitted': s('保费待财务确认', 'Premium awaiting finance confirmation', ['confirmation', 'TO_BE_CONFIRMED']),
  'duringGuarantee.premium.done': s('保费已确认', 'Premium confirmed', ['confirmation', 'CONFIRMED']),
  'duringGuarantee.counterGuarantee': s('反担保', 'Counter-guarantee'),
  'duringGuarantee.counterGuarantee.pending': s('反担保待B岗确认', 'Counter-guarantee awaiting B-post confirmation', ['confirmation', 'TO_BE_CONFIRMED']),
  'duringGuarantee.counterGuarantee.confirmed': s('反担保已确认，待上传附件', 'Counter-guarantee confirmed, attachments to upload', ['upload', 'NOT_UPLOADED']),
  'duringGuarantee.counterGuarantee.done': s('反担保附件已上传', 'Counter-guarantee attachments uploaded', ['upload', 'UPLOADED']),
  'duringGuarantee.letter': s('保函', 'Guarantee letter'),
  'duringGuarantee.letter.toGenerate': s('待生成保函', 'Letter to be generated', ['submission', 'TO_BE_SUBMITTED']),
  'duringGuarantee.letter.generated': s('保函已生成，待提交', 'Letter generated, to submit', ['submission', 'TO_BE_SUBMITTED']),
  'duringGuarantee.letter.inReview': s('保函待审核', 'Letter awaiting review', ['approval', 'WAIT_EXAMINE']),
  'duringGuarantee.letter.approved': s('保函审核通过，待用印确认', 'Letter approved, awaiting sealing confirmation', ['approval', 'EXAMINE_PASS']),
  'duringGuarantee.letter.sealing': s('保函用印中', 'Letter sealing', ['completion', 'INCOMPLETE']),
  'duringGuarantee.letter.sealed': s('保函已用印，待上传盖章保函', 'Letter sealed, sealed copy to upload', ['upload', 'NOT_UPLOADED']),
  'duringGuarantee.letter.done': s('盖章保函已上传', 'Sealed letter uploaded', ['upload', 'UPLOADED']),

  disbursement: s('放款凭证', 'Disbursement voucher'),
  'disbursement.awaitingVoucher': s('待上传放款凭证', 'Voucher to upload', ['disbursement', 'PENDING_LOAN_DISBURSEMENT']),
  'disbursement.voucherUploaded': s('放款凭证已上传，待确认', 'Voucher uploaded, to confirm', ['disbursement', 'PENDING_LOAN_DISBURSEMENT']),

  afterGuarantee: s('保后管理', 'After guarantee'),
  'afterGuarantee.awaitingVisitReport': s('保后走访报告待提交', 'Visit report to submit', ['repayment', 'PENDING_LOAN_DISBURSEMENT']),
  'afterGuarantee.visitReportSubmitted': s('保后走访报告待领导审核', 'Visit report awaiting leader review', ['repayment', 'PENDING_LOAN_DISBURSEMENT']),
  'afterGuarantee.visitsCompleted': s('保后走访已完成，待还清', 'Visits completed, awaiting full repayment', ['repayment', 'PENDING_LOAN_DISBURSEMENT']),

  compensation: s('代偿', 'Compensation'),
  'compensation.awaitingDecision': s('代偿申请待审批', 'Compensation awaiting decision', ['compensation', 'AWAITING_DECISION']),
  // the decision's own steps: the leader's approval, or the review committee's vote at a meeting
  // awaiting the leader's approval or a review-committee meeting: the same words as the decision itself
  'compensation.awaitingDecision.awaitingMeeting': s('代偿申请待审批', 'Compensation awaiting decision', ['compensation', 'AWAITING_DECISION']),
  'compensation.awaitingDecision.allocated': s('代偿已分配保审会，待开会', 'Compensation allocated to a review-committee meeting', [
    'compensation',
    'AWAITING_DECISION',
  ]),
  'compensation.awaitingDecision.voting': s('保审会进行中，代偿表决中', 'Review committee in progress: voting on the compensation', [
    'compensation',
    'AWAITING_DECISION',
  ]),
  'compensation.awaitingDecision.pendingResolution': s('代偿表决待决议', 'Compensation vote pending resolution', ['compensation', 'AWAITING_DECISION']),
  'compensation.approved': s('代偿已批准，待支付', 'Compensation approved, to pay', ['compensation', 'APPROVED']),

  recovery: s('追偿', 'Recovery'),
  'recovery.underWay': s('追偿中', 'Recovery under way', ['recovery', 'UNDER_WAY']),
  'recovery.writeOffPending': s('核销待领导审批', 'Write-off awaiting the leader', ['recovery', 'WRITE_OFF_PENDING']),

  release: s('解保解押', 'Release'),
  'release.unresolved': s('待解保解押', 'Awaiting release', ['release', 'UNRESOLVED']),

  closed: s('已解保，项目结束', 'Released and closed', ['release', 'RELEASED']),
  discontinued: s('项目已终止', 'Project discontinued', ['project', 'DISCONTINUE']),
};

/** Button words for every event. */
export const EVENT_LABELS: Readonly<Record<EventType, Label>> = {
  SUBMIT_MATERIALS: l('提交资料', 'Submit materials'),
  RETURN_MATERIALS: l('退回资料', 'Return materials'),
  CONFIRM_RECEIPT: l('确认接收', 'Confirm receipt'),
  SUBMIT_TO_PRE_REVIEW: l('提交预审会', 'Submit to pre-review'),
  COLLECTION_DISCONTINUE: l('终止项目', 'Discontinue'),
  PRE_REVIEW_APPROVE: l('审批通过', 'Approve'),
  PRE_REVIEW_REJECT: l('审批不通过', 'Reject'),
  PRE_REVIEW_RETURN: l('退回资料收集', 'Return to data collection'),
  PRE_REVIEW_RESUBMIT: l('重新提交审核', 'Resubmit for review'),
  PRE_REVIEW_MODIFY_AMOUNT: l('修改金额', 'Modify amount'),
  PRE_REVIEW_DISCONTINUE: l('终止项目', 'Discontinue'),
  SUBMIT_TO_GENERAL_OFFICE: l('提交总办会', 'Submit to general office'),
  GENERAL_OFFICE_ALLOCATE: l('分配到总办会', 'Allocate to a general-office meeting'),
  GENERAL_OFFICE_CANCEL_ALLOCATION: l('取消分配', 'Cancel allocation'),
  GENERAL_OFFICE_MEETING_STARTED: l('开始会议', 'Start meeting'),
  GENERAL_OFFICE_MEETING_CANCELLED: l('取消会议', 'Cancel meeting'),
  GENERAL_OFFICE_CAST_VOTE: l('投票', 'Vote'),
  GENERAL_OFFICE_MEETING_ENDED: l('结束会议', 'End meeting'),
  GENERAL_OFFICE_UPDATE_RESOLUTION: l('更新决议', 'Update resolution'),
  GENERAL_OFFICE_RESUBMIT: l('重新提交', 'Resubmit'),
  GENERAL_OFFICE_MODIFY_AMOUNT: l('修改金额', 'Modify amount'),
  GENERAL_OFFICE_DISCONTINUE: l('终止项目', 'Discontinue'),
  SUBMIT_TO_RISK_CONTROL: l('提交B岗风控', 'Submit to B-post risk control'),
  SUBMIT_TO_INSURANCE_REVIEW: l('提交保审会', 'Submit to review committee'),
  CONFIRM_COMPLETE: l('确认完成', 'Confirm complete'),
  REVOKE_CONFIRMATION: l('撤销确认', 'Revoke confirmation'),
  TRANSFER_DATA: l('转移数据', 'Transfer data'),
  RISK_CONTROL_DISCONTINUE: l('终止项目', 'Discontinue'),
  INSURANCE_REVIEW_ALLOCATE: l('分配到保审会', 'Allocate to a review-committee meeting'),
  INSURANCE_REVIEW_CANCEL_ALLOCATION: l('取消分配', 'Cancel allocation'),
  INSURANCE_REVIEW_MEETING_STARTED: l('开始会议', 'Start meeting'),
  INSURANCE_REVIEW_MEETING_CANCELLED: l('取消会议', 'Cancel meeting'),
  INSURANCE_REVIEW_CAST_VOTE: l('投票', 'Vote'),
  INSURANCE_REVIEW_MEETING_ENDED: l('结束会议', 'End meeting'),
  INSURANCE_REVIEW_UPDATE_RESOLUTION: l('更新决议', 'Update resolution'),
  INSURANCE_REVIEW_RESUBMIT: l('重新提交', 'Resubmit'),
  INSURANCE_REVIEW_DISCONTINUE: l('终止项目', 'Discontinue'),
  INITIATE_WITHDRAWAL: l('发起提款', 'Initiate withdrawal'),
  RECHECK_PASS: l('B岗复核通过', 'B-post recheck: pass'),
  RECHECK_RETURN: l('B岗复核退回', 'B-post recheck: return'),
  LEADER_APPROVE: l('领导审核通过', 'Leader review: approve'),
  LEADER_RETURN: l('领导审核退回', 'Leader review: return'),
  REGULATORY_OVERRIDE: l('监管指标超限放行', 'Override regulatory limits'),
  WITHDRAWAL_DISCONTINUE: l('终止项目', 'Discontinue'),
  CONTRACT_GENERATE: l('生成合同', 'Generate contract'),
  CONTRACT_DELETE: l('删除合同', 'Delete contract'),
  CONTRACT_SUBMIT_REVIEW: l('提交审核', 'Submit for review'),
  CONTRACT_MUTUAL_REVIEW_PASS: l('互审通过', 'Mutual review: pass'),
  CONTRACT_MUTUAL_REVIEW_RETURN: l('互审退回', 'Mutual review: return'),
  CONTRACT_REVIEW_PASS: l('合同审核通过', 'Contract review: pass'),
  CONTRACT_REVIEW_RETURN: l('合同审核退回', 'Contract review: return'),
  CONTRACT_SEAL_CONFIRM: l('用印确认', 'Confirm sealing'),
  CONTRACT_SEAL_COMPLETE: l('用印完成', 'Sealing complete'),
  CONTRACT_ARCHIVE_UPLOAD: l('上传归档合同', 'Upload archive copy'),
  CONTRACT_ARCHIVE_CONFIRM: l('确认归档', 'Confirm archive'),
  PREMIUM_ADD: l('新增保费', 'Add premium'),
  PREMIUM_EDIT: l('编辑保费', 'Edit premium'),
  PREMIUM_SUBMIT: l('提交保费', 'Submit premium'),
  PREMIUM_REVOKE: l('撤回保费', 'Revoke premium'),
  PREMIUM_CONFIRM: l('保费确认通过', 'Confirm premium'),
  COUNTER_GUARANTEE_CONFIRM: l('B岗确认反担保', 'B-post: confirm counter-guarantee'),
  COUNTER_GUARANTEE_UPLOAD: l('上传反担保附件', 'Upload counter-guarantee attachments'),
  LETTER_GENERATE: l('选择银行生成保函', 'Generate letter for a bank'),
  LETTER_SUBMIT: l('提交保函', 'Submit letter'),
  LETTER_APPROVE: l('保函审核通过', 'Approve letter'),
  LETTER_RETURN: l('一键退回', 'One-click return'),
  LETTER_SEAL_CONFIRM: l('保函用印确认', 'Confirm letter sealing'),
  LETTER_SEAL_COMPLETE: l('保函用印完成', 'Letter sealing complete'),
  LETTER_UPLOAD_SEALED: l('上传盖章保函', 'Upload sealed letter'),
  DURING_GUARANTEE_DISCONTINUE: l('终止项目', 'Discontinue'),
  VOUCHER_UPLOAD: l('上传放款凭证', 'Upload disbursement voucher'),
  VOUCHER_CONFIRM: l('确认放款', 'Confirm disbursement'),
  VISIT_SUBMIT_REPORT: l('提交保后报告', 'Submit visit report'),
  VISIT_APPROVE: l('保后报告审核通过', 'Approve visit report'),
  VISIT_RETURN: l('保后报告退回', 'Return visit report'),
  RECORD_REPAYMENT: l('上传还款凭证', 'Record repayment'),
  REPAYMENT_PLAN_EDIT: l('修改还款计划', 'Edit repayment plan'),
  OVERDUE_NOTICE: l('登记银行逾期通知', "Record the bank's overdue notice"),
  EXTENSION_APPLY: l('申请展期', 'Apply for an extension'),
  EXTENSION_APPROVE: l('批准展期', 'Approve the extension'),
  EXTENSION_RETURN: l('退回展期申请', 'Return the extension'),
  COMPENSATION_APPLY: l('申请代偿', 'Apply for compensation'),
  COMPENSATION_APPROVE: l('批准代偿', 'Approve the compensation'),
  COMPENSATION_REFUSE: l('不予代偿', 'Refuse the compensation'),
  COMPENSATION_PAY: l('确认代偿支付', 'Confirm the compensation payment'),
  RECOVERY_STAGE: l('登记追偿阶段', 'Record a recovery stage'),
  RECOVERY_RECORD: l('登记追偿回款', 'Record a recovery'),
  RECOVERY_CLOSE: l('追偿结案', 'Close the recovery'),
  RECOVERY_WRITE_OFF_APPROVE: l('批准核销', 'Approve the write-off'),
  RECOVERY_WRITE_OFF_RETURN: l('退回核销申请', 'Return the write-off'),
  CONFIRM_RELEASE: l('确认解除', 'Confirm release'),
  OPERATOR_MOVE: l('运维移动节点', 'Operator move'),
};

/** The five risk classification levels (VISIT_SUBMIT_REPORT's `classification`). */
export const RISK_CLASSIFICATION_LABELS: Readonly<Record<RiskClassification, Label>> = {
  NORMAL: l('正常', 'Normal'),
  SPECIAL_MENTION: l('关注', 'Special mention'),
  SUBSTANDARD: l('次级', 'Substandard'),
  DOUBTFUL: l('可疑', 'Doubtful'),
  LOSS: l('损失', 'Loss'),
};
