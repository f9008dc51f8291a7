import { HttpStatus, Injectable } from '@nestjs/common';
import * as engine from '@app/workflow';
import { describeVoteRule, MEETING_EVENTS, MEETING_KIND_LABELS, type MeetingStatus, type VoteOpinion, type VotingMeetingKind } from '@app/workflow';
import type { AuthUser } from '../auth/auth-user';
import { AppError, CODES } from '../common/errors';
import { actorOf, WorkflowService } from '../workflow/workflow.service';
import type { VoteListQuery } from './meeting.dto';
import type { Page } from '../common/envelope';
import { MeetingsService, outcomeOf, UUID, type MeetingOutcomeView } from './meetings.service';
import { VotesRepository } from './votes.repository';

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
  /** A compensation item (代偿): its total in fen; null for the loan itself. */
  compensationTotalFen: number | null;
  termMonths: number;
  bank: string | null;
  myVote: { opinion: VoteOpinion; comment: string | null; at: string } | null;
  canVote: boolean;
  outcome: MeetingOutcomeView | null;
}

/**
 * The voting pages: an attendee's meetings in progress (and ended) with the loans on them, and one
 * loan's page with the vote. The vote itself is the loan's CAST_VOTE event (POST /loans/:id/events):
 * the machine refuses a non-attendee or a second vote.
 */
@Injectable()
export class VotesService {
  constructor(
    private readonly votes: VotesRepository,
    private readonly meetings: MeetingsService,
    private readonly workflow: WorkflowService,
  ) {}

  async list(kind: VotingMeetingKind, q: VoteListQuery, user: AuthUser, limit?: number): Promise<Page<VoteListItem>> {
    const statuses = q.status ? [q.status] : ['START', 'END'];
    const offset = limit ? 0 : (q.pageNum - 1) * q.pageSize;
    const { rows, total } = await this.votes.page(user.id, kind, { statuses, company: q.company }, limit ?? q.pageSize, offset);
    const mine = await this.myVotes(
      kind,
      user.id,
      rows.map((r) => r.loanId),
    );
    const actor = actorOf(user);
    const voteType = MEETING_EVENTS[kind].vote;
    const list = rows.map((r): VoteListItem => {
      const myVote = mine.get(`${r.loanId}:${r.meetingId}`) ?? null;
      const onMeeting = r.snapshot.context.meeting?.meetingId === r.meetingId;
      return {
        itemId: r.itemId,
        meetingId: r.meetingId,
        meetingTitle: r.meetingTitle,
        heldAt: new Date(r.heldAt).toISOString(),
        place: r.place,
        meetingStatus: r.meetingStatus,
        loanId: r.loanId,
        companyName: r.companyName,
        amount: r.snapshot.context.amount as number,
        compensationTotalFen: r.compensationFen === null ? null : Number(r.compensationFen),
        termMonths: r.termMonths,
        bank: r.bank,
        myVote,
        canVote: onMeeting && engine.legalActions(r.snapshot, actor).some((a) => a.type === voteType),
        outcome: outcomeOf(r.snapshot, r.meetingId),
      };
    });
    return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  private async myVotes(kind: VotingMeetingKind, userId: string, loanIds: string[]) {
    const rows = loanIds.length ? await this.votes.ownVotes(loanIds, MEETING_EVENTS[kind].vote, userId) : [];
    return new Map<string, { opinion: VoteOpinion; comment: string | null; at: string }>(
      rows.map((r) => [`${r.loanId}:${r.meetingId}`, { opinion: r.opinion as VoteOpinion, comment: r.comment, at: new Date(r.at).toISOString() }]),
    );
  }

  /**
   * One loan on one meeting, as an attendee sees it. Before the meeting ends the others' opinions
   * stay private: only whether each attendee has voted shows, besides the caller's own vote.
   */
  async detail(kind: VotingMeetingKind, itemId: string, user: AuthUser) {
    if (!UUID.test(itemId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.agendaItemNotFound, 'agendaItemNotFound');
    const item = await this.votes.agendaItem(itemId, kind);
    if (!item) throw new AppError(HttpStatus.NOT_FOUND, CODES.agendaItemNotFound, 'agendaItemNotFound');
    const meeting = await this.meetings.meeting(kind, item.meetingId);
    const [attendees, view, votes] = await Promise.all([
      this.meetings.attendees(meeting.id),
      this.workflow.getView(item.loanId, user),
      this.meetings.castVotes(kind, meeting.id, [item.loanId]),
    ]);
    const cast = new Map((votes.get(item.loanId) ?? []).map((v) => [v.attendeeId, v]));
    const open = meeting.status === 'END' || meeting.status === 'CANCEL';
    const snapshot = view.snapshot as { context: engine.GuaranteeContext };
    const voteType = MEETING_EVENTS[kind].vote;
    return {
      itemId,
      meeting: { ...meeting, kindLabel: MEETING_KIND_LABELS[kind], ruleText: describeVoteRule(meeting.rule) },
      loan: {
        id: item.loanId,
        companyName: item.companyName,
        creditCode: item.creditCode,
        amount: snapshot.context.amount,
        compensationTotalFen: item.compensationFen === null ? null : Number(item.compensationFen),
        termMonths: item.termMonths,
        bank: item.bank,
        loanType: item.loanType,
        aPostOfficerName: item.aPostOfficerName,
      },
      allocationCancelled: item.cancelledAt !== null,
      isAttendee: attendees.some((a) => a.id === user.id),
      attendees: attendees.map((a) => {
        const v = cast.get(a.id);
        const visible = open || a.id === user.id;
        return {
          id: a.id,
          nickname: a.nickname,
          voted: Boolean(v),
          opinion: visible && v ? v.opinion : null,
          comment: visible && v ? v.comment : null,
          at: v ? v.at : null,
        };
      }),
      myVote: cast.get(user.id) ?? null,
      outcome: outcomeOf(snapshot, meeting.id),
      workflow: {
        version: view.version,
        statusLabels: view.statusLabels,
        // The vote only while the loan is on this meeting's vote.
        legalActions: snapshot.context.meeting?.meetingId === meeting.id ? view.legalActions.filter((a) => a.type === voteType) : [],
      },
    };
  }
}
