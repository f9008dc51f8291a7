import { Injectable } from '@nestjs/common';
import type { EventType } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { ATTACHMENT_SELECT } from '../archives/archives.repository';
import { companyZoneSql } from '../common/company-time';
import type { SessionListQuery } from './meeting.dto';

/** A pre-review session (a company day with decisions) as its list counts it. */
export interface SessionRow {
  day: string;
  loanCount: number;
  approved: number;
  rejected: number;
  returned: number;
  approvers: string | null;
  meetingId: string | null;
  minutesCount: number | null;
}

/** A pre-review decision with its loan and approver. */
export interface DecisionRow {
  loanId: string;
  companyName: string;
  termMonths: number;
  amount: string | null;
  type: EventType;
  reason: string | null;
  approverId: string;
  approverName: string | null;
  at: Date;
}

/** The SQL of pre-review sessions: decisions (workflow events) by company day, and the day's meeting row for minutes. */
@Injectable()
export class YsSessionsRepository {
  constructor(private readonly db: DataSource) {}

  /** One page of the days on which decisions of these types were taken, with how many days there are in all. */
  async page(decisionTypes: EventType[], q: SessionListQuery, limit: number, offset: number): Promise<{ rows: SessionRow[]; total: number }> {
    const params = [decisionTypes, q.from ?? null, q.to ?? null];
    const days = `
      SELECT (e.at AT TIME ZONE ${companyZoneSql()})::date AS day, e.loan_id, e.type, e.actor_id
        FROM workflow_event e WHERE e.type = ANY($1::text[])`;
    const where = `WHERE ($2::date IS NULL OR d.day >= $2::date) AND ($3::date IS NULL OR d.day <= $3::date)`;
    const order = q.order === 'asc' ? 'ASC' : 'DESC';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `WITH d AS (${days})
         SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(DISTINCT d.loan_id)::int AS "loanCount",
                count(*) FILTER (WHERE d.type = 'PRE_REVIEW_APPROVE')::int AS approved,
                count(*) FILTER (WHERE d.type = 'PRE_REVIEW_REJECT')::int AS rejected,
                count(*) FILTER (WHERE d.type = 'PRE_REVIEW_RETURN')::int AS returned,
                string_agg(DISTINCT u.nickname, '、') AS approvers, m.id AS "meetingId",
                (SELECT count(*)::int FROM attachment a WHERE a.meeting_id = m.id AND a.deleted_at IS NULL) AS "minutesCount"
           FROM d LEFT JOIN app_user u ON u.id = d.actor_id LEFT JOIN meeting m ON m.kind = 'YS' AND m.session_date = d.day
           ${where}
          GROUP BY d.day, m.id ORDER BY d.day ${order} LIMIT $4 OFFSET $5`,
        [...params, limit, offset],
      ),
      this.db.query(`WITH d AS (${days}) SELECT count(DISTINCT d.day)::int AS total FROM d ${where}`, params),
    ]);
    return { rows, total };
  }

  /** The id of the day's meeting row, or null before its first minutes. */
  async sessionMeetingId(day: string): Promise<string | null> {
    const [meeting] = await this.db.query(`SELECT id FROM meeting WHERE kind = 'YS' AND session_date = $1`, [day]);
    return meeting?.id ?? null;
  }

  /** The decisions of these types taken on the company day, oldest first. */
  decisions(decisionTypes: EventType[], day: string): Promise<DecisionRow[]> {
    return this.db.query(
      `SELECT e.loan_id AS "loanId", c.name AS "companyName", l.term_months AS "termMonths", i.snapshot->'context'->>'amount' AS amount,
              e.type, e.payload->>'reason' AS reason, e.actor_id AS "approverId", u.nickname AS "approverName", e.at
         FROM workflow_event e
         JOIN loan l ON l.id = e.loan_id
         JOIN company c ON c.id = l.company_id
         JOIN workflow_instance i ON i.loan_id = e.loan_id
         LEFT JOIN app_user u ON u.id = e.actor_id
        WHERE e.type = ANY($1::text[]) AND (e.at AT TIME ZONE ${companyZoneSql()})::date = $2::date
        ORDER BY e.at, e.id`,
      [decisionTypes, day],
    );
  }

  /** The day's meeting row, inserted if missing and locked until the transaction ends; its id. */
  async lockSessionMeeting(em: EntityManager, day: string, title: string, actorId: string): Promise<string> {
    await em.query(
      `INSERT INTO meeting (kind, title, held_at, place, status, session_date, created_by)
       VALUES ('YS', $2, ($1::date + time '09:00') AT TIME ZONE ${companyZoneSql()}, '—', 'END', $1::date, $3)
       ON CONFLICT (session_date) WHERE kind = 'YS' DO NOTHING`,
      [day, title, actorId],
    );
    const [row] = await em.query(`SELECT id FROM meeting WHERE kind = 'YS' AND session_date = $1 FOR UPDATE`, [day]);
    return row.id;
  }

  /** Deletes the day's minutes softly, with the actor; false when the day has no such live minutes. */
  async deleteMinutes(day: string, attachmentId: string, userId: string): Promise<boolean> {
    const [, count] = await this.db.query(
      `UPDATE attachment a SET deleted_at = now(), deleted_by = $3 FROM meeting m
        WHERE a.id = $1 AND a.meeting_id = m.id AND m.kind = 'YS' AND m.session_date = $2 AND a.deleted_at IS NULL`,
      [attachmentId, day, userId],
    );
    return !!count;
  }

  /** The day's live minutes of this id (an ATTACHMENT_SELECT row), or null. */
  async minutesOne(day: string, attachmentId: string): Promise<Record<string, any> | null> {
    const [row] = await this.db.query(`${ATTACHMENT_SELECT} WHERE a.id = $1 AND m.kind = 'YS' AND m.session_date = $2 AND a.deleted_at IS NULL`, [
      attachmentId,
      day,
    ]);
    return row ?? null;
  }
}
