import type { EventType, Label, PermissionKey } from '@app/workflow';
import type { LoanScope } from '../loans/loan-query';

export interface ProcessList {
  /** The route key of the list (spec section 6), needed besides `meeting`. */
  permission: PermissionKey;
  /** Where its loans stand. */
  scope: readonly LoanScope[];
  /** The machine actions the list offers on a row (each still needs its own permission and the machine's yes). */
  events: readonly EventType[];
  name: Label;
}

/**
 * The stage lists of the meeting flow (spec section 2, /process), by route name. The voting lists
 * (zbMeetingVoteList, bsMeetingVoteList) belong to the meetings feature.
 */
export const PROCESS_LISTS = {
  reviewMeetingList: {
    permission: 'review_meeting_list',
    scope: [{ stage: 'preReview' }],
    events: ['PRE_REVIEW_MODIFY_AMOUNT', 'SUBMIT_TO_GENERAL_OFFICE', 'PRE_REVIEW_RESUBMIT', 'PRE_REVIEW_DISCONTINUE'],
    name: { zh: '预审会列表', en: 'Pre-review list' },
  },
  reviewMeetingVoteList: {
    permission: 'review_meeting_vote_list',
    scope: [{ stage: 'preReview', status: 'WAIT_EXAMINE' }],
    events: ['PRE_REVIEW_APPROVE', 'PRE_REVIEW_REJECT', 'PRE_REVIEW_RETURN'],
    name: { zh: '预审审批', en: 'Pre-review approval' },
  },
  zbMeetingProcessList: {
    permission: 'zb_meeting_process_list',
    // A loan back from a completed risk control goes on to the review committee from here: the
    // permission to submit it there is the general-office list's.
    scope: [{ stage: 'generalOffice' }, { stage: 'riskControl', status: 'COMPLETED' }],
    events: ['GENERAL_OFFICE_MODIFY_AMOUNT', 'SUBMIT_TO_RISK_CONTROL', 'SUBMIT_TO_INSURANCE_REVIEW', 'GENERAL_OFFICE_RESUBMIT', 'GENERAL_OFFICE_DISCONTINUE'],
    name: { zh: '总办会列表', en: 'General-office list' },
  },
  riskControlList: {
    permission: 'risk_control_list',
    scope: [{ stage: 'riskControl' }],
    events: ['CONFIRM_COMPLETE', 'REVOKE_CONFIRMATION', 'TRANSFER_DATA', 'RISK_CONTROL_DISCONTINUE'],
    name: { zh: 'B岗风控', en: 'B-post risk control' },
  },
  bsMeetingProcessList: {
    permission: 'bs_meeting_process_list',
    scope: [{ stage: 'insuranceReview' }],
    events: ['INSURANCE_REVIEW_RESUBMIT', 'INITIATE_WITHDRAWAL', 'INSURANCE_REVIEW_DISCONTINUE'],
    name: { zh: '保审会列表', en: 'Review-committee list' },
  },
  initiateWithdrawalList: {
    permission: 'initiate_withdrawal_list',
    scope: [{ stage: 'withdrawal' }],
    events: ['RECHECK_PASS', 'RECHECK_RETURN', 'LEADER_APPROVE', 'LEADER_RETURN', 'WITHDRAWAL_DISCONTINUE'],
    name: { zh: '提款列表', en: 'Withdrawal list' },
  },
} as const satisfies Record<string, ProcessList>;

export type ProcessListName = keyof typeof PROCESS_LISTS;

export function processList(name: string): ProcessList | null {
  return Object.prototype.hasOwnProperty.call(PROCESS_LISTS, name) ? PROCESS_LISTS[name as ProcessListName] : null;
}
