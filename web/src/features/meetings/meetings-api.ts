/**
 * Calls of the meeting data library, the voting pages and the pre-review sessions. Words and rules
 * of the machine (statuses, labels, vote rules) come from @app/workflow, never copied here.
 */
import type {
  EventType,
  Label,
  MeetingStatus,
  MeetingStep,
  StatusLabels,
  VoteCounts,
  VoteOpinion,
  VoteResult,
  VoteRule,
  VotingMeetingKind,
} from '@app/workflow';
import { http, type Page } from '@/api/http';
import type { ServerLegalAction } from '@/features/loan-node/loan-node-api';

export type KindPath = 'zb' | 'bs';
export const kindPath = (kind: VotingMeetingKind): KindPath => (kind === 'ZB' ? 'zb' : 'bs');

type QueryValue = string | number | boolean | null | undefined;

export interface Person {
  id: string;
  username: string;
  nickname: string;
}

export interface StoredFile {
  id: string;
  kind: string;
  name: string;
  mime: string;
  size: number;
  uploadedBy: string | null;
  uploadedByName: string | null;
  uploadedAt: string;
  source: 'loan' | 'meeting';
  meetingId: string | null;
  meetingTitle: string | null;
}

export interface MeetingBase {
  id: string;
  kind: VotingMeetingKind;
  title: string;
  heldAt: string;
  place: string;
  status: MeetingStatus;
  rule: VoteRule;
  createdByName: string | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  cancelledAt: string | null;
}

export interface MeetingListItem extends MeetingBase {
  attendeeCount: number;
  attendeeNames: string;
  loanCount: number;
  minutesCount: number;
  steps: MeetingStep[];
}

export interface MeetingOutcome {
  result: VoteResult;
  decidedBy: 'TALLY' | 'RESOLUTION';
  counts: VoteCounts;
  at: string;
}

export interface AgendaRow {
  itemId: string;
  loanId: string;
  companyName: string;
  amount: number;
  termMonths: number;
  bank: string | null;
  allocatedAt: string;
  allocatedByName: string | null;
  stage: Label & { key: string; code: string | null };
  status: Label & { key: string };
  step: Label;
  onMeeting: boolean;
  outcome: MeetingOutcome | null;
  voteCount: number;
  version: number;
  legalActions: ServerLegalAction[];
  canCancelAllocation: boolean;
}

export interface MeetingDetail extends MeetingBase {
  kindLabel: Label;
  ruleText: Label;
  attendees: Person[];
  loans: AgendaRow[];
  minutes: StoredFile[];
  steps: MeetingStep[];
}

export interface RecordedVote {
  attendeeId: string;
  attendeeName: string | null;
  opinion: VoteOpinion | null;
  comment: string | null;
  at: string | null;
}

export interface VoteDetails {
  meeting: MeetingBase & { kindLabel: Label; ruleText: Label };
  attendees: Person[];
  loans: {
    itemId: string;
    loanId: string;
    companyName: string;
    amount: number;
    termMonths: number;
    outcome: MeetingOutcome | null;
    counts: VoteCounts;
    votes: RecordedVote[];
  }[];
}

export interface Candidate {
  loanId: string;
  companyName: string;
  amount: number;
  termMonths: number;
  bank: string | null;
  aPostOfficerName: string | null;
  createdAt: string;
  status: Label & { key: string };
  step: Label;
}

export interface MeetingListParams {
  pageNum: number;
  pageSize: number;
  title?: string;
  status?: MeetingStatus;
  from?: string;
  to?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface CreateMeetingBody {
  title: string;
  heldAt: string;
  place: string;
  attendeeIds: string[];
  rule?: VoteRule;
}

const base = (kind: VotingMeetingKind) => `/meetings/${kindPath(kind)}`;
const query = (params: object) => params as Record<string, QueryValue>;

export async function fetchMeetings(kind: VotingMeetingKind, params: MeetingListParams): Promise<Page<MeetingListItem>> {
  return (await http.get<Page<MeetingListItem>>(base(kind), { params: query(params) })).data;
}

export async function fetchMeeting(kind: VotingMeetingKind, id: string): Promise<MeetingDetail> {
  return (await http.get<MeetingDetail>(`${base(kind)}/${encodeURIComponent(id)}`)).data;
}

export async function fetchAttendeePool(kind: VotingMeetingKind): Promise<Person[]> {
  return (await http.get<Person[]>(`${base(kind)}/attendee-pool`)).data;
}

/** The form reports field problems itself: no toast for a refused creation. */
export async function createMeeting(kind: VotingMeetingKind, body: CreateMeetingBody): Promise<MeetingDetail> {
  return (await http.post<MeetingDetail>(base(kind), body, { passErrors: true })).data;
}

export async function fetchCandidates(
  kind: VotingMeetingKind,
  id: string,
  params: { pageNum: number; pageSize: number; company?: string },
): Promise<Page<Candidate>> {
  return (await http.get<Page<Candidate>>(`${base(kind)}/${encodeURIComponent(id)}/candidates`, { params: query(params) })).data;
}

export async function allocate(kind: VotingMeetingKind, id: string, loanIds: string[]): Promise<MeetingDetail> {
  return (await http.post<MeetingDetail>(`${base(kind)}/${encodeURIComponent(id)}/allocations`, { loanIds })).data;
}

export async function cancelAllocation(kind: VotingMeetingKind, id: string, loanId: string): Promise<MeetingDetail> {
  return (await http.delete<MeetingDetail>(`${base(kind)}/${encodeURIComponent(id)}/allocations/${encodeURIComponent(loanId)}`)).data;
}

export async function meetingStep(kind: VotingMeetingKind, id: string, step: 'start' | 'end' | 'cancel'): Promise<MeetingDetail> {
  return (await http.post<MeetingDetail>(`${base(kind)}/${encodeURIComponent(id)}/${step}`)).data;
}

export async function fetchVoteDetails(kind: VotingMeetingKind, id: string): Promise<VoteDetails> {
  return (await http.get<VoteDetails>(`${base(kind)}/${encodeURIComponent(id)}/votes`)).data;
}

export async function uploadMinutes(path: string, file: File): Promise<{ id: string }> {
  const form = new FormData();
  form.append('file', file);
  return (await http.post<{ id: string }>(path, form)).data;
}

export async function deleteMinutes(path: string): Promise<void> {
  await http.delete(path);
}

export const meetingPaths = {
  export: (kind: VotingMeetingKind) => `${base(kind)}/export`,
  minutes: (kind: VotingMeetingKind, id: string) => `${base(kind)}/${encodeURIComponent(id)}/minutes`,
};

// --- the voting pages ---------------------------------------------------------------------------

export interface VoteListItem {
  itemId: string;
  meetingId: string;
  meetingTitle: string;
  heldAt: string;
  place: string;
  meetingStatus: MeetingStatus;
  loanId: string;
  companyName: string;
  amount: number;
  termMonths: number;
  bank: string | null;
  myVote: { opinion: VoteOpinion; comment: string | null; at: string } | null;
  canVote: boolean;
  outcome: MeetingOutcome | null;
}

export interface VoteItemDetail {
  itemId: string;
  meeting: MeetingBase & { kindLabel: Label; ruleText: Label };
  loan: {
    id: string;
    companyName: string;
    creditCode: string;
    amount: number;
    termMonths: number;
    bank: string | null;
    loanType: string | null;
    aPostOfficerName: string | null;
  };
  allocationCancelled: boolean;
  isAttendee: boolean;
  attendees: { id: string; nickname: string; voted: boolean; opinion: VoteOpinion | null; comment: string | null; at: string | null }[];
  myVote: RecordedVote | null;
  outcome: MeetingOutcome | null;
  workflow: { version: number; statusLabels: StatusLabels; legalActions: ServerLegalAction[] };
}

export async function fetchVoteList(
  kind: VotingMeetingKind,
  params: { pageNum: number; pageSize: number; status?: 'START' | 'END'; company?: string },
): Promise<Page<VoteListItem>> {
  return (await http.get<Page<VoteListItem>>(`/votes/${kindPath(kind)}`, { params: query(params) })).data;
}

export async function fetchVoteItem(kind: VotingMeetingKind, itemId: string): Promise<VoteItemDetail> {
  return (await http.get<VoteItemDetail>(`/votes/${kindPath(kind)}/${encodeURIComponent(itemId)}`)).data;
}

/**
 * A loan's machine event (the vote, a resolution) through the workflow API. The caller shows the
 * refusal (409 for a second vote or a non-attendee), so no toast here.
 */
export async function sendLoanEvent(loanId: string, type: EventType, payload: Record<string, unknown>, expectedVersion: number): Promise<void> {
  await http.post(`/loans/${encodeURIComponent(loanId)}/events`, { type, payload, expectedVersion }, { passErrors: true });
}

// --- pre-review sessions ------------------------------------------------------------------------

export interface SessionItem {
  day: string;
  title: string;
  loanCount: number;
  approved: number;
  rejected: number;
  returned: number;
  approvers: string;
  meetingId: string | null;
  minutesCount: number;
}

export interface SessionDetail {
  day: string;
  title: string;
  meetingId: string | null;
  decisions: {
    loanId: string;
    companyName: string;
    amount: number;
    termMonths: number;
    decision: 'EXAMINE_PASS' | 'EXAMINE_FAIL' | 'RETURN';
    decisionLabel: Label;
    reason: string | null;
    approverName: string | null;
    at: string;
  }[];
  minutes: StoredFile[];
}

export async function fetchSessions(params: {
  pageNum: number;
  pageSize: number;
  from?: string;
  to?: string;
  order?: 'asc' | 'desc';
}): Promise<Page<SessionItem>> {
  return (await http.get<Page<SessionItem>>('/meetings/ys', { params: query(params) })).data;
}

export async function fetchSession(day: string): Promise<SessionDetail> {
  return (await http.get<SessionDetail>(`/meetings/ys/${encodeURIComponent(day)}`)).data;
}
