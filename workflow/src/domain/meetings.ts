/**
 * Meetings, their attendees and the archive's attachment kinds, as data shared by the server and
 * the web: the three meeting kinds of the data library, the meeting status of spec section 4, which
 * machine event each meeting step sends for each kind, the rules of the meeting form, and the
 * attachment kinds of spec section 3. Pure: no I/O, no clock.
 */

import type { MeetingStage } from '../context';
import type { EventType } from '../events';
import { VOTE_OPINIONS, type VoteOpinion } from '../events';
import type { Label } from '../labels';
import type { PermissionKey } from '../permissions';
import { DEFAULT_VOTE_RULES, validateVoteRule, type MeetingType, type VoteRule } from '../votes';

const l = (zh: string, en: string): Label => ({ zh, en });

/** YS pre-review meeting, ZB general-office meeting, BS review committee (保审会). */
export const MEETING_KINDS = ['YS', 'ZB', 'BS'] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];

/** The kinds that vote through the machine; attendees are pooled per voting kind. */
export const VOTING_MEETING_KINDS = ['ZB', 'BS'] as const;
export type VotingMeetingKind = (typeof VOTING_MEETING_KINDS)[number];

export const MEETING_KIND_LABELS: Readonly<Record<MeetingKind, Label>> = {
  YS: l('预审会', 'Pre-review meeting'),
  ZB: l('总办会', 'General-office meeting'),
  BS: l('保审会', 'Review-committee meeting'),
};

export function isVotingMeetingKind(value: unknown): value is VotingMeetingKind {
  return value === 'ZB' || value === 'BS';
}

/**
 * The machine's meeting type and the stages whose loans a voting meeting decides: the review committee
 * decides loans in insuranceReview and compensations (代偿) awaiting their decision.
 */
export const MEETING_TYPE_OF_KIND: Readonly<Record<VotingMeetingKind, MeetingType>> = {
  ZB: 'GENERAL_OFFICE',
  BS: 'REVIEW_COMMITTEE',
};
export const MEETING_STAGES_OF_KIND: Readonly<Record<VotingMeetingKind, readonly MeetingStage[]>> = {
  ZB: ['generalOffice'],
  BS: ['insuranceReview', 'compensation'],
};

export function defaultVoteRule(kind: VotingMeetingKind): VoteRule {
  return { ...DEFAULT_VOTE_RULES[MEETING_TYPE_OF_KIND[kind]] };
}

/** Meeting status of spec section 4. */
export const MEETING_STATUSES = ['PREPARATION', 'START', 'END', 'CANCEL'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

export const MEETING_STATUS_LABELS: Readonly<Record<MeetingStatus, Label>> = {
  PREPARATION: l('待开始', 'To start'),
  START: l('进行中', 'In progress'),
  END: l('已结束', 'Ended'),
  CANCEL: l('已取消', 'Cancelled'),
};

/** A fraction as a percentage with at most two decimals: 0.5 -> "50%", 2/3 -> "66.67%". */
export function percent(fraction: number): string {
  return `${Number((fraction * 100).toFixed(2))}%`;
}

/** A vote rule in words, for the meeting pages and the minutes. */
export function describeVoteRule(rule: VoteRule): Label {
  const baseZh = rule.base === 'cast' ? '有效票（同意+不同意）' : '全体参会人员';
  const baseEn = rule.base === 'cast' ? 'the votes cast (agree + disagree)' : 'all attendees';
  const whenZh = rule.passWhen === 'above' ? '超过' : '达到';
  const whenEn = rule.passWhen === 'above' ? 'more than' : 'at least';
  const tieZh = rule.passWhen === 'above' ? (rule.onTie === 'FAIL' ? '；恰好持平为未通过' : '；恰好持平为待决议') : '';
  const tieEn =
    rule.passWhen === 'above' ? (rule.onTie === 'FAIL' ? '; exactly on the threshold fails' : '; exactly on the threshold awaits a resolution') : '';
  return {
    zh: `投票人数须达参会人员的 ${percent(rule.quorum)}；同意票${whenZh}${baseZh}的 ${percent(rule.passThreshold)} 为通过${tieZh}`,
    en: `At least ${percent(rule.quorum)} of the attendees must vote; it passes when the agreeing votes are ${whenEn} ${percent(rule.passThreshold)} of ${baseEn}${tieEn}`,
  };
}

/** What can be done to a meeting as a whole. */
/**
 * Events that move a whole meeting's loans together (allocate, start, end, cancel): only the meeting
 * library sends them (with the meeting's status, in one transaction), never one loan's own page or
 * request. Votes and resolutions stay per loan.
 */
export function isMeetingLibraryEvent(type: string): boolean {
  return /_(ALLOCATE|CANCEL_ALLOCATION|MEETING_STARTED|MEETING_ENDED|MEETING_CANCELLED)$/.test(type);
}

export const MEETING_STEPS = ['allocate', 'cancelAllocation', 'start', 'end', 'cancel'] as const;
export type MeetingStep = (typeof MEETING_STEPS)[number];

/** The meeting statuses each step is possible in (the loans' machines decide the rest). */
export const MEETING_STEP_FROM: Readonly<Record<MeetingStep, readonly MeetingStatus[]>> = {
  allocate: ['PREPARATION'],
  cancelAllocation: ['PREPARATION'],
  start: ['PREPARATION'],
  end: ['START'],
  cancel: ['PREPARATION', 'START'],
};

/** The status a step leaves the meeting in (allocation steps leave it as it is). */
export const MEETING_STEP_TO: Readonly<Partial<Record<MeetingStep, MeetingStatus>>> = {
  start: 'START',
  end: 'END',
  cancel: 'CANCEL',
};

export function meetingStepAllowed(status: MeetingStatus, step: MeetingStep): boolean {
  return MEETING_STEP_FROM[step].includes(status);
}

/** The machine event each meeting step sends to every loan concerned, per voting kind. */
export interface MeetingEventTypes {
  allocate: EventType;
  cancelAllocation: EventType;
  start: EventType;
  end: EventType;
  cancel: EventType;
  vote: EventType;
  resolution: EventType;
}

export const MEETING_EVENTS: Readonly<Record<VotingMeetingKind, MeetingEventTypes>> = {
  ZB: {
    allocate: 'GENERAL_OFFICE_ALLOCATE',
    cancelAllocation: 'GENERAL_OFFICE_CANCEL_ALLOCATION',
    start: 'GENERAL_OFFICE_MEETING_STARTED',
    end: 'GENERAL_OFFICE_MEETING_ENDED',
    cancel: 'GENERAL_OFFICE_MEETING_CANCELLED',
    vote: 'GENERAL_OFFICE_CAST_VOTE',
    resolution: 'GENERAL_OFFICE_UPDATE_RESOLUTION',
  },
  BS: {
    allocate: 'INSURANCE_REVIEW_ALLOCATE',
    cancelAllocation: 'INSURANCE_REVIEW_CANCEL_ALLOCATION',
    start: 'INSURANCE_REVIEW_MEETING_STARTED',
    end: 'INSURANCE_REVIEW_MEETING_ENDED',
    cancel: 'INSURANCE_REVIEW_MEETING_CANCELLED',
    vote: 'INSURANCE_REVIEW_CAST_VOTE',
    resolution: 'INSURANCE_REVIEW_UPDATE_RESOLUTION',
  },
};

/** Permission codes of the data-library pages (spec section 6), per kind. */
export interface MeetingPermissions {
  list: PermissionKey;
  add: PermissionKey;
  allocate: PermissionKey;
  detail: PermissionKey;
  cancelAllocation: PermissionKey;
  start: PermissionKey;
  end: PermissionKey;
  cancel: PermissionKey;
  voteDetail: PermissionKey;
  updateResolution: PermissionKey;
  uploadMinutes: PermissionKey;
  exportMinutes: PermissionKey;
}

const meetingPermissions = (k: 'zb' | 'bs'): MeetingPermissions => ({
  list: `${k}_meeting_list`,
  add: `sys:${k}-meeting:add`,
  allocate: `sys:${k}-meeting:allocate`,
  detail: `sys:${k}-meeting:detail`,
  cancelAllocation: `sys:${k}-meeting:cancel-allocation`,
  start: `sys:${k}-meeting:start`,
  end: `sys:${k}-meeting:end`,
  cancel: `sys:${k}-meeting:cancel`,
  voteDetail: `sys:${k}-meeting:vote-detail`,
  updateResolution: `sys:${k}-meeting:update-resolution`,
  uploadMinutes: `sys:${k}-meeting:upload-minutes`,
  exportMinutes: `sys:${k}-meeting:export-minutes`,
});

export const MEETING_PERMISSIONS: Readonly<Record<VotingMeetingKind, MeetingPermissions>> = {
  ZB: meetingPermissions('zb'),
  BS: meetingPermissions('bs'),
};

export const YS_MEETING_PERMISSIONS = {
  list: 'ys_meeting_list',
  uploadMinutes: 'sys:ys-meeting:upload-minutes',
  exportMinutes: 'sys:ys-meeting:export-minutes',
} as const;

/** The voting pages (/process/zbMeetingVoteList and the review-committee twin), per kind. */
export interface VotePermissions {
  list: PermissionKey;
  detail: PermissionKey;
  vote: PermissionKey;
  /** Report previews: one for the general office, A-post and B-post for the review committee. */
  previews: readonly PermissionKey[];
}

export const VOTE_PERMISSIONS: Readonly<Record<VotingMeetingKind, VotePermissions>> = {
  ZB: { list: 'zb_meeting_vote_list', detail: 'sys:zb-vote:detail', vote: 'sys:zb-vote:vote', previews: ['sys:zb-vote:preview'] },
  BS: { list: 'bs_meeting_vote_list', detail: 'sys:bs-vote:detail', vote: 'sys:bs-vote:vote', previews: ['sys:bs-vote:a-report', 'sys:bs-vote:b-report'] },
};

export const VOTE_OPINION_LABELS: Readonly<Record<VoteOpinion, Label>> = {
  AGREE: l('同意', 'Agree'),
  DISAGREE: l('不同意', 'Disagree'),
  ABSTAIN: l('弃权', 'Abstain'),
};

export function isVoteOpinion(value: unknown): value is VoteOpinion {
  return (VOTE_OPINIONS as readonly unknown[]).includes(value);
}

/** Longest vote comment kept, in characters. */
export const VOTE_COMMENT_MAX = 500;

// --- the meeting form --------------------------------------------------------------------------

export const MEETING_TITLE_MAX = 100;
export const MEETING_PLACE_MAX = 100;
/** More attendees than this is not a meeting but a mistake. */
export const MEETING_ATTENDEES_MAX = 50;
/** Loans allocated in one request. */
export const ALLOCATION_BATCH_MAX = 50;

export interface MeetingDraft {
  title: string;
  heldAt: string;
  place: string;
  attendeeIds: readonly string[];
  /** Omitted: the kind's default rule. */
  rule?: VoteRule | null;
}

export type MeetingIssueKey = 'required' | 'tooLong' | 'time' | 'attendeesRequired' | 'attendeesDistinct' | 'attendeesTooMany' | 'rule';

export interface MeetingIssue {
  field: 'title' | 'heldAt' | 'place' | 'attendeeIds' | 'rule';
  key: MeetingIssueKey;
  /** The rule's own problems (English, from validateVoteRule), for the server's message. */
  detail?: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The rules of the meeting form, the same on the client and the server: title and place given and
 * not too long, a time with a zone, at least one attendee and no one twice, and a usable vote rule.
 */
export function validateMeetingDraft(draft: MeetingDraft): MeetingIssue[] {
  const issues: MeetingIssue[] = [];
  const text = (field: 'title' | 'place', value: unknown, max: number) => {
    if (typeof value !== 'string' || value.trim() === '') issues.push({ field, key: 'required' });
    else if (value.trim().length > max) issues.push({ field, key: 'tooLong' });
  };
  text('title', draft.title, MEETING_TITLE_MAX);
  if (typeof draft.heldAt !== 'string' || draft.heldAt === '') issues.push({ field: 'heldAt', key: 'required' });
  else if (!ISO_TIME.test(draft.heldAt) || Number.isNaN(Date.parse(draft.heldAt))) issues.push({ field: 'heldAt', key: 'time' });
  text('place', draft.place, MEETING_PLACE_MAX);
  const attendees = Array.isArray(draft.attendeeIds) ? draft.attendeeIds : [];
  if (attendees.length === 0) issues.push({ field: 'attendeeIds', key: 'attendeesRequired' });
  else if (new Set(attendees).size !== attendees.length) issues.push({ field: 'attendeeIds', key: 'attendeesDistinct' });
  else if (attendees.length > MEETING_ATTENDEES_MAX) issues.push({ field: 'attendeeIds', key: 'attendeesTooMany' });
  if (draft.rule !== undefined && draft.rule !== null) {
    const problems = validateVoteRule(draft.rule);
    if (problems.length) issues.push({ field: 'rule', key: 'rule', detail: problems.join('; ') });
  }
  return issues;
}

// --- attachments --------------------------------------------------------------------------------

/** Attachment kinds of spec section 3; the minutes of each of the three meetings are kinds of their own. */
export const ATTACHMENT_KINDS = [
  'BANK_CONTRACT_TEMPLATE',
  'YS_MINUTES',
  'ZB_MINUTES',
  'BS_MINUTES',
  'BANK_CONTRACT',
  'COUNTER_GUARANTEE',
  'AFTER_GUARANTEE',
  'LETTER_SEALING',
  'REPAYMENT_VOUCHER',
  'B_POST_MATERIAL',
  'PREMIUM_VOUCHER',
  // the bad-loan path's documents (workflow EVENT_EVIDENCE)
  'COMPENSATION_VOUCHER',
  'WRITE_OFF_RULING',
] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export const ATTACHMENT_KIND_LABELS: Readonly<Record<AttachmentKind, Label>> = {
  BANK_CONTRACT_TEMPLATE: l('银行合同模板', 'Bank contract template'),
  YS_MINUTES: l('预审会会议纪要', 'Pre-review meeting minutes'),
  ZB_MINUTES: l('总办会会议纪要', 'General-office meeting minutes'),
  BS_MINUTES: l('保审会会议纪要', 'Review-committee meeting minutes'),
  BANK_CONTRACT: l('银行合同', 'Bank contract'),
  COUNTER_GUARANTEE: l('反担保确认', 'Counter-guarantee confirmation'),
  AFTER_GUARANTEE: l('保后附件', 'After-guarantee attachment'),
  LETTER_SEALING: l('保函用印', 'Letter sealing'),
  REPAYMENT_VOUCHER: l('还款凭证', 'Repayment voucher'),
  B_POST_MATERIAL: l('B岗资料', 'B-post material'),
  PREMIUM_VOUCHER: l('保费缴费凭证', 'Premium payment voucher'),
  COMPENSATION_VOUCHER: l('代偿付款凭证', 'Compensation payment voucher'),
  WRITE_OFF_RULING: l('判决书或执行裁定', 'Judgment or enforcement ruling'),
};

export const MINUTES_KIND_OF: Readonly<Record<MeetingKind, AttachmentKind>> = {
  YS: 'YS_MINUTES',
  ZB: 'ZB_MINUTES',
  BS: 'BS_MINUTES',
};

export function isAttachmentKind(value: unknown): value is AttachmentKind {
  return (ATTACHMENT_KINDS as readonly unknown[]).includes(value);
}

/** File types told apart by content (never by name). */
export const DOCUMENT_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'png'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Minutes are documents or pictures of them; archives also take spreadsheets. */
export const MINUTES_FILE_TYPES: readonly DocumentType[] = ['pdf', 'doc', 'docx', 'jpg', 'png'];
export const ARCHIVE_FILE_TYPES: readonly DocumentType[] = DOCUMENT_TYPES;

/** Largest attachment accepted: 20 MB. */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** What the file picker offers (the server still checks the content). */
export function acceptAttribute(types: readonly DocumentType[]): string {
  return types.map((t) => `.${t}`).join(',');
}

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match ? match[1].toLowerCase() : '';
}

/** Client-side check before uploading: the name's type and the size (the server checks the content). */
export function uploadProblem(file: { name: string; size: number }, types: readonly DocumentType[]): 'empty' | 'tooLarge' | 'wrongType' | null {
  if (file.size === 0) return 'empty';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'tooLarge';
  const ext = extensionOf(file.name);
  const normalized = ext === 'jpeg' ? 'jpg' : ext;
  return (types as readonly string[]).includes(normalized) ? null : 'wrongType';
}
