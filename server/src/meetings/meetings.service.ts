import { HttpStatus, Injectable } from '@nestjs/common';
import * as engine from '@app/workflow';
import {
  describeVoteRule,
  defaultVoteRule,
  EVENT_PERMISSIONS,
  MEETING_EVENTS,
  MEETING_KIND_LABELS,
  MEETING_PERMISSIONS,
  MEETING_STAGE_OF_KIND,
  MEETING_STATUS_LABELS,
  MEETING_STEPS,
  MINUTES_KIND_OF,
  meetingStepAllowed,
  STATUS_ENUMERATIONS,
  validateMeetingDraft,
  VOTE_OPINION_LABELS,
  type Label,
  type MeetingStatus,
  type MeetingStep,
  type VoteOpinion,
  type VoteResult,
  type VoteRule,
  type VotingMeetingKind,
} from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { AuthUser, holds } from '../auth/auth-user';
import { AppError, CODES } from '../common/errors';
import type { Page } from '../common/envelope';
import { Clock } from '../common/clock';
import { ATTACHMENT_SELECT, AttachmentStore, toStoredAttachment, type StoredAttachment } from '../archives/attachment-store';
import { runtimeFor } from '../workflow/machine-registry';
import { InstanceRow, WorkflowRepository } from '../workflow/workflow.repository';
import { actorOf, commitEvent } from '../workflow/workflow.service';
import type { CandidateQuery, CreateMeetingDto, MeetingListQuery } from './meeting.dto';
import type { MinutesData } from './minutes-export';
import { EXPORT_MAX_ROWS, pagedRows, formatAmount, formatTime } from '../common/spreadsheet';
import { companyZoneSql } from '../common/company-time';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What each meeting step is called inside a refusal ("cannot {step}"). */
export const STEP_WORDS: Record<MeetingStep, Label> = {
  allocate: { zh: '分配到会议', en: 'be allocated' },
  cancelAllocation: { zh: '取消分配', en: 'have its allocation cancelled' },
  start: { zh: '开始会议', en: 'start' },
  end: { zh: '结束会议', en: 'end' },
  cancel: { zh: '取消会议', en: 'be cancelled' },
};

const STEP_PERMISSION: Record<MeetingStep, keyof engine.MeetingPermissions> = {
  allocate: 'allocate',
  cancelAllocation: 'cancelAllocation',
  start: 'start',
  end: 'end',
  cancel: 'cancel',
};

export interface MeetingRecord {
  id: string;
  kind: VotingMeetingKind;
  title: string;
  heldAt: string;
  place: string;
  status: MeetingStatus;
  rule: VoteRule;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  cancelledAt: string | null;
}

export interface MeetingListItem extends MeetingRecord {
  attendeeCount: number;
  attendeeNames: string;
  loanCount: number;
  minutesCount: number;
  steps: MeetingStep[];
}

export interface AgendaLoan {
  itemId: string;
  loanId: string;
  companyName: string;
  termMonths: number;
  bank: string | null;
  allocatedAt: string;
  allocatedByName: string | null;
  row: InstanceRow;
}

export interface AttendeeView {
  id: string;
  username: string;
  nickname: string;
}

export interface RecordedVoteView {
  attendeeId: string;
  attendeeName: string | null;
  opinion: VoteOpinion | null;
  comment: string | null;
  at: string | null;
}

export interface MeetingOutcomeView {
  result: VoteResult;
  decidedBy: 'TALLY' | 'RESOLUTION';
  counts: engine.VoteCounts;
  at: string;
}

const MEETING_COLUMNS = `
  m.id, m.kind, m.title, m.held_at AS "heldAt", m.place, m.status, m.rule, m.created_by AS "createdBy", cu.nickname AS "createdByName",
  m.created_at AS "createdAt", m.started_at AS "startedAt", m.ended_at AS "endedAt", m.cancelled_at AS "cancelledAt"`;

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function toMeeting(r: Record<string, any>): MeetingRecord {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    heldAt: new Date(r.heldAt).toISOString(),
    place: r.place,
    status: r.status,
    rule: r.rule,
    createdBy: r.createdBy,
    createdByName: r.createdByName,
    createdAt: new Date(r.createdAt).toISOString(),
    startedAt: iso(r.startedAt),
    endedAt: iso(r.endedAt),
    cancelledAt: iso(r.cancelledAt),
  };
}

const SORT_COLUMNS = { heldAt: 'm.held_at', title: 'm.title', status: 'm.status', createdAt: 'm.created_at' } as const;

export const likePattern = (text: string | undefined) => (text ? `%${text.trim().replace(/[%_\\]/g, '\\$&')}%` : null);

/** The result this meeting gave a loan (the last one: a resolution settles a pending tally). */
export function outcomeOf(snapshot: { context: engine.GuaranteeContext }, meetingId: string): MeetingOutcomeView | null {
  const results = (snapshot.context.meetingResults ?? []).filter((r) => r.meetingId === meetingId);
  const last = results[results.length - 1];
  return last ? { result: last.result, decidedBy: last.decidedBy, counts: last.counts, at: last.at } : null;
}

export function statusWords(status: MeetingStatus): Label {
  return { zh: MEETING_STATUS_LABELS[status].zh, en: MEETING_STATUS_LABELS[status].en };
}

/**
 * The general-office and review-committee meetings of the data library. A meeting's loans are moved
 * only by their machines: allocation, start, end and cancellation send each loan its event, all in
 * one transaction with the meeting's own change, so that either everything happens or nothing does.
 */
@Injectable()
export class MeetingsService {
  constructor(
    private readonly db: DataSource,
    private readonly repo: WorkflowRepository,
    private readonly clock: Clock,
    private readonly attachments: AttachmentStore,
  ) {}

  // --- reading -------------------------------------------------------------------------------

  async list(kind: VotingMeetingKind, q: MeetingListQuery, user: AuthUser, limit?: number): Promise<Page<MeetingListItem>> {
    const params = [kind, likePattern(q.title), q.status ?? null, q.from ?? null, q.to ?? null];
    const where = `WHERE m.kind = $1 AND ($2::text IS NULL OR m.title ILIKE $2) AND ($3::text IS NULL OR m.status = $3)
      AND ($4::date IS NULL OR (m.held_at AT TIME ZONE ${companyZoneSql()})::date >= $4::date)
      AND ($5::date IS NULL OR (m.held_at AT TIME ZONE ${companyZoneSql()})::date <= $5::date)`;
    const sort = SORT_COLUMNS[q.sort ?? 'heldAt'];
    const order = q.order === 'asc' ? 'ASC' : q.order === 'desc' || !q.sort ? 'DESC' : 'ASC';
    const take = limit ?? q.pageSize;
    const skip = limit ? 0 : (q.pageNum - 1) * q.pageSize;
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
    return {
      list: rows.map((r: Record<string, any>): MeetingListItem => {
        const meeting = toMeeting(r);
        return {
          ...meeting,
          attendeeCount: r.attendeeCount,
          attendeeNames: r.attendeeNames ?? '',
          loanCount: r.loanCount,
          minutesCount: r.minutesCount,
          steps: this.stepsFor(meeting, user),
        };
      }),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  /** Every meeting the filters select, a page at a time (no cap). */
  exportRows(kind: VotingMeetingKind, q: MeetingListQuery, user: AuthUser) {
    return pagedRows(async (limit, offset) => (await this.list(kind, { ...q, pageNum: offset / limit + 1, pageSize: limit }, user)).list, EXPORT_MAX_ROWS);
  }

  /** The meeting steps this user may take now: allowed by the status and held by the user. */
  stepsFor(meeting: Pick<MeetingRecord, 'kind' | 'status'>, user: AuthUser): MeetingStep[] {
    const perms = MEETING_PERMISSIONS[meeting.kind];
    return MEETING_STEPS.filter((step) => meetingStepAllowed(meeting.status, step) && holds(user, perms[STEP_PERMISSION[step]]));
  }

  /** Active people of the kind's attendee pool (what a new meeting chooses from). */
  async pool(kind: VotingMeetingKind): Promise<AttendeeView[]> {
    return this.db.query(
      `SELECT u.id, u.username, u.nickname FROM conferee c JOIN app_user u ON u.id = c.user_id
        WHERE c.active AND NOT u.disabled AND $1 = ANY(c.meeting_kinds) ORDER BY u.nickname, u.username`,
      [kind],
    );
  }

  async meeting(kind: VotingMeetingKind, id: string, em: EntityManager = this.db.manager, lock = false): Promise<MeetingRecord> {
    if (!UUID.test(id)) throw new AppError(HttpStatus.NOT_FOUND, CODES.meetingNotFound, 'meetingNotFound');
    // FOR UPDATE OF m: the meeting row only (the creator's row is merely read).
    const [row] = await em.query(
      `SELECT ${MEETING_COLUMNS} FROM meeting m LEFT JOIN app_user cu ON cu.id = m.created_by WHERE m.id = $1 AND m.kind = $2 ${lock ? 'FOR UPDATE OF m' : ''}`,
      [id, kind],
    );
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.meetingNotFound, 'meetingNotFound');
    return toMeeting(row);
  }

  async attendees(meetingId: string, em: EntityManager = this.db.manager): Promise<AttendeeView[]> {
    return em.query(
      `SELECT u.id, u.username, u.nickname FROM meeting_attendee ma JOIN app_user u ON u.id = ma.user_id WHERE ma.meeting_id = $1 ORDER BY u.nickname, u.username`,
      [meetingId],
    );
  }

  /** The loans on the agenda with their workflow instances, in a fixed order (the lock order). */
  async agenda(meetingId: string, em: EntityManager = this.db.manager): Promise<AgendaLoan[]> {
    const rows = await em.query(
      `SELECT ml.id AS "itemId", ml.loan_id AS "loanId", c.name AS "companyName", l.term_months AS "termMonths", l.bank,
              ml.allocated_at AS "allocatedAt", u.nickname AS "allocatedByName",
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
    return rows.map((r: Record<string, any>) => ({
      itemId: r.itemId,
      loanId: r.loanId,
      companyName: r.companyName,
      termMonths: r.termMonths,
      bank: r.bank,
      allocatedAt: new Date(r.allocatedAt).toISOString(),
      allocatedByName: r.allocatedByName,
      row: {
        loanId: r.loanId,
        machineVersion: r.machineVersion,
        input: r.input,
        snapshot: r.snapshot,
        stage: r.stage,
        status: r.status,
        version: r.version,
        lastHash: r.lastHash,
      },
    }));
  }

  /** Every vote cast on this meeting, by loan, as the event log holds them. */
  async castVotes(kind: VotingMeetingKind, meetingId: string, loanIds: string[]): Promise<Map<string, RecordedVoteView[]>> {
    const rows = loanIds.length
      ? await this.db.query(
          `SELECT e.loan_id AS "loanId", e.actor_id AS "attendeeId", u.nickname AS "attendeeName", e.payload->>'opinion' AS opinion,
                  e.payload->>'comment' AS comment, e.at
             FROM workflow_event e LEFT JOIN app_user u ON u.id = e.actor_id
            WHERE e.loan_id = ANY($1::uuid[]) AND e.type = $2 AND e.payload->>'meetingId' = $3
            ORDER BY e.at, e.id`,
          [loanIds, MEETING_EVENTS[kind].vote, meetingId],
        )
      : [];
    const byLoan = new Map<string, RecordedVoteView[]>();
    for (const r of rows) {
      const list = byLoan.get(r.loanId) ?? [];
      list.push({ attendeeId: r.attendeeId, attendeeName: r.attendeeName, opinion: r.opinion, comment: r.comment, at: new Date(r.at).toISOString() });
      byLoan.set(r.loanId, list);
    }
    return byLoan;
  }

  async minutes(meetingId: string): Promise<StoredAttachment[]> {
    const rows = await this.db.query(`${ATTACHMENT_SELECT} WHERE a.meeting_id = $1 AND a.deleted_at IS NULL ORDER BY a.created_at`, [meetingId]);
    return rows.map(toStoredAttachment);
  }

  async detail(kind: VotingMeetingKind, id: string, user: AuthUser) {
    const meeting = await this.meeting(kind, id);
    const [attendees, agenda, minutes] = await Promise.all([this.attendees(id), this.agenda(id), this.minutes(id)]);
    const actor = actorOf(user);
    const events = MEETING_EVENTS[kind];
    const perms = MEETING_PERMISSIONS[kind];
    const votes = await this.castVotes(
      kind,
      id,
      agenda.map((a) => a.loanId),
    );
    const loans = agenda
      .map((a) => {
        const snapshot = a.row.snapshot;
        const here = snapshot.context.meeting?.meetingId === id;
        const labels = engine.statusLabels(snapshot);
        return {
          itemId: a.itemId,
          loanId: a.loanId,
          companyName: a.companyName,
          amount: snapshot.context.amount as number,
          termMonths: a.termMonths,
          bank: a.bank,
          allocatedAt: a.allocatedAt,
          allocatedByName: a.allocatedByName,
          stage: labels.stage,
          status: labels.status,
          step: labels.step,
          /** False once the loan left this meeting (discontinued, or moved on). */
          onMeeting: here,
          outcome: outcomeOf(snapshot, id),
          voteCount: (votes.get(a.loanId) ?? []).length,
          version: a.row.version,
          // Only this meeting's own events are offered here (a pending resolution).
          legalActions: here ? engine.legalActions(snapshot, actor).filter((x) => x.type === events.resolution) : [],
          canCancelAllocation: meeting.status === 'PREPARATION' && holds(user, perms.cancelAllocation),
        };
      })
      .sort((x, y) => x.allocatedAt.localeCompare(y.allocatedAt));
    return {
      ...meeting,
      kindLabel: MEETING_KIND_LABELS[kind],
      ruleText: describeVoteRule(meeting.rule),
      attendees,
      loans,
      minutes,
      steps: this.stepsFor(meeting, user),
    };
  }

  /** Vote details: per loan, every attendee with their opinion, comment and time (or none yet). */
  async voteDetails(kind: VotingMeetingKind, id: string) {
    const meeting = await this.meeting(kind, id);
    const [attendees, agenda] = await Promise.all([this.attendees(id), this.agenda(id)]);
    const votes = await this.castVotes(
      kind,
      id,
      agenda.map((a) => a.loanId),
    );
    return {
      meeting: { ...meeting, kindLabel: MEETING_KIND_LABELS[kind], ruleText: describeVoteRule(meeting.rule) },
      attendees,
      loans: agenda
        .sort((x, y) => x.allocatedAt.localeCompare(y.allocatedAt))
        .map((a) => {
          const cast = votes.get(a.loanId) ?? [];
          const byAttendee = new Map(cast.map((v) => [v.attendeeId, v]));
          return {
            itemId: a.itemId,
            loanId: a.loanId,
            companyName: a.companyName,
            amount: a.row.snapshot.context.amount as number,
            termMonths: a.termMonths,
            outcome: outcomeOf(a.row.snapshot, id),
            counts: engine.countVotes(
              Object.fromEntries(cast.map((v) => [v.attendeeId, { opinion: v.opinion as VoteOpinion }])),
              attendees.map((p) => p.id),
            ),
            votes: attendees.map(
              (p): RecordedVoteView => byAttendee.get(p.id) ?? { attendeeId: p.id, attendeeName: p.nickname, opinion: null, comment: null, at: null },
            ),
          };
        }),
    };
  }

  /** The minutes' content: agenda (company, amount, term, result) and every vote. */
  async minutesData(kind: VotingMeetingKind, id: string): Promise<MinutesData> {
    const details = await this.voteDetails(kind, id);
    const m = details.meeting;
    const vote = STATUS_ENUMERATIONS.vote;
    let no = 0;
    return {
      kind: MEETING_KIND_LABELS[kind],
      title: m.title,
      heldAt: formatTime(m.heldAt),
      place: m.place,
      status: MEETING_STATUS_LABELS[m.status],
      attendees: details.attendees.map((a) => a.nickname).join('、'),
      rule: m.ruleText,
      agenda: details.loans.map((l, i) => ({
        no: i + 1,
        company: l.companyName,
        amount: formatAmount(l.amount),
        termMonths: l.termMonths,
        result: l.outcome ? vote[l.outcome.result] : vote.NOT_STARTED,
      })),
      votes: details.loans.flatMap((l) =>
        l.votes
          .filter((v) => v.opinion !== null)
          .map((v) => ({
            no: ++no,
            company: l.companyName,
            voter: v.attendeeName ?? '',
            opinion: VOTE_OPINION_LABELS[v.opinion as VoteOpinion],
            comment: v.comment ?? '',
            time: formatTime(v.at),
          })),
      ),
    };
  }

  /**
   * Loans that could go on this meeting: those whose machine accepts the kind's ALLOCATE event with
   * this meeting's attendees and rule. The stage column only narrows the search; the machine decides.
   */
  async candidates(kind: VotingMeetingKind, id: string, q: CandidateQuery, user: AuthUser) {
    const meeting = await this.meeting(kind, id);
    const attendees = (await this.attendees(id)).map((a) => a.id);
    const rows = await this.db.query(
      `SELECT l.id AS "loanId", c.name AS "companyName", l.term_months AS "termMonths", l.bank, l.created_at AS "createdAt",
              a.nickname AS "aPostOfficerName", i.machine_version AS "machineVersion", i.snapshot
         FROM workflow_instance i
         JOIN loan l ON l.id = i.loan_id
         JOIN company c ON c.id = l.company_id
         LEFT JOIN app_user a ON a.id = l.a_post_officer_id
        WHERE i.stage = $1 AND l.deleted_at IS NULL AND ($2::text IS NULL OR c.name ILIKE $2)
        ORDER BY l.created_at, l.id`,
      [MEETING_STAGE_OF_KIND[kind], likePattern(q.company)],
    );
    const at = this.clock.now().toISOString();
    const type = MEETING_EVENTS[kind].allocate;
    const accepted = rows.filter(
      (r: Record<string, any>) =>
        runtimeFor(r.machineVersion).applyEvent(r.snapshot, {
          type,
          actorId: user.id,
          at,
          meetingId: meeting.id,
          attendees,
          rule: meeting.rule,
        } as engine.GuaranteeEvent).accepted,
    );
    const page = accepted.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize);
    return {
      list: page.map((r: Record<string, any>) => {
        const labels = engine.statusLabels(r.snapshot);
        return {
          loanId: r.loanId,
          companyName: r.companyName,
          amount: r.snapshot.context.amount as number,
          termMonths: r.termMonths,
          bank: r.bank,
          aPostOfficerName: r.aPostOfficerName,
          createdAt: new Date(r.createdAt).toISOString(),
          status: labels.status,
          step: labels.step,
        };
      }),
      total: accepted.length,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    } satisfies Page<unknown>;
  }

  // --- changing ------------------------------------------------------------------------------

  async create(kind: VotingMeetingKind, dto: CreateMeetingDto, user: AuthUser) {
    const rule = (dto.rule ?? defaultVoteRule(kind)) as unknown as VoteRule;
    const issues = validateMeetingDraft({ title: dto.title, heldAt: dto.heldAt, place: dto.place, attendeeIds: dto.attendeeIds, rule });
    if (issues.length) {
      const detail = issues.map((i) => `${i.field}${i.detail ? ` (${i.detail})` : ''}`).join(', ');
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.meetingInvalid, 'meetingInvalid', { detail }, { issues });
    }
    const id = await this.db.transaction(async (em) => {
      const pool = await em.query(
        `SELECT c.user_id AS id FROM conferee c JOIN app_user u ON u.id = c.user_id
          WHERE c.user_id = ANY($1::uuid[]) AND c.active AND NOT u.disabled AND $2 = ANY(c.meeting_kinds)`,
        [dto.attendeeIds, kind],
      );
      const inPool = new Set(pool.map((r: { id: string }) => r.id));
      const outside = dto.attendeeIds.filter((a) => !inPool.has(a));
      if (outside.length) {
        const names = await em.query(`SELECT coalesce(string_agg(nickname, '、'), '') AS names FROM app_user WHERE id = ANY($1::uuid[])`, [outside]);
        const label = MEETING_KIND_LABELS[kind];
        throw new AppError(
          HttpStatus.BAD_REQUEST,
          CODES.attendeeNotInPool,
          'attendeeNotInPool',
          { kind: { zh: label.zh, en: label.en }, names: names[0].names || outside.join(', ') },
          { attendeeIds: outside },
        );
      }
      const [row] = await em.query(`INSERT INTO meeting (kind, title, held_at, place, rule, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [
        kind,
        dto.title.trim(),
        dto.heldAt,
        dto.place.trim(),
        rule,
        user.id,
      ]);
      await em.query(`INSERT INTO meeting_attendee (meeting_id, user_id) SELECT $1, unnest($2::uuid[])`, [row.id, dto.attendeeIds]);
      return row.id as string;
    });
    return this.detail(kind, id, user);
  }

  /** Puts loans on the agenda: each loan's ALLOCATE event and agenda row, all or none. */
  async allocate(kind: VotingMeetingKind, id: string, loanIds: string[], user: AuthUser) {
    const type = MEETING_EVENTS[kind].allocate;
    this.needEventPermission(user, type);
    await this.db.transaction(async (em) => {
      const meeting = await this.meeting(kind, id, em, true);
      this.ensureStep(meeting, 'allocate');
      const attendees = (await this.attendees(id, em)).map((a) => a.id);
      const rows = await em.query(
        `SELECT l.id AS "loanId", c.name AS "companyName" FROM loan l JOIN company c ON c.id = l.company_id
          WHERE l.id = ANY($1::uuid[]) AND l.deleted_at IS NULL`,
        [loanIds],
      );
      const names = new Map<string, string>(rows.map((r: Record<string, string>) => [r.loanId, r.companyName]));
      const missing = loanIds.filter((l) => !names.has(l));
      if (missing.length) {
        throw new AppError(HttpStatus.BAD_REQUEST, CODES.meetingLoanNotFound, 'meetingLoanNotFound', { detail: missing.join(', ') }, { loanIds: missing });
      }
      const at = this.clock.now().toISOString();
      for (const loanId of [...loanIds].sort()) {
        const row = await this.repo.instance(loanId, em);
        if (!row) throw AppError.notFound('loanNotFound');
        const event = { type, actorId: user.id, at, meetingId: id, attendees, rule: meeting.rule } as engine.GuaranteeEvent;
        await this.commit(em, { loanId, companyName: names.get(loanId) ?? loanId, row }, event, 'allocate');
        await em.query(`INSERT INTO meeting_loan (meeting_id, loan_id, allocated_by, allocated_at) VALUES ($1, $2, $3, $4)`, [id, loanId, user.id, at]);
      }
      await em.query(`UPDATE meeting SET updated_at = now() WHERE id = $1`, [id]);
    });
    return this.detail(kind, id, user);
  }

  /**
   * Takes one loan off the agenda with its CANCEL_ALLOCATION event. A loan whose machine no longer
   * holds this meeting (discontinued meanwhile) is only taken off: there is nothing to tell it.
   */
  async cancelAllocation(kind: VotingMeetingKind, id: string, loanId: string, user: AuthUser) {
    const type = MEETING_EVENTS[kind].cancelAllocation;
    this.needEventPermission(user, type);
    await this.db.transaction(async (em) => {
      const meeting = await this.meeting(kind, id, em, true);
      this.ensureStep(meeting, 'cancelAllocation');
      const item = UUID.test(loanId) ? (await this.agenda(id, em)).find((a) => a.loanId === loanId) : undefined;
      if (!item) throw new AppError(HttpStatus.NOT_FOUND, CODES.agendaItemNotFound, 'agendaItemNotFound');
      if (item.row.snapshot.context.meeting?.meetingId === id) {
        const event = { type, actorId: user.id, at: this.clock.now().toISOString(), meetingId: id } as engine.GuaranteeEvent;
        await this.commit(em, item, event, 'cancelAllocation');
      }
      await em.query(`UPDATE meeting_loan SET cancelled_at = now(), cancelled_by = $2 WHERE id = $1`, [item.itemId, user.id]);
      await em.query(`UPDATE meeting SET updated_at = now() WHERE id = $1`, [id]);
    });
    return this.detail(kind, id, user);
  }

  /** Start, end or cancel: the meeting's status and every loan's event commit together or not at all. */
  async step(kind: VotingMeetingKind, id: string, step: 'start' | 'end' | 'cancel', user: AuthUser) {
    const type = MEETING_EVENTS[kind][step];
    this.needEventPermission(user, type);
    await this.db.transaction(async (em) => {
      const meeting = await this.meeting(kind, id, em, true);
      this.ensureStep(meeting, step);
      const agenda = await this.agenda(id, em);
      if (step === 'start' && agenda.length === 0) throw new AppError(HttpStatus.CONFLICT, CODES.meetingEmpty, 'meetingEmpty');
      const at = this.clock.now().toISOString();
      for (const item of agenda) {
        // A loan that already left the meeting (discontinued meanwhile) has nothing to hear when the
        // meeting ends or is cancelled, and cannot be taken off the agenda once it runs. Starting asks
        // every loan: one that cannot follow stops the whole start (take it off the agenda first).
        if (step !== 'start' && item.row.snapshot.context.meeting?.meetingId !== id) continue;
        await this.commit(em, item, { type, actorId: user.id, at, meetingId: id } as engine.GuaranteeEvent, step);
      }
      const column = step === 'start' ? 'started_at' : step === 'end' ? 'ended_at' : 'cancelled_at';
      const to = engine.MEETING_STEP_TO[step] as MeetingStatus;
      await em.query(`UPDATE meeting SET status = $2, ${column} = $3, updated_at = now() WHERE id = $1`, [id, to, at]);
    });
    return this.detail(kind, id, user);
  }

  async uploadMinutes(kind: engine.MeetingKind, meetingId: string, file: Express.Multer.File | undefined, user: AuthUser) {
    return this.attachments.save(file, 'minutes', { meetingId }, MINUTES_KIND_OF[kind], user.id, async (em) => {
      const [row] = await em.query(`SELECT id FROM meeting WHERE id = $1 AND kind = $2 FOR UPDATE`, [meetingId, kind]);
      if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.meetingNotFound, 'meetingNotFound');
    });
  }

  /** Minutes are deleted softly, with the actor; the file stays on disk for audit. */
  async deleteMinutes(meetingId: string, attachmentId: string, user: AuthUser) {
    if (!UUID.test(attachmentId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    const [, count] = await this.db.query(
      `UPDATE attachment SET deleted_at = now(), deleted_by = $3 WHERE id = $1 AND meeting_id = $2 AND deleted_at IS NULL`,
      [attachmentId, meetingId, user.id],
    );
    if (!count) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return { id: attachmentId, deleted: true };
  }

  async minutesFile(meetingId: string, attachmentId: string, user: AuthUser) {
    if (!UUID.test(attachmentId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    const [row] = await this.db.query(`${ATTACHMENT_SELECT} WHERE a.id = $1 AND a.meeting_id = $2 AND a.deleted_at IS NULL`, [attachmentId, meetingId]);
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return this.attachments.download(row, user);
  }

  // --- helpers -------------------------------------------------------------------------------

  private needEventPermission(user: AuthUser, type: engine.EventType) {
    const permission = EVENT_PERMISSIONS[type];
    if (!holds(user, permission)) throw AppError.forbidden({ required: permission });
  }

  private ensureStep(meeting: MeetingRecord, step: MeetingStep) {
    if (meetingStepAllowed(meeting.status, step)) return;
    const w = STEP_WORDS[step];
    throw new AppError(
      HttpStatus.CONFLICT,
      CODES.meetingStatus,
      'meetingStatus',
      { status: statusWords(meeting.status), step: { zh: w.zh, en: w.en } },
      { status: meeting.status, step },
      'MeetingStatus',
    );
  }

  /** One loan's event inside the caller's transaction; a refusal or a stale version aborts it all. */
  private async commit(em: EntityManager, item: Pick<AgendaLoan, 'loanId' | 'companyName' | 'row'>, event: engine.GuaranteeEvent, step: MeetingStep) {
    const fieldErrors = engine.validateEvent(event);
    if (fieldErrors.length) {
      const detail = fieldErrors.map((f) => `${f.field} ${f.message}`).join('; ');
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.payloadInvalid, 'payloadInvalid', { detail }, { fieldErrors });
    }
    const outcome = await commitEvent(em, this.repo, item.row, event);
    if (outcome.ok) return;
    if (outcome.stale) {
      throw new AppError(HttpStatus.CONFLICT, CODES.staleVersion, 'staleVersion', {}, { loanId: item.loanId }, 'StaleVersion');
    }
    const reason = outcome.refusal.reason;
    const w = STEP_WORDS[step];
    throw new AppError(
      HttpStatus.CONFLICT,
      CODES.meetingLoanRefused,
      'meetingLoanRefused',
      { company: item.companyName, step: { zh: w.zh, en: w.en }, reason: { zh: reason.zh, en: reason.en } },
      { loanId: item.loanId, reason, refusals: outcome.refusal.refusals },
      'IllegalEvent',
    );
  }
}
