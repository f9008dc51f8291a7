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
] as const;
export type WorklistColumn = (typeof WORKLIST_COLUMNS)[number];

export interface WorklistDef {
  group: WorklistGroup;
  /** The list's own route key (spec section 6); the group's key is needed besides. */
  permission: string;
  /** Machine state paths (dotted, e.g. `duringGuarantee.contract.submitted`); a stage name covers all its states. */
  states: readonly string[];
  /** The machine actions a row offers (each still needs its permission and the machine's yes). */
  events: readonly EventType[];
  columns: readonly WorklistColumn[];
}

/** The columns most lists show. */
export const DEFAULT_COLUMNS: readonly WorklistColumn[] = ['companyName', 'amount', 'termMonths', 'bank', 'status', 'step', 'aPostOfficer', 'createdAt'];

/** The key that opens a worklist group (spec section 2). */
export const WORKLIST_GROUP_PERMISSIONS: Readonly<Record<WorklistGroup, string>> = {
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
    columns: [...DEFAULT_COLUMNS, 'bPostOfficer'],
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
    events: ['RECHECK_PASS', 'RECHECK_RETURN', 'LEADER_APPROVE', 'LEADER_RETURN', 'WITHDRAWAL_DISCONTINUE'],
    columns: DEFAULT_COLUMNS,
  },
  // The /protectMiddle, /protectAfter and statistics drill-down entries follow the same shape.
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
};

export function isWorklistName(name: string): name is WorklistName {
  return Object.prototype.hasOwnProperty.call(WORKLISTS, name);
}

export function worklist(name: string): (WorklistDef & { name: WorklistName }) | null {
  return isWorklistName(name) ? { name, ...WORKLISTS[name] } : null;
}
