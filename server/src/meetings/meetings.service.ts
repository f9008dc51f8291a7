import { HttpStatus, Injectable } from '@nestjs/common';
import * as engine from '@app/workflow';
import {
  describeVoteRule,
  defaultVoteRule,
  EVENT_PERMISSIONS,
  MEETING_EVENTS,
  MEETING_KIND_LABELS,
  MEETING_PERMISSIONS,
  MEETING_STAGES_OF_KIND,
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
import { AttachmentStore, toStoredAttachment, type StoredAttachment } from '../archives/attachment-store';
import { runtimeFor } from '../workflow/machine-registry';
import { InstanceRow, WorkflowRepository } from '../workflow/workflow.repository';
import { actorOf, commitEvent } from '../workflow/workflow.service';
import type { CandidateQuery, CreateMeetingDto, MeetingListQuery } from './meeting.dto';
import { MeetingsRepository, type AgendaRow, type MeetingRow } from './meetings.repository';
import type { MinutesData } from './minutes-export';
import { BadLoansRepository } from '../bad-loans/bad-loans.repository';
import { writeCaseRow } from '../bad-loans/bad-loans.service';
import { EXPORT_MAX_ROWS, pagedRows, formatAmount, formatTime } from '../common/spreadsheet';

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
  /** A compensation item (代偿): its total in fen at allocation; null for the loan itself. */
  compensationFen: number | null;
  row: InstanceRow;
}

/** The words of a compensation item, for the minutes. */
const compensationItem = (fen: number): Label => ({ zh: `代偿 ${formatAmount(fen / 100)} 元`, en: `compensation ${formatAmount(fen / 100)} yuan` });

/** The total of the compensation awaiting its decision, when the loan's machine stands there; null otherwise. */
function compensationOnOffer(snapshot: engine.PersistedSnapshot): number | null {
  const k = (snapshot.context as engine.GuaranteeContext).compensation;
  return engine.stageOf(snapshot) === 'compensation' && k && !k.approval ? engine.compensationTotalFen(k) : null;
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

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function toMeeting(r: MeetingRow): MeetingRecord {
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
    private readonly meetings: MeetingsRepository,
    private readonly badLoans: BadLoansRepository,
  ) {}

  // --- reading -------------------------------------------------------------------------------

  async list(kind: VotingMeetingKind, q: MeetingListQuery, user: AuthUser, limit?: number): Promise<Page<MeetingListItem>> {
    const take = limit ?? q.pageSize;
    const skip = limit ? 0 : (q.pageNum - 1) * q.pageSize;
    const { rows, total } = await this.meetings.page(kind, q, take, skip);
    return {
      list: rows.map((r): MeetingListItem => {
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
    return this.meetings.pool(kind);
  }

  async meeting(kind: VotingMeetingKind, id: string, em: EntityManager = this.db.manager, lock = false): Promise<MeetingRecord> {
    if (!UUID.test(id)) throw new AppError(HttpStatus.NOT_FOUND, CODES.meetingNotFound, 'meetingNotFound');
    const row = await this.meetings.meeting(kind, id, em, lock);
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.meetingNotFound, 'meetingNotFound');
    return toMeeting(row);
  }

  async attendees(meetingId: string, em: EntityManager = this.db.manager): Promise<AttendeeView[]> {
    return this.meetings.attendees(meetingId, em);
  }

  /** The loans on the agenda with their workflow instances, in a fixed order (the lock order). */
  async agenda(meetingId: string, em: EntityManager = this.db.manager): Promise<AgendaLoan[]> {
    const rows = await this.meetings.agenda(meetingId, em);
    return rows.map((r: AgendaRow) => ({
      itemId: r.itemId,
      loanId: r.loanId,
      companyName: r.companyName,
      termMonths: r.termMonths,
      bank: r.bank,
      allocatedAt: new Date(r.allocatedAt).toISOString(),
      allocatedByName: r.allocatedByName,
      compensationFen: r.compensationFen === null ? null : Number(r.compensationFen),
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
    const rows = loanIds.length ? await this.meetings.castVotes(MEETING_EVENTS[kind].vote, meetingId, loanIds) : [];
    const byLoan = new Map<string, RecordedVoteView[]>();
    for (const r of rows) {
      const list = byLoan.get(r.loanId) ?? [];
      list.push({
        attendeeId: r.attendeeId,
        attendeeName: r.attendeeName,
        opinion: r.opinion as VoteOpinion | null,
        comment: r.comment,
        at: new Date(r.at).toISOString(),
      });
      byLoan.set(r.loanId, list);
    }
    return byLoan;
  }

  async minutes(meetingId: string): Promise<StoredAttachment[]> {
    const rows = await this.meetings.minutes(meetingId);
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
          compensationTotalFen: a.compensationFen,
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
            compensationTotalFen: a.compensationFen,
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
        ...(l.compensationTotalFen !== null && { item: compensationItem(l.compensationTotalFen) }),
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
            ...(l.compensationTotalFen !== null && { item: compensationItem(l.compensationTotalFen) }),
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
   * The review committee's candidates include compensations awaiting their decision, with their total.
   */
  async candidates(kind: VotingMeetingKind, id: string, q: CandidateQuery, user: AuthUser) {
    const meeting = await this.meeting(kind, id);
    const attendees = (await this.attendees(id)).map((a) => a.id);
    const rows = await this.meetings.candidates(MEETING_STAGES_OF_KIND[kind], q.company);
    const at = this.clock.now().toISOString();
    const type = MEETING_EVENTS[kind].allocate;
    const accepted = rows.filter(
      (r) =>
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
      list: page.map((r) => {
        const labels = engine.statusLabels(r.snapshot);
        return {
          loanId: r.loanId,
          companyName: r.companyName,
          amount: r.snapshot.context.amount as number,
          compensationTotalFen: compensationOnOffer(r.snapshot),
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
      const inPool = new Set(await this.meetings.inPool(em, dto.attendeeIds, kind));
      const outside = dto.attendeeIds.filter((a) => !inPool.has(a));
      if (outside.length) {
        const names = await this.meetings.nicknames(em, outside);
        const label = MEETING_KIND_LABELS[kind];
        throw new AppError(
          HttpStatus.BAD_REQUEST,
          CODES.attendeeNotInPool,
          'attendeeNotInPool',
          { kind: { zh: label.zh, en: label.en }, names: names || outside.join(', ') },
          { attendeeIds: outside },
        );
      }
      const meeting = { kind, title: dto.title.trim(), heldAt: dto.heldAt, place: dto.place.trim(), rule, createdBy: user.id };
      return this.meetings.insert(em, meeting, dto.attendeeIds);
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
      const rows = await this.meetings.liveLoans(em, loanIds);
      const names = new Map<string, string>(rows.map((r) => [r.loanId, r.companyName]));
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
        await this.meetings.addToAgenda(em, id, loanId, user.id, at, compensationOnOffer(row.snapshot));
      }
      await this.meetings.touch(em, id);
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
      await this.meetings.cancelAgendaItem(em, item.itemId, user.id);
      await this.meetings.touch(em, id);
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
      const to = engine.MEETING_STEP_TO[step] as MeetingStatus;
      await this.meetings.setStatus(em, id, step, to, at);
    });
    return this.detail(kind, id, user);
  }

  async uploadMinutes(kind: engine.MeetingKind, meetingId: string, file: Express.Multer.File | undefined, user: AuthUser) {
    return this.attachments.save(file, 'minutes', { meetingId }, MINUTES_KIND_OF[kind], user.id, async (em) => {
      if (!(await this.meetings.lock(em, meetingId, kind))) throw new AppError(HttpStatus.NOT_FOUND, CODES.meetingNotFound, 'meetingNotFound');
    });
  }

  /** Minutes are deleted softly, with the actor; the file stays on disk for audit. */
  async deleteMinutes(meetingId: string, attachmentId: string, user: AuthUser) {
    if (!UUID.test(attachmentId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    if (!(await this.meetings.deleteMinutes(meetingId, attachmentId, user.id)))
      throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return { id: attachmentId, deleted: true };
  }

  async minutesFile(meetingId: string, attachmentId: string, user: AuthUser) {
    if (!UUID.test(attachmentId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    const row = await this.meetings.minutesOne(meetingId, attachmentId);
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
    if (outcome.ok) {
      // A compensation decided (or moved) by the meeting: the case row the bad-loan lists read follows its snapshot.
      if (item.row.stage === 'compensation') await writeCaseRow(this.badLoans, em, item.loanId, outcome.snapshot, new Date(event.at));
      return;
    }
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
