import { HttpStatus, Injectable } from '@nestjs/common';
import { MEETING_KIND_LABELS, MEETING_STATUS_LABELS, MINUTES_KIND_OF, STATUS_ENUMERATIONS, type EventType, type Label } from '@app/workflow';
import { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import { isCalendarDay } from '../common/validation';
import { AttachmentStore, toStoredAttachment } from '../archives/attachment-store';
import type { SessionListQuery } from './meeting.dto';
import { MeetingsRepository } from './meetings.repository';
import { UUID } from './meetings.service';
import type { MinutesData } from './minutes-export';
import { YsSessionsRepository } from './ys-sessions.repository';
import { formatAmount, formatTime } from '../common/spreadsheet';

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
    private readonly sessions: YsSessionsRepository,
    private readonly meetings: MeetingsRepository,
    private readonly attachments: AttachmentStore,
  ) {}

  async list(q: SessionListQuery, limit?: number): Promise<Page<SessionItem>> {
    const { rows, total } = await this.sessions.page(DECISION_TYPES, q, limit ?? q.pageSize, limit ? 0 : (q.pageNum - 1) * q.pageSize);
    return {
      list: rows.map((r): SessionItem => ({
        ...r,
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
    const meetingId = await this.sessions.sessionMeetingId(day);
    const minutes = meetingId ? (await this.meetings.minutes(meetingId)).map(toStoredAttachment) : [];
    return { day, title: this.title(day), meetingId, decisions, minutes };
  }

  private async decisions(day: string): Promise<Decision[]> {
    if (!isCalendarDay(day)) throw new AppError(HttpStatus.NOT_FOUND, CODES.sessionNotFound, 'sessionNotFound');
    const rows = await this.sessions.decisions(DECISION_TYPES, day);
    if (!rows.length) throw new AppError(HttpStatus.NOT_FOUND, CODES.sessionNotFound, 'sessionNotFound');
    return rows.map((r): Decision => ({
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
  private sessionMeeting(em: EntityManager, day: string, actorId: string): Promise<string> {
    return this.sessions.lockSessionMeeting(em, day, this.title(day), actorId);
  }

  async uploadMinutes(day: string, file: Express.Multer.File | undefined, user: AuthUser) {
    await this.decisions(day);
    return this.attachments.save(file, 'minutes', null, MINUTES_KIND_OF.YS, user.id, async (em) => ({
      meetingId: await this.sessionMeeting(em, day, user.id),
    }));
  }

  async deleteMinutes(day: string, attachmentId: string, userId: string) {
    this.checkIds(day, attachmentId);
    if (!(await this.sessions.deleteMinutes(day, attachmentId, userId)))
      throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return { id: attachmentId, deleted: true };
  }

  async minutesFile(day: string, attachmentId: string, user: AuthUser) {
    this.checkIds(day, attachmentId);
    const row = await this.sessions.minutesOne(day, attachmentId);
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
