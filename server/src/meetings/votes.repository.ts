import { Injectable } from '@nestjs/common';
import type { MeetingStatus, VotingMeetingKind } from '@app/workflow';
import { DataSource } from 'typeorm';
import { likePattern } from './meetings.repository';

/** A loan on a meeting an attendee sits on, with the loan's workflow snapshot. */
export interface VoteItemRow {
  itemId: string;
  meetingId: string;
  meetingTitle: string;
  heldAt: Date;
  place: string;
  meetingStatus: MeetingStatus;
  loanId: string;
  companyName: string;
  termMonths: number;
  bank: string | null;
  /** A compensation item (代偿): its total in fen (bigint, as text); null for the loan itself. */
  compensationFen: string | null;
  snapshot: any;
}

/** One's own vote as the event log holds it. */
export interface OwnVoteRow {
  loanId: string;
  meetingId: string;
  opinion: string;
  comment: string | null;
  at: Date;
}

/** An agenda item with its loan and company, as the voting page shows them. */
export interface VoteAgendaItemRow {
  meetingId: string;
  loanId: string;
  cancelledAt: Date | null;
  compensationFen: string | null;
  termMonths: number;
  bank: string | null;
  loanType: string | null;
  companyName: string;
  creditCode: string;
  aPostOfficerName: string | null;
}

/** The SQL of the voting pages: an attendee's agenda items and votes. */
@Injectable()
export class VotesRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The loans on the kind's meetings in these statuses that the user attends, whose company name holds
   * `company`: meetings in progress first, then the latest; with how many there are in all.
   */
  async page(
    userId: string,
    kind: VotingMeetingKind,
    filter: { statuses: string[]; company: string | undefined },
    limit: number,
    offset: number,
  ): Promise<{ rows: VoteItemRow[]; total: number }> {
    const params = [userId, kind, filter.statuses, likePattern(filter.company)];
    const from = `
      FROM meeting_attendee ma
      JOIN meeting m ON m.id = ma.meeting_id
      JOIN meeting_loan ml ON ml.meeting_id = m.id AND ml.cancelled_at IS NULL
      JOIN loan l ON l.id = ml.loan_id
      JOIN company c ON c.id = l.company_id
      JOIN workflow_instance i ON i.loan_id = ml.loan_id
     WHERE ma.user_id = $1 AND m.kind = $2 AND m.status = ANY($3::text[]) AND ($4::text IS NULL OR c.name ILIKE $4)`;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT ml.id AS "itemId", m.id AS "meetingId", m.title AS "meetingTitle", m.held_at AS "heldAt", m.place, m.status AS "meetingStatus",
                l.id AS "loanId", c.name AS "companyName", l.term_months AS "termMonths", l.bank, ml.compensation_fen::text AS "compensationFen", i.snapshot
           ${from}
          ORDER BY (m.status = 'START') DESC, m.held_at DESC, ml.allocated_at, ml.id LIMIT $5 OFFSET $6`,
        [...params, limit, offset],
      ),
      this.db.query(`SELECT count(*)::int AS total ${from}`, params),
    ]);
    return { rows, total };
  }

  /** The user's votes (events of `voteType`) on these loans, on any meeting. */
  ownVotes(loanIds: string[], voteType: string, userId: string): Promise<OwnVoteRow[]> {
    return this.db.query(
      `SELECT loan_id AS "loanId", payload->>'meetingId' AS "meetingId", payload->>'opinion' AS opinion, payload->>'comment' AS comment, at
         FROM workflow_event WHERE loan_id = ANY($1::uuid[]) AND type = $2 AND actor_id = $3`,
      [loanIds, voteType, userId],
    );
  }

  /** The agenda item of a meeting of this kind (cancelled ones too), or null. */
  async agendaItem(itemId: string, kind: VotingMeetingKind): Promise<VoteAgendaItemRow | null> {
    const [item] = await this.db.query(
      `SELECT ml.meeting_id AS "meetingId", ml.loan_id AS "loanId", ml.cancelled_at AS "cancelledAt", ml.compensation_fen::text AS "compensationFen",
              l.term_months AS "termMonths", l.bank,
              l.loan_type AS "loanType", c.name AS "companyName", c.credit_code AS "creditCode", a.nickname AS "aPostOfficerName"
         FROM meeting_loan ml JOIN meeting m ON m.id = ml.meeting_id JOIN loan l ON l.id = ml.loan_id JOIN company c ON c.id = l.company_id
         LEFT JOIN app_user a ON a.id = l.a_post_officer_id
        WHERE ml.id = $1 AND m.kind = $2`,
      [itemId, kind],
    );
    return item ?? null;
  }
}
