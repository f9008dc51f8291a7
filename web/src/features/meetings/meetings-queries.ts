import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MEETING_EVENTS, type EventType, type VotingMeetingKind } from '@app/workflow';
import { ERROR_CODES } from '@app/workflow/error-codes';
import { ApiError } from '@/api/http';
import {
  allocate,
  cancelAllocation,
  createMeeting,
  deleteMinutes,
  fetchAttendeePool,
  fetchCandidates,
  fetchMeeting,
  fetchSession,
  fetchVoteDetails,
  fetchVoteItem,
  meetingStep,
  sendLoanEvent,
  uploadMinutes,
  type CreateMeetingBody,
  type MinutesOwner,
  type VoteItemDetail,
} from './meetings-api';

export type MeetingRunStep = 'start' | 'end' | 'cancel';

export const meetingKeys = {
  all: (kind: VotingMeetingKind) => ['meetings', kind] as const,
  /** A paged list's prefix (the list adds its query). */
  list: (kind: VotingMeetingKind) => ['meetings', kind, 'list'] as const,
  detail: (kind: VotingMeetingKind, id: string) => ['meetings', kind, 'detail', id] as const,
  pool: (kind: VotingMeetingKind) => ['meetings', kind, 'pool'] as const,
  candidates: (kind: VotingMeetingKind, meetingId: string, pageNum: number, pageSize: number, company: string) =>
    ['meetings', kind, 'candidates', meetingId, pageNum, pageSize, company] as const,
  votes: (kind: VotingMeetingKind, meetingId: string, status: string) => ['meetings', kind, 'votes', meetingId, status] as const,
  /** Pre-review sessions: a paged list's prefix, and one day's decisions. */
  ysList: ['meetings', 'YS', 'list'] as const,
  ysSession: (day: string) => ['meetings', 'YS', 'session', day] as const,
};

export const voteKeys = {
  all: (kind: VotingMeetingKind) => ['votes', kind] as const,
  /** A paged list's prefix (the list adds its query). */
  list: (kind: VotingMeetingKind) => ['votes', kind, 'list'] as const,
  item: (kind: VotingMeetingKind, itemId: string) => ['votes', kind, 'item', itemId] as const,
};

export function useMeeting(kind: VotingMeetingKind, id: string, enabled: boolean) {
  return useQuery({ queryKey: meetingKeys.detail(kind, id), queryFn: () => fetchMeeting(kind, id), enabled, staleTime: 0 });
}

export function useAttendeePool(kind: VotingMeetingKind) {
  return useQuery({ queryKey: meetingKeys.pool(kind), queryFn: () => fetchAttendeePool(kind) });
}

export function useCandidates(kind: VotingMeetingKind, meetingId: string, pageNum: number, pageSize: number, company: string) {
  return useQuery({
    queryKey: meetingKeys.candidates(kind, meetingId, pageNum, pageSize, company),
    queryFn: () => fetchCandidates(kind, meetingId, { pageNum, pageSize, company: company || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The votes of a meeting, read again as its status moves. */
export function useVoteDetails(kind: VotingMeetingKind, meetingId: string, status: string) {
  return useQuery({ queryKey: meetingKeys.votes(kind, meetingId, status), queryFn: () => fetchVoteDetails(kind, meetingId), staleTime: 0 });
}

export function useVoteItem(kind: VotingMeetingKind, itemId: string, enabled: boolean) {
  return useQuery({ queryKey: voteKeys.item(kind, itemId), queryFn: () => fetchVoteItem(kind, itemId), enabled, staleTime: 0 });
}

export function useYsSession(day: string) {
  return useQuery({ queryKey: meetingKeys.ysSession(day), queryFn: () => fetchSession(day), staleTime: 0 });
}

/** Every list and page of the meetings of a kind fetched again. */
export function useInvalidateMeetings(kind: VotingMeetingKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: meetingKeys.all(kind) });
}

/** The pre-review sessions' list fetched again (its minutes counts). */
export function useInvalidateYsList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: meetingKeys.ysList });
}

/** A new meeting (`onDone` first), then the meetings of the kind are read again. */
export function useCreateMeeting(kind: VotingMeetingKind, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMeetingBody) => createMeeting(kind, body),
    onSuccess: async () => {
      onDone();
      await queryClient.invalidateQueries({ queryKey: meetingKeys.all(kind) });
    },
  });
}

/** Start, end or cancel (`onDone` first): the meetings and the votes of the kind move together. */
export function useMeetingStep(kind: VotingMeetingKind, meetingId: string, onDone: (step: MeetingRunStep) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: MeetingRunStep) => meetingStep(kind, meetingId, step),
    onSuccess: async (_data, step) => {
      onDone(step);
      await queryClient.invalidateQueries({ queryKey: meetingKeys.all(kind) });
      await queryClient.invalidateQueries({ queryKey: voteKeys.all(kind) });
    },
  });
}

export function useAllocate(kind: VotingMeetingKind, meetingId: string) {
  return useMutation({ mutationFn: (loanIds: string[]) => allocate(kind, meetingId, loanIds) });
}

/** `onDone`: the page's own refresh (the meeting and its lists). */
export function useCancelAllocation(kind: VotingMeetingKind, meetingId: string, onDone: () => void) {
  return useMutation({ mutationFn: (loanId: string) => cancelAllocation(kind, meetingId, loanId), onSuccess: onDone });
}

export function useUploadMinutes(owner: MinutesOwner) {
  return useMutation({ mutationFn: (file: File) => uploadMinutes(owner, file) });
}

export function useDeleteMinutes(owner: MinutesOwner) {
  return useMutation({ mutationFn: (attachmentId: string) => deleteMinutes(owner, attachmentId) });
}

export interface LoanEvent {
  loanId: string;
  type: EventType;
  payload: Record<string, unknown>;
  expectedVersion: number;
}

/** A resolution (UPDATE_RESOLUTION): the page refreshes itself when it is done. */
export function useSendLoanEvent() {
  return useMutation({ mutationFn: (event: LoanEvent) => sendLoanEvent(event.loanId, event.type, event.payload, event.expectedVersion) });
}

/**
 * A vote (CAST_VOTE) on the item's version. Another attendee voting at the same moment moves the
 * loan's version: the vote is then sent again on the new version (votes of different attendees do
 * not conflict). Then (`onDone` first) the vote lists of the kind are read again.
 */
export function useCastVote(kind: VotingMeetingKind, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      item,
      payload,
      reload,
    }: {
      item: VoteItemDetail;
      payload: Record<string, unknown>;
      reload: () => Promise<VoteItemDetail | undefined>;
    }) => {
      let version = item.workflow.version;
      for (let attempt = 0; ; attempt++) {
        try {
          await sendLoanEvent(item.loan.id, MEETING_EVENTS[kind].vote, payload, version);
          return;
        } catch (e) {
          if (!(e instanceof ApiError) || e.code !== ERROR_CODES.staleVersion || attempt >= 2) throw e;
          version = (await reload())?.workflow.version ?? version;
        }
      }
    },
    onSuccess: async () => {
      onDone();
      await queryClient.invalidateQueries({ queryKey: voteKeys.all(kind) });
    },
  });
}
