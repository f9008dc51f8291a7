/**
 * Calls of the meeting data library, the voting pages and the pre-review sessions. Words and rules
 * of the machine (statuses, labels, vote rules) come from @app/workflow, never copied here.
 */
import type { EventType, VotingMeetingKind } from '@app/workflow';
import { http, type Page, type PagedQuery } from '@/api/http';
import type {
  AgendaRowDto,
  ApiQuery,
  CandidateDto,
  CreateMeetingDto,
  IdDto,
  MeetingBaseDto,
  MeetingDetailDto,
  MeetingOutcomeDto,
  MeetingRowDto,
  PersonDto,
  RecordedVoteDto,
  SessionDetailDto,
  SessionRowDto,
  StoredFileDto,
  VoteDetailsDto,
  VoteItemDetailDto,
  VoteRowDto,
} from '@/api/schema.gen';

export type KindPath = 'zb' | 'bs';
export const kindPath = (kind: VotingMeetingKind): KindPath => (kind === 'ZB' ? 'zb' : 'bs');

type QueryValue = string | number | boolean | null | undefined;

export type Person = PersonDto;
export type StoredFile = StoredFileDto;
export type MeetingBase = MeetingBaseDto;
export type MeetingListItem = MeetingRowDto;
export type MeetingOutcome = MeetingOutcomeDto;
export type AgendaRow = AgendaRowDto;
export type MeetingDetail = MeetingDetailDto;
export type RecordedVote = RecordedVoteDto;
export type VoteDetails = VoteDetailsDto;
export type Candidate = CandidateDto;

export type MeetingListParams = PagedQuery<ApiQuery<'GET /meetings/zb'>>;

export type CreateMeetingBody = CreateMeetingDto;

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
  params: PagedQuery<ApiQuery<'GET /meetings/zb/{id}/candidates'>>,
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

export async function uploadMinutes(path: string, file: File): Promise<IdDto> {
  const form = new FormData();
  form.append('file', file);
  return (await http.post<IdDto>(path, form)).data;
}

export async function deleteMinutes(path: string): Promise<void> {
  await http.delete(path);
}

export const meetingPaths = {
  export: (kind: VotingMeetingKind) => `${base(kind)}/export`,
  minutes: (kind: VotingMeetingKind, id: string) => `${base(kind)}/${encodeURIComponent(id)}/minutes`,
};

// --- the voting pages ---------------------------------------------------------------------------

export type VoteListItem = VoteRowDto;
export type VoteItemDetail = VoteItemDetailDto;

export async function fetchVoteList(kind: VotingMeetingKind, params: PagedQuery<ApiQuery<'GET /votes/zb'>>): Promise<Page<VoteListItem>> {
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

export type SessionItem = SessionRowDto;
export type SessionDetail = SessionDetailDto;

export async function fetchSessions(params: PagedQuery<ApiQuery<'GET /meetings/ys'>>): Promise<Page<SessionItem>> {
  return (await http.get<Page<SessionItem>>('/meetings/ys', { params: query(params) })).data;
}

export async function fetchSession(day: string): Promise<SessionDetail> {
  return (await http.get<SessionDetail>(`/meetings/ys/${encodeURIComponent(day)}`)).data;
}
