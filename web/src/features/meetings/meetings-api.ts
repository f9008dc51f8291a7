/**
 * Calls of the meeting data library, the voting pages and the pre-review sessions. Words and rules
 * of the machine (statuses, labels, vote rules) come from @app/workflow, never copied here.
 */
import type { EventType, VotingMeetingKind } from '@app/workflow';
import { fillRoute, http, type Page, type PagedQuery } from '@/api/http';
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

/** The meeting routes of a kind: '/meetings/zb/{id}' or '/meetings/bs/{id}', both spelled as the document has them. */
const base = <R extends string>(kind: VotingMeetingKind, rest: R) => `/meetings/${kindPath(kind)}${rest}` as `/meetings/${KindPath}${R}`;
const query = (params: object) => params as Record<string, QueryValue>;

export async function fetchMeetings(kind: VotingMeetingKind, params: MeetingListParams): Promise<Page<MeetingListItem>> {
  return (await http.get(base(kind, ''), { params: query(params) })).data;
}

export async function fetchMeeting(kind: VotingMeetingKind, id: string): Promise<MeetingDetail> {
  return (await http.get(base(kind, '/{id}'), { path: { id } })).data;
}

export async function fetchAttendeePool(kind: VotingMeetingKind): Promise<Person[]> {
  return (await http.get(base(kind, '/attendee-pool'))).data;
}

/** The form reports field problems itself: no toast for a refused creation. */
export async function createMeeting(kind: VotingMeetingKind, body: CreateMeetingBody): Promise<MeetingDetail> {
  return (await http.post(base(kind, ''), body, { passErrors: true })).data;
}

export async function fetchCandidates(
  kind: VotingMeetingKind,
  id: string,
  params: PagedQuery<ApiQuery<'GET /meetings/zb/{id}/candidates'>>,
): Promise<Page<Candidate>> {
  return (await http.get(base(kind, '/{id}/candidates'), { path: { id }, params: query(params) })).data;
}

export async function allocate(kind: VotingMeetingKind, id: string, loanIds: string[]): Promise<MeetingDetail> {
  return (await http.post(base(kind, '/{id}/allocations'), { loanIds }, { path: { id } })).data;
}

export async function cancelAllocation(kind: VotingMeetingKind, id: string, loanId: string): Promise<MeetingDetail> {
  return (await http.delete(base(kind, '/{id}/allocations/{loanId}'), { path: { id, loanId } })).data;
}

export async function meetingStep(kind: VotingMeetingKind, id: string, step: 'start' | 'end' | 'cancel'): Promise<MeetingDetail> {
  return (await http.post(base(kind, `/{id}/${step}`), undefined, { path: { id } })).data;
}

export async function fetchVoteDetails(kind: VotingMeetingKind, id: string): Promise<VoteDetails> {
  return (await http.get(base(kind, '/{id}/votes'), { path: { id } })).data;
}

/** Whose minutes: a voting meeting (by id) or a pre-review session (by day). */
export type MinutesOwner = { kind: VotingMeetingKind; id: string } | { kind: 'YS'; day: string };

export async function uploadMinutes(owner: MinutesOwner, file: File): Promise<IdDto> {
  const form = new FormData();
  form.append('file', file);
  if (owner.kind === 'YS') return (await http.post('/meetings/ys/{day}/minutes', form, { path: { day: owner.day } })).data;
  return (await http.post(base(owner.kind, '/{id}/minutes'), form, { path: { id: owner.id } })).data;
}

export async function deleteMinutes(owner: MinutesOwner, attachmentId: string): Promise<void> {
  if (owner.kind === 'YS') await http.delete('/meetings/ys/{day}/minutes/{attachmentId}', { path: { day: owner.day, attachmentId } });
  else await http.delete(base(owner.kind, '/{id}/minutes/{attachmentId}'), { path: { id: owner.id, attachmentId } });
}

export const meetingPaths = {
  export: (kind: VotingMeetingKind) => fillRoute(base(kind, '/export')),
  /** The downloads of the minutes: a file, and the generated minutes (Word or Excel). */
  minutesFile: (owner: MinutesOwner, attachmentId: string) =>
    owner.kind === 'YS'
      ? fillRoute('/meetings/ys/{day}/minutes/{attachmentId}', { day: owner.day, attachmentId })
      : fillRoute(base(owner.kind, '/{id}/minutes/{attachmentId}'), { id: owner.id, attachmentId }),
  minutesExport: (owner: MinutesOwner) =>
    owner.kind === 'YS'
      ? fillRoute('/meetings/ys/{day}/minutes/export', { day: owner.day })
      : fillRoute(base(owner.kind, '/{id}/minutes/export'), { id: owner.id }),
};

// --- the voting pages ---------------------------------------------------------------------------

export type VoteListItem = VoteRowDto;
export type VoteItemDetail = VoteItemDetailDto;

const votes = <R extends string>(kind: VotingMeetingKind, rest: R) => `/votes/${kindPath(kind)}${rest}` as `/votes/${KindPath}${R}`;

export async function fetchVoteList(kind: VotingMeetingKind, params: PagedQuery<ApiQuery<'GET /votes/zb'>>): Promise<Page<VoteListItem>> {
  return (await http.get(votes(kind, ''), { params: query(params) })).data;
}

export async function fetchVoteItem(kind: VotingMeetingKind, itemId: string): Promise<VoteItemDetail> {
  return (await http.get(votes(kind, '/{itemId}'), { path: { itemId } })).data;
}

export const votePaths = {
  export: (kind: VotingMeetingKind) => fillRoute(votes(kind, '/export')),
};

/**
 * A loan's machine event (the vote, a resolution) through the workflow API. The caller shows the
 * refusal (409 for a second vote or a non-attendee), so no toast here.
 */
export async function sendLoanEvent(loanId: string, type: EventType, payload: Record<string, unknown>, expectedVersion: number): Promise<void> {
  await http.post('/loans/{id}/events', { type, payload, expectedVersion }, { path: { id: loanId }, passErrors: true });
}

// --- pre-review sessions ------------------------------------------------------------------------

export type SessionItem = SessionRowDto;
export type SessionDetail = SessionDetailDto;

export async function fetchSessions(params: PagedQuery<ApiQuery<'GET /meetings/ys'>>): Promise<Page<SessionItem>> {
  return (await http.get('/meetings/ys', { params: query(params) })).data;
}

export async function fetchSession(day: string): Promise<SessionDetail> {
  return (await http.get('/meetings/ys/{day}', { path: { day } })).data;
}
