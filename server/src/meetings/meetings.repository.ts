import { Injectable } from '@nestjs/common';
import type { MeetingKind, MeetingStatus, VoteRule, VotingMeetingKind } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { ATTACHMENT_SELECT } from '../archives/archives.repository';
import { companyZoneSql } from '../common/company-time';
import type { InstanceRow } from '../workflow/workflow.repository';
import type { MeetingListQuery } from './meeting.dto';

const MEETING_COLUMNS = `
  m.id, m.kind, m.title, m.held_at AS "heldAt", m.place, m.status, m.rule, m.created_by AS "createdBy", cu.nickname AS "createdByName",
  m.created_at AS "createdAt", m.started_at AS "startedAt", m.ended_at AS "endedAt", m.cancelled_at AS "cancelledAt"`;

const SORT_COLUMNS = { heldAt: 'm.held_at', title: 'm.title', status: 'm.status', createdAt: 'm.created_at' } as const;

/** The column each meeting step stamps with its time. */
const STEP_COLUMNS = { start: 'started_at', end: 'ended_at', cancel: 'cancelled_at' } as const;

/** A LIKE pattern for a part of a text (trimmed, its wildcards escaped), or null for no filter. */
export const likePattern = (text: string | undefined) => (text ? `%${text.trim().replace(/[%_\\]/g, '\\$&')}%` : null);

/** A meeting row (MEETING_COLUMNS) with its creator's nickname. */
export interface MeetingRow {
  id: string;
  kind: VotingMeetingKind;
  title: string;
  heldAt: Date;
  place: string;
  status: MeetingStatus;
  rule: VoteRule;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  cancelledAt: Date | null;
}

/** A meeting as its list shows it: who attends, how many loans and minutes it has. */
export interface MeetingListRow extends MeetingRow {
  attendeeCount: number;
  attendeeNames: string | null;
  loanCount: number;
  minutesCount: number;
}

export interface AttendeeRow {
  id: string;
  username: string;
  nickname: string;
}

/** A loan on the agenda with its workflow instance's columns. */
export interface AgendaRow extends Omit<InstanceRow, 'loanId'> {
  itemId: string;
  loanId: string;
  companyName: string;
  termMonths: number;
  bank: string | null;
  allocatedAt: Date;
  allocatedByName: string | null;
  /** A compensation item (代偿): its total in fen at allocation (bigint, as text); null for the loan itself. */
  compensationFen: string | null;
}

/** A vote as the event log holds it. */
export interface CastVoteRow {
  loanId: string;
  attendeeId: string;
  attendeeName: string | null;
  opinion: string | null;
  comment: string | null;
  at: Date;
}

/** A loan standing in the stage a meeting's kind takes its loans from. */
export interface CandidateRow {
  loanId: string;
  companyName: string;
  termMonths: number;
  bank: string | null;
  createdAt: Date;
  aPostOfficerName: string | null;
  machineVersion: number;
  snapshot: any;
}

/** The SQL of the general-office and review-committee meetings: meeting, its attendees, its agenda, its minutes. */
@Injectable()
export class MeetingsRepository {
  constructor(private readonly db: DataSource) {}

  /** One page of the kind's meetings under the list's filters and order, with how many there are in all. */
  async page(kind: VotingMeetingKind, q: MeetingListQuery, take: number, skip: number): Promise<{ rows: MeetingListRow[]; total: number }> {
    const params = [kind, likePattern(q.title), q.status ?? null, q.from ?? null, q.to ?? null];
    const where = `WHERE m.kind = $1 AND ($2::text IS NULL OR m.title ILIKE $2) AND ($3::text IS NULL OR m.status = $3)
      AND ($4::date IS NULL OR (m.held_at AT TIME ZONE ${companyZoneSql()})::date >= $4::date)
      AND ($5::date IS NULL OR (m.held_at AT TIME ZONE ${companyZoneSql()})::date <= $5::date)`;
    const sort = SORT_COLUMNS[q.sort ?? 'heldAt'];
    const order = q.order === 'asc' ? 'ASC' : q.order === 'desc' || !q.sort ? 'DESC' : 'ASC';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT ${MEETING_COLUMNS},
                (SELECT count(*)::int FROM meeting_attendee ma WHERE ma.meeting_id = m.id) AS "attendeeCount",
                (SELECT string_agg(u.nickname, '、' ORDER BY u.nickname) FROM meeting_attendee ma JOIN app_user u ON u.id = ma.user_id WHERE ma.meeting_id = m.id) AS "attendeeNames",
                (SELECT count(*)::int FROM meeting_loan ml WHERE ml.meeting_id = m.id AND ml.cancelled_at IS NULL) AS "loanCount",
                (SELECT count(*)::int FROM attachment a WHERE a.meeting_id = m.id AND a.deleted_at IS NULL) AS "minutesCount"
           FROM meeting m LEFT JOIN app_user cu ON cu.id = m.created_by
           ${where} ORDER BY ${sort} ${order}, m.id LIMIT $6 OFFSET $7`,
        [...params, take, skip],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM meeting m ${where}`, params),
    ]);
    return { rows, total };
  }

  /** Active, enabled people of the kind's attendee pool. */
  pool(kind: VotingMeetingKind): Promise<AttendeeRow[]> {
    return this.db.query(
      `SELECT u.id, u.username, u.nickname FROM conferee c JOIN app_user u ON u.id = c.user_id
        WHERE c.active AND NOT u.disabled AND $1 = ANY(c.meeting_kinds) ORDER BY u.nickname, u.username`,
      [kind],
    );
  }

  /** The meeting of this kind; `lock` holds its row (only) until the transaction ends. */
  async meeting(kind: VotingMeetingKind, id: string, em: EntityManager = this.db.manager, lock = false): Promise<MeetingRow | null> {
    // FOR UPDATE OF m: the meeting row only (the creator's row is merely read).
    const [row] = await em.query(
      `SELECT ${MEETING_COLUMNS} FROM meeting m LEFT JOIN app_user cu ON cu.id = m.created_by WHERE m.id = $1 AND m.kind = $2 ${lock ? 'FOR UPDATE OF m' : ''}`,
      [id, kind],
    );
    return row ?? null;
  }

  attendees(meetingId: string, em: EntityManager = this.db.manager): Promise<AttendeeRow[]> {
    return em.query(
      `SELECT u.id, u.username, u.nickname FROM meeting_attendee ma JOIN app_user u ON u.id = ma.user_id WHERE ma.meeting_id = $1 ORDER BY u.nickname, u.username`,
      [meetingId],
    );
  }

  /** The loans on the agenda with their workflow instances, by loan id (the lock order). */
  agenda(meetingId: string, em: EntityManager = this.db.manager): Promise<AgendaRow[]> {
    return em.query(
      `SELECT ml.id AS "itemId", ml.loan_id AS "loanId", c.name AS "companyName", l.term_months AS "termMonths", l.bank,
              ml.allocated_at AS "allocatedAt", u.nickname AS "allocatedByName", ml.compensation_fen::text AS "compensationFen",
              i.machine_version AS "machineVersion", i.input, i.snapshot, i.stage, i.status, i.version, i.last_hash AS "lastHash"
         FROM meeting_loan ml
         JOIN loan l ON l.id = ml.loan_id
         JOIN company c ON c.id = l.company_id
         JOIN workflow_instance i ON i.loan_id = ml.loan_id
         LEFT JOIN app_user u ON u.id = ml.allocated_by
        WHERE ml.meeting_id = $1 AND ml.cancelled_at IS NULL
        ORDER BY ml.loan_id`,
      [meetingId],
    );
  }

  /** The votes (events of `voteType`) cast on these loans for this meeting, oldest first. */
  castVotes(voteType: string, meetingId: string, loanIds: string[]): Promise<CastVoteRow[]> {
    return this.db.query(
      `SELECT e.loan_id AS "loanId", e.actor_id AS "attendeeId", u.nickname AS "attendeeName", e.payload->>'opinion' AS opinion,
              e.payload->>'comment' AS comment, e.at
         FROM workflow_event e LEFT JOIN app_user u ON u.id = e.actor_id
        WHERE e.loan_id = ANY($1::uuid[]) AND e.type = $2 AND e.payload->>'meetingId' = $3
        ORDER BY e.at, e.id`,
      [loanIds, voteType, meetingId],
    );
  }

  /** The meeting's minutes (ATTACHMENT_SELECT rows), oldest first. */
  minutes(meetingId: string): Promise<Record<string, any>[]> {
    return this.db.query(`${ATTACHMENT_SELECT} WHERE a.meeting_id = $1 AND a.deleted_at IS NULL ORDER BY a.created_at`, [meetingId]);
  }

  /** Live loans in the stage whose company name holds `company`, oldest first. */
  candidates(stages: readonly string[], company: string | undefined): Promise<CandidateRow[]> {
    return this.db.query(
      `SELECT l.id AS "loanId", c.name AS "companyName", l.term_months AS "termMonths", l.bank, l.created_at AS "createdAt",
              a.nickname AS "aPostOfficerName", i.machine_version AS "machineVersion", i.snapshot
         FROM workflow_instance i
         JOIN loan l ON l.id = i.loan_id
         JOIN company c ON c.id = l.company_id
         LEFT JOIN app_user a ON a.id = l.a_post_officer_id
        WHERE i.stage = ANY($1::text[]) AND l.deleted_at IS NULL AND ($2::text IS NULL OR c.name ILIKE $2)
        ORDER BY l.created_at, l.id`,
      [stages, likePattern(company)],
    );
  }

  /** The ids among these users who are active, enabled members of the kind's pool. */
  async inPool(em: EntityManager, userIds: string[], kind: VotingMeetingKind): Promise<string[]> {
    const pool: { id: string }[] = await em.query(
      `SELECT c.user_id AS id FROM conferee c JOIN app_user u ON u.id = c.user_id
        WHERE c.user_id = ANY($1::uuid[]) AND c.active AND NOT u.disabled AND $2 = ANY(c.meeting_kinds)`,
      [userIds, kind],
    );
    return pool.map((r) => r.id);
  }

  /** The users' nicknames joined with '、' ('' for none). */
  async nicknames(em: EntityManager, userIds: string[]): Promise<string> {
    const names = await em.query(`SELECT coalesce(string_agg(nickname, '、'), '') AS names FROM app_user WHERE id = ANY($1::uuid[])`, [userIds]);
    return names[0].names;
  }

  /** A new meeting with its attendees; its id. */
  async insert(
    em: EntityManager,
    meeting: { kind: VotingMeetingKind; title: string; heldAt: string; place: string; rule: VoteRule; createdBy: string },
    attendeeIds: string[],
  ): Promise<string> {
    const [row] = await em.query(`INSERT INTO meeting (kind, title, held_at, place, rule, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [
      meeting.kind,
      meeting.title,
      meeting.heldAt,
      meeting.place,
      meeting.rule,
      meeting.createdBy,
    ]);
    await em.query(`INSERT INTO meeting_attendee (meeting_id, user_id) SELECT $1, unnest($2::uuid[])`, [row.id, attendeeIds]);
    return row.id;
  }

  /** The live loans among these ids with their companies' names. */
  liveLoans(em: EntityManager, loanIds: string[]): Promise<{ loanId: string; companyName: string }[]> {
    return em.query(
      `SELECT l.id AS "loanId", c.name AS "companyName" FROM loan l JOIN company c ON c.id = l.company_id
        WHERE l.id = ANY($1::uuid[]) AND l.deleted_at IS NULL`,
      [loanIds],
    );
  }

  /** `compensationFen`: the total of the compensation put on the agenda (null: the loan itself). */
  async addToAgenda(em: EntityManager, meetingId: string, loanId: string, userId: string, at: string, compensationFen: number | null): Promise<void> {
    await em.query(`INSERT INTO meeting_loan (meeting_id, loan_id, allocated_by, allocated_at, compensation_fen) VALUES ($1, $2, $3, $4, $5)`, [
      meetingId,
      loanId,
      userId,
      at,
      compensationFen,
    ]);
  }

  async cancelAgendaItem(em: EntityManager, itemId: string, userId: string): Promise<void> {
    await em.query(`UPDATE meeting_loan SET cancelled_at = now(), cancelled_by = $2 WHERE id = $1`, [itemId, userId]);
  }

  /** Marks the meeting changed now. */
  async touch(em: EntityManager, id: string): Promise<void> {
    await em.query(`UPDATE meeting SET updated_at = now() WHERE id = $1`, [id]);
  }

  /** The meeting's new status after a step, the step's time stamped in its column. */
  async setStatus(em: EntityManager, id: string, step: keyof typeof STEP_COLUMNS, to: MeetingStatus, at: string): Promise<void> {
    const column = STEP_COLUMNS[step];
    await em.query(`UPDATE meeting SET status = $2, ${column} = $3, updated_at = now() WHERE id = $1`, [id, to, at]);
  }

  /** Locks the meeting of this kind until the transaction ends; false when there is none. */
  async lock(em: EntityManager, meetingId: string, kind: MeetingKind): Promise<boolean> {
    const [row] = await em.query(`SELECT id FROM meeting WHERE id = $1 AND kind = $2 FOR UPDATE`, [meetingId, kind]);
    return !!row;
  }

  /** Deletes the meeting's minutes softly, with the actor; false when it has no such live minutes. */
  async deleteMinutes(meetingId: string, attachmentId: string, userId: string): Promise<boolean> {
    const [, count] = await this.db.query(
      `UPDATE attachment SET deleted_at = now(), deleted_by = $3 WHERE id = $1 AND meeting_id = $2 AND deleted_at IS NULL`,
      [attachmentId, meetingId, userId],
    );
    return !!count;
  }

  /** The meeting's live minutes of this id (an ATTACHMENT_SELECT row), or null. */
  async minutesOne(meetingId: string, attachmentId: string): Promise<Record<string, any> | null> {
    const [row] = await this.db.query(`${ATTACHMENT_SELECT} WHERE a.id = $1 AND a.meeting_id = $2 AND a.deleted_at IS NULL`, [attachmentId, meetingId]);
    return row ?? null;
  }
}
