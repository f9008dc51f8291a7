import { HttpStatus, Injectable } from '@nestjs/common';
import { MEETING_KIND_LABELS, MEETING_STATUS_LABELS, MINUTES_KIND_OF, STATUS_ENUMERATIONS, type EventType, type Label } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import { isCalendarDay } from '../common/validation';
import { ATTACHMENT_SELECT, AttachmentStore, toStoredAttachment } from '../archives/attachment-store';
import type { SessionListQuery } from './meeting.dto';
import { UUID } from './meetings.service';
import type { MinutesData } from './minutes-export';
import { formatAmount, formatTime } from '../common/spreadsheet';
import { companyZoneSql } from '../common/company-time';

/** The pre-review decisions; a pre-review session is a day on which some were taken. */
const DECISIONS: Record<string, { label: Label; key: 'EXAMINE_PASS' | 'EXAMINE_FAIL' | 'RETURN' }> = {
  PRE_REVIEW_APPROVE: { label: STATUS_ENUMERATIONS.approval.EXAMINE_PASS, key: 'EXAMINE_PASS' },
  PRE_REVIEW_REJECT: { label: STATUS_ENUMERATIONS.approval.EXAMINE_FAIL, key: 'EXAMINE_FAIL' },
  PRE_REVIEW_RETURN: { label: STATUS_ENUMERATIONS.approval.RETURN, key: 'RETURN' },
};
const DECISION_TYPES = Object.keys(DECISIONS) as EventType[];
export interface Decision {
  loanId: string;
  companyName: string;
  amount: number;
  termMonths: number;
  decision: 'EXAMINE_PASS' | 'EXAMINE_FAIL' | 'RETURN';
  decisionLabel: Label;
  reason: string | null;
  approverId: string;
  approverName: string | null;
  at: string;
}

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

const NO_RULE: Label = { zh: '预审会由预审审批人逐项审批，不投票', en: 'Pre-review approvers decide each project; there is no vote' };

/**
 * Pre-review meetings (YS). The machine has no pre-review vote: each loan is approved, rejected or
 * returned on its own (the pre-review approval list). The data library shows those decisions grouped
 * by the day they were taken, and keeps minutes for such a day on a meeting row made when the first
 * minutes arrive.
 */
@Injectable()
export class YsSessionsService {
  constructor(
    private readonly db: DataSource,
    private readonly attachments: AttachmentStore,
  ) {}

  async list(q: SessionListQuery, limit?: number): Promise<Page<SessionItem>> {
    const params = [DECISION_TYPES, q.from ?? null, q.to ?? null];
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
        [...params, limit ?? q.pageSize, limit ? 0 : (q.pageNum - 1) * q.pageSize],
      ),
      this.db.query(`WITH d AS (${days}) SELECT count(DISTINCT d.day)::int AS total FROM d ${where}`, params),
    ]);
    return {
      list: rows.map((r: Record<string, any>): SessionItem => ({
        ...(r as SessionItem),
        approvers: r.approvers ?? '',
        minutesCount: r.minutesCount ?? 0,
        title: this.title(r.day),
      })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  title(day: string): string {
    return `${MEETING_KIND_LABELS.YS.zh} ${day}`;
  }

  /** The decisions of one day, oldest first, and the day's minutes. */
  async detail(day: string) {
    const decisions = await this.decisions(day);
    const [meeting] = await this.db.query(`SELECT id FROM meeting WHERE kind = 'YS' AND session_date = $1`, [day]);
    const minutes = meeting
      ? (await this.db.query(`${ATTACHMENT_SELECT} WHERE a.meeting_id = $1 AND a.deleted_at IS NULL ORDER BY a.created_at`, [meeting.id])).map(
          toStoredAttachment,
        )
      : [];
    return { day, title: this.title(day), meetingId: meeting?.id ?? null, decisions, minutes };
  }

  private async decisions(day: string): Promise<Decision[]> {
    if (!isCalendarDay(day)) throw new AppError(HttpStatus.NOT_FOUND, CODES.sessionNotFound, 'sessionNotFound');
    const rows = await this.db.query(
      `SELECT e.loan_id AS "loanId", c.name AS "companyName", l.term_months AS "termMonths", i.snapshot->'context'->>'amount' AS amount,
              e.type, e.payload->>'reason' AS reason, e.actor_id AS "approverId", u.nickname AS "approverName", e.at
         FROM workflow_event e
         JOIN loan l ON l.id = e.loan_id
         JOIN company c ON c.id = l.company_id
         JOIN workflow_instance i ON i.loan_id = e.loan_id
         LEFT JOIN app_user u ON u.id = e.actor_id
        WHERE e.type = ANY($1::text[]) AND (e.at AT TIME ZONE ${companyZoneSql()})::date = $2::date
        ORDER BY e.at, e.id`,
      [DECISION_TYPES, day],
    );
    if (!rows.length) throw new AppError(HttpStatus.NOT_FOUND, CODES.sessionNotFound, 'sessionNotFound');
    return rows.map((r: Record<string, any>): Decision => ({
      loanId: r.loanId,
      companyName: r.companyName,
      amount: Number(r.amount),
      termMonths: r.termMonths,
      decision: DECISIONS[r.type].key,
      decisionLabel: DECISIONS[r.type].label,
      reason: r.reason,
      approverId: r.approverId,
      approverName: r.approverName,
      at: new Date(r.at).toISOString(),
    }));
  }

  /** The day's meeting row, made when the first minutes arrive (inside the upload's transaction). */
  private async sessionMeeting(em: EntityManager, day: string, actorId: string): Promise<string> {
    await em.query(
      `INSERT INTO meeting (kind, title, held_at, place, status, session_date, created_by)
       VALUES ('YS', $2, ($1::date + time '09:00') AT TIME ZONE ${companyZoneSql()}, '—', 'END', $1::date, $3)
       ON CONFLICT (session_date) WHERE kind = 'YS' DO NOTHING`,
      [day, this.title(day), actorId],
    );
    const [row] = await em.query(`SELECT id FROM meeting WHERE kind = 'YS' AND session_date = $1 FOR UPDATE`, [day]);
    return row.id;
  }

  async uploadMinutes(day: string, file: Express.Multer.File | undefined, user: AuthUser) {
    await this.decisions(day);
    return this.attachments.save(file, 'minutes', null, MINUTES_KIND_OF.YS, user.id, async (em) => ({
      meetingId: await this.sessionMeeting(em, day, user.id),
    }));
  }

  async deleteMinutes(day: string, attachmentId: string, userId: string) {
    this.checkIds(day, attachmentId);
    const [, count] = await this.db.query(
      `UPDATE attachment a SET deleted_at = now(), deleted_by = $3 FROM meeting m
        WHERE a.id = $1 AND a.meeting_id = m.id AND m.kind = 'YS' AND m.session_date = $2 AND a.deleted_at IS NULL`,
      [attachmentId, day, userId],
    );
    if (!count) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return { id: attachmentId, deleted: true };
  }

  async minutesFile(day: string, attachmentId: string, user: AuthUser) {
    this.checkIds(day, attachmentId);
    const [row] = await this.db.query(`${ATTACHMENT_SELECT} WHERE a.id = $1 AND m.kind = 'YS' AND m.session_date = $2 AND a.deleted_at IS NULL`, [
      attachmentId,
      day,
    ]);
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return this.attachments.download(row, user);
  }

  private checkIds(day: string, attachmentId: string) {
    if (!isCalendarDay(day) || !UUID.test(attachmentId)) {
      throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    }
  }

  async minutesData(day: string): Promise<MinutesData> {
    const decisions = await this.decisions(day);
    const lastByLoan = new Map<string, Decision>();
    for (const d of decisions) lastByLoan.set(d.loanId, d);
    const approvers = [...new Set(decisions.map((d) => d.approverName ?? ''))].filter(Boolean);
    return {
      kind: MEETING_KIND_LABELS.YS,
      title: this.title(day),
      heldAt: day,
      place: '—',
      status: MEETING_STATUS_LABELS.END,
      attendees: approvers.join('、'),
      rule: NO_RULE,
      agenda: [...lastByLoan.values()].map((d, i) => ({
        no: i + 1,
        company: d.companyName,
        amount: formatAmount(d.amount),
        termMonths: d.termMonths,
        result: d.decisionLabel,
      })),
      votes: decisions.map((d, i) => ({
        no: i + 1,
        company: d.companyName,
        voter: d.approverName ?? '',
        opinion: d.decisionLabel,
        comment: d.reason ?? '',
        time: formatTime(d.at),
      })),
    };
  }
}
