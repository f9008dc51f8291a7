import { InjectQueue } from '@nestjs/bullmq';
import { HttpStatus, Injectable, StreamableFile } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';
import { holds, type AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { companyDay } from '../common/company-time';
import { AppError, CODES } from '../common/errors';
import { translate, type Lang } from '../common/i18n';
import { downloadFile, exportSheet, formatTime, pagedRows, type SheetColumn } from '../common/spreadsheet';
import { FileStorage } from '../files/file-storage';
import { QUEUES } from '../jobs/queues';
import { messageLang } from '../messages/todo-text';
import { enqueue } from '../outbox/enqueue';
import { reminderHorizonDays, reminderJobOptions } from '../reminders/reminder-queue';
import { lockSetting, writeSettingsTrail } from '../operations/operator-trail';
import type { EventWriteContext } from '../workflow/hooks';
import { CUSTODY_MESSAGES } from './custody.messages';
import {
  CustodyRepository,
  INVENTORY_COUNT_LIMIT,
  INVENTORY_SORTS,
  type CertificateRow,
  type CertificateState,
  type InventoryFilter,
  type InventorySort,
  type MoveKind,
  type MoveRow,
} from './custody.repository';
import {
  STATE_OF_VIEW,
  type CancelInputDto,
  type CertificateInputDto,
  type CustodySettingInputDto,
  type InventoryQuery,
  type LendInputDto,
  type MoveNoteDto,
  type MovesQuery,
  type RevalueInputDto,
} from './custody.dto';
import type { CertificateDto, CustodySettingDto, InventoryPageDto, InventoryRowDto, LoanCustodyDto, MoveDto, MovePageDto } from './custody.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const label = (zh: string, en: string): engine.Label => ({ zh, en });
const iso = (d: Date | string) => new Date(d).toISOString();
const DAY_MS = 86_400_000;
/** Who may take a certificate out at release: at most this many characters. */
export const RECEIVER_MAX = 100;

/** Each move: the states it leaves from and the state it reaches. */
const MOVES: Record<Exclude<MoveKind, 'REGISTER' | 'RELEASE'>, { from: readonly CertificateState[]; to: CertificateState }> = {
  DEPOSIT: { from: ['AWAITING_DEPOSIT'], to: 'IN_VAULT' },
  LEND: { from: ['IN_VAULT'], to: 'LENT' },
  RETURN: { from: ['LENT'], to: 'IN_VAULT' },
  CANCEL: { from: ['AWAITING_DEPOSIT', 'IN_VAULT', 'RELEASED'], to: 'CANCELLED' },
};

/** The moves a user may make on a certificate now: the keeper's, and the borrower's return. */
export function allowedMoves(c: Pick<CertificateRow, 'state' | 'lentTo'>, userId: string, keeper: boolean): MoveKind[] {
  const out: MoveKind[] = [];
  for (const [move, rule] of Object.entries(MOVES) as [keyof typeof MOVES, (typeof MOVES)[keyof typeof MOVES]][]) {
    if (!rule.from.includes(c.state)) continue;
    if (keeper || (move === 'RETURN' && c.lentTo === userId)) out.push(move);
  }
  return out;
}

/** Loan-to-value in basis points (outstanding / value), null without a value. */
export function ltvBp(outstandingFen: number, valueFen: number): number | null {
  return valueFen > 0 ? Math.round((outstandingFen * 10_000) / valueFen) : null;
}

/** The day `months` after `day` (YYYY-MM-DD), the month's last day when it has fewer days. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/**
 * Custody of the certificates of each confirmed collateral item: where each one is (awaiting deposit,
 * in the vault, lent out, out at release, cancelled), every move an append-only row in the move's
 * transaction, guarded by the certificate's state (a repeated or raced move changes nothing and answers
 * 409); return reminders of a lent certificate; revaluation with its reminder and the loan-to-value
 * alert; the inventory and history lists with their exports; the release guard (custody.hooks.ts).
 */
@Injectable()
export class CustodyService {
  private readonly clock = new Clock();

  constructor(
    private readonly repo: CustodyRepository,
    private readonly files: FileStorage,
    @InjectQueue(QUEUES.reminders) private readonly queue: Queue,
  ) {}

  private today(): string {
    return companyDay(this.clock.now());
  }

  private async liveLoan(loanId: string, em?: EntityManager) {
    const loan = UUID.test(loanId) ? await this.repo.loan(loanId, em) : undefined;
    if (!loan) throw AppError.notFound('loanNotFound');
    return loan;
  }

  private async cert(id: string, em?: EntityManager): Promise<CertificateRow> {
    const row = UUID.test(id) ? await this.repo.certificate(id, em) : undefined;
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.certificateNotFound, 'certificateNotFound', {}, null, 'NotFound');
    return row;
  }

  private dto(c: CertificateRow, user: AuthUser, today: string): CertificateDto {
    const overdue = c.state === 'LENT' && c.returnDueOn && c.returnDueOn < today ? Math.round((Date.parse(today) - Date.parse(c.returnDueOn)) / DAY_MS) : 0;
    return {
      id: c.id,
      loanId: c.loanId,
      collateralId: c.collateralId,
      collateralKind: c.collateralKind,
      collateralOwner: c.collateralOwner,
      collateralDescription: c.collateralDescription,
      kind: c.kind,
      number: c.number,
      issuer: c.issuer,
      holder: c.holder,
      scanName: c.scanName,
      state: c.state,
      lentTo: c.lentTo,
      lentToName: c.lentToName,
      lentReason: c.lentReason,
      returnDueOn: c.returnDueOn,
      releasedTo: c.releasedTo,
      overdueDays: overdue,
      stateChangedAt: iso(c.stateChangedAt),
      allowedMoves: allowedMoves(c, user.id, holds(user, 'sys:custody:keep')),
    };
  }

  private notNow(c: Pick<CertificateRow, 'number' | 'state'>, move: MoveKind): AppError {
    return new AppError(
      HttpStatus.CONFLICT,
      CODES.certificateMoveNotNow,
      'certificateMoveNotNow',
      { number: c.number, state: CUSTODY_MESSAGES[`state${c.state}`], move: CUSTODY_MESSAGES[`move${move as Exclude<MoveKind, 'REGISTER'>}`] },
      { state: c.state },
      'CertificateMoveNotNow',
    );
  }

  // --- the loan page ------------------------------------------------------------------------------

  async loanCustody(loanId: string, user: AuthUser): Promise<LoanCustodyDto> {
    const loan = await this.liveLoan(loanId);
    const context = loan.snapshot?.context as engine.GuaranteeContext | undefined;
    const confirmed = new Set((context?.collateral ?? []).map((i) => i.id));
    const released = new Set(context?.releasedItems ?? []);
    const today = this.today();
    const [items, certs, settings, alert, next, plan] = await Promise.all([
      this.repo.items(loanId),
      this.repo.certificatesOfLoan(loanId),
      this.repo.settings(),
      this.repo.ltvAlert(loanId),
      this.repo.nextRevaluations(loanId),
      this.repo.outstandingFen(this.repo.manager, loanId),
    ]);
    const nextOf = new Map(next.map((n) => [n.collateralId, n.dueOn]));
    const valuations = await Promise.all(items.map((i) => this.repo.valuations(i.id)));
    const outstanding = plan ?? Number(loan.amountFen);
    const total = items.filter((i) => !released.has(i.id)).reduce((sum, i) => sum + Number(i.latestValueFen ?? 0), 0);
    const ltv = ltvBp(outstanding, total);
    return {
      loanId,
      outstandingFen: outstanding,
      totalValueFen: total,
      ltvBp: ltv,
      ltvThresholdBp: settings.ltvThresholdBp,
      ltvAbove: ltv !== null && ltv > settings.ltvThresholdBp,
      ltvAlertAt: alert ? iso(alert.notifiedAt) : null,
      canKeep: holds(user, 'sys:custody:keep'),
      canRevalue: holds(user, 'sys:custody:revalue'),
      items: items.map((i, n) => ({
        id: i.id,
        kind: i.kind,
        owner: i.owner,
        description: i.description,
        confirmed: confirmed.has(i.id),
        released: released.has(i.id),
        latestValueFen: i.latestValueFen === null ? null : Number(i.latestValueFen),
        valuedOn: i.valuedOn,
        nextRevaluationOn: nextOf.get(i.id) ?? null,
        valuations: valuations[n].map((v) => ({ ...v, valueFen: Number(v.valueFen), recordedAt: iso(v.recordedAt) })),
        certificates: certs.filter((c) => c.collateralId === i.id).map((c) => this.dto(c, user, today)),
      })),
    };
  }

  // --- the moves ----------------------------------------------------------------------------------

  async register(loanId: string, dto: CertificateInputDto, user: AuthUser): Promise<CertificateDto> {
    const now = this.clock.now();
    const made = await this.repo.transaction(async (em) => {
      const loan = await this.liveLoan(loanId, em);
      const item = await this.repo.lockItem(em, dto.collateralId);
      const context = loan.snapshot?.context as engine.GuaranteeContext | undefined;
      const confirmed = item?.loanId === loanId && (context?.collateral ?? []).some((i) => i.id === dto.collateralId);
      if (!confirmed || (context?.releasedItems ?? []).includes(dto.collateralId)) {
        throw AppError.ofField(HttpStatus.CONFLICT, CODES.collateralNotConfirmed, 'collateralNotConfirmed', 'collateralId', 'CollateralNotConfirmed');
      }
      let id: string;
      try {
        id = await em.transaction(async (inner) =>
          this.repo.insertCertificate(inner, {
            loanId,
            collateralId: dto.collateralId,
            kind: dto.kind,
            number: dto.number,
            issuer: dto.issuer,
            holder: dto.holder,
            userId: user.id,
            at: now,
          }),
        );
      } catch (error) {
        if ((error as { code?: string }).code === '23505') {
          throw AppError.ofField(HttpStatus.CONFLICT, CODES.certificateMoveNotNow, 'certificateNumberTaken', 'number', 'CertificateNumberTaken', {
            number: dto.number,
          });
        }
        throw error;
      }
      await this.repo.insertMove(em, { certificateId: id, loanId, kind: 'REGISTER', fromState: null, toState: 'AWAITING_DEPOSIT', actorId: user.id, at: now });
      // the item's first certificate starts its revaluation clock, unless a revaluation is scheduled already
      const next = await this.repo.nextRevaluations(loanId, em);
      const reminders = next.some((n) => n.collateralId === dto.collateralId)
        ? null
        : await this.scheduleRevaluation(em, loanId, dto.collateralId, item!.kind, this.today(), now);
      return { id, reminders };
    });
    await this.queueSoon(made.reminders ? [made.reminders] : [], now);
    return this.dto(await this.cert(made.id), user, this.today());
  }

  /** One state-guarded move and its row, in one transaction; answers the certificate after it. */
  private async move(
    id: string,
    move: keyof typeof MOVES,
    user: AuthUser,
    extra: (
      em: EntityManager,
      c: CertificateRow,
      now: Date,
    ) => Promise<{ set?: Parameters<CustodyRepository['moveState']>[5]; row?: Partial<Parameters<CustodyRepository['insertMove']>[1]> }>,
  ): Promise<CertificateDto> {
    const now = this.clock.now();
    await this.repo.transaction(async (em) => {
      const c = await this.cert(id, em);
      const rule = MOVES[move];
      if (!rule.from.includes(c.state)) throw this.notNow(c, move);
      const { set, row } = await extra(em, c, now);
      const from = await this.repo.moveState(em, id, rule.from, rule.to, now, set);
      // another request moved it first: this one writes nothing
      if (!from) throw this.notNow(await this.cert(id, em), move);
      await this.repo.insertMove(em, { certificateId: id, loanId: c.loanId, kind: move, fromState: from, toState: rule.to, actorId: user.id, at: now, ...row });
    });
    return this.dto(await this.cert(id), user, this.today());
  }

  deposit(id: string, dto: MoveNoteDto, user: AuthUser): Promise<CertificateDto> {
    return this.move(id, 'DEPOSIT', user, async () => ({ row: { reason: dto.reason ?? null } }));
  }

  async lend(id: string, dto: LendInputDto, user: AuthUser): Promise<CertificateDto> {
    if (dto.returnDueOn <= this.today()) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.returnDueNotAhead, 'returnDueNotAhead', 'returnDueOn', 'ReturnDueNotAhead');
    }
    let reminder: { id: string; jobId: string; fireAt: Date } | null = null;
    const answer = await this.move(id, 'LEND', user, async (em, c, now) => {
      const borrower = await this.repo.userName(dto.borrowerId, em);
      if (!borrower) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.borrowerUnknown, 'borrowerUnknown', 'borrowerId', 'BorrowerUnknown');
      reminder = await this.repo.insertReturnReminder(em, c.loanId, c.id, dto.returnDueOn, now);
      return {
        set: { lentTo: borrower.id, lentReason: dto.reason, returnDueOn: dto.returnDueOn },
        row: { reason: dto.reason, counterparty: borrower.nickname, counterpartyId: borrower.id, receiverConfirmed: true, returnDueOn: dto.returnDueOn },
      };
    });
    await this.queueSoon(reminder ? [reminder] : [], this.clock.now());
    return answer;
  }

  /** Recorded by the borrower or a vault keeper (403 for anyone else); the return reminders are cancelled. */
  async giveBack(id: string, dto: MoveNoteDto, user: AuthUser): Promise<CertificateDto> {
    const c = await this.cert(id);
    if (c.state === 'LENT' && c.lentTo !== user.id && !holds(user, 'sys:custody:keep')) {
      throw new AppError(HttpStatus.FORBIDDEN, CODES.certificateReturnNotYours, 'certificateReturnNotYours', {}, null, 'Forbidden');
    }
    if (c.state !== 'LENT' && !holds(user, 'sys:custody:keep')) throw AppError.forbidden();
    return this.move(id, 'RETURN', user, async (em, current, now) => {
      if (current.lentTo !== user.id && !holds(user, 'sys:custody:keep')) {
        throw new AppError(HttpStatus.FORBIDDEN, CODES.certificateReturnNotYours, 'certificateReturnNotYours', {}, null, 'Forbidden');
      }
      const jobIds = await this.repo.cancelReturnReminders(em, current.id, now);
      if (jobIds.length) await enqueue(em, 'reminders.unqueue', { loanId: current.loanId, jobIds });
      return { row: { reason: dto.reason ?? null, counterparty: current.lentToName, counterpartyId: current.lentTo, receiverConfirmed: true } };
    });
  }

  cancel(id: string, dto: CancelInputDto, user: AuthUser): Promise<CertificateDto> {
    return this.move(id, 'CANCEL', user, async () => ({ row: { reason: dto.reason } }));
  }

  async uploadScan(id: string, file: Express.Multer.File | undefined, user: AuthUser): Promise<CertificateDto> {
    const c = await this.cert(id);
    const prepared = await this.files.prepare('attachment', file);
    await this.files.put(prepared, user.id, (em, stored) => this.repo.setScan(em, c.id, stored.id));
    return this.dto(await this.cert(id), user, this.today());
  }

  async scan(id: string): Promise<StreamableFile> {
    await this.cert(id);
    const fileId = await this.repo.scanFileId(id);
    if (!fileId) throw AppError.notFound();
    const { file, bytes } = await this.files.get({ id: fileId });
    return downloadFile(bytes, file.mime, file.name);
  }

  // --- the release guard (CONFIRM_RELEASE's hooks) ------------------------------------------------

  private notInVault(held: { number: string; state: CertificateState }[]): AppError {
    const names = held.map((h) => `${h.number}（${CUSTODY_MESSAGES[`state${h.state}`].zh}）`).join('、');
    const namesEn = held.map((h) => `${h.number} (${CUSTODY_MESSAGES[`state${h.state}`].en})`).join(', ');
    return new AppError(
      HttpStatus.CONFLICT,
      CODES.certificatesNotInVault,
      'certificatesNotInVault',
      { names: { zh: names, en: namesEn } },
      { certificates: held.map((h) => ({ number: h.number, state: h.state })) },
      'CertificatesNotInVault',
    );
  }

  /** The preparer: refuses (409, naming them) while any of the item's certificates is not in the vault. */
  async checkRelease(em: EntityManager, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const receivedBy = payload.receivedBy;
    if (typeof receivedBy === 'string' && receivedBy.trim().length > RECEIVER_MAX) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.badRequest, 'receiverTooLong', 'receivedBy', 'ReceiverTooLong', { limit: RECEIVER_MAX });
    }
    const itemId = payload.itemId;
    if (typeof itemId !== 'string' || !UUID.test(itemId)) return {};
    const away = (await this.repo.heldOfItem(em, itemId, false)).filter((h) => h.state !== 'IN_VAULT');
    if (away.length) throw this.notInVault(away);
    return {};
  }

  /** The writer: in the event's transaction, the item's certificates go out at release, to the person the event names or the borrower. */
  async handOut(ctx: EventWriteContext): Promise<void> {
    const { em, loanId, event, user } = ctx;
    if (event.type !== 'CONFIRM_RELEASE' || !UUID.test(event.itemId)) return;
    const held = await this.repo.heldOfItem(em, event.itemId, true);
    const away = held.filter((h) => h.state !== 'IN_VAULT');
    if (away.length) throw this.notInVault(away);
    if (!held.length) return;
    const loan = await this.repo.loan(loanId, em);
    const receiver = (typeof event.receivedBy === 'string' && event.receivedBy.trim()) || loan?.company || '';
    const [{ seq }] = await em.query(`SELECT max(seq)::int AS seq FROM workflow_event WHERE loan_id = $1`, [loanId]);
    const at = new Date(event.at);
    for (const h of held) {
      const from = await this.repo.moveState(em, h.id, ['IN_VAULT'], 'RELEASED', at, { releasedTo: receiver });
      if (!from) throw this.notInVault([h]);
      await this.repo.insertMove(em, {
        certificateId: h.id,
        loanId,
        kind: 'RELEASE',
        fromState: from,
        toState: 'RELEASED',
        actorId: user.id,
        at,
        counterparty: receiver,
        receiverConfirmed: true,
        eventSeq: seq,
      });
    }
  }

  // --- revaluation ----------------------------------------------------------------------------------

  /**
   * COUNTER_GUARANTEE_CONFIRM's writer: the confirmation of the collateral starts each item's
   * revaluation clock (the kind's interval from the company's today), unless the item has one
   * scheduled already (a second confirmation after a return keeps it). The reminders fire months
   * ahead: the reminders' horizon job queues them in time.
   */
  async startRevaluationClocks(ctx: EventWriteContext): Promise<void> {
    const { em, loanId, event } = ctx;
    if (event.type !== 'COUNTER_GUARANTEE_CONFIRM') return;
    const scheduled = new Set((await this.repo.nextRevaluations(loanId, em)).map((n) => n.collateralId));
    const now = this.clock.now();
    for (const item of event.collateral ?? []) {
      if (!UUID.test(item.id) || scheduled.has(item.id)) continue;
      await this.scheduleRevaluation(em, loanId, item.id, item.kind, this.today(), now);
    }
  }

  private async scheduleRevaluation(em: EntityManager, loanId: string, collateralId: string, kind: string, from: string, now: Date) {
    const settings = await this.repo.settings(em);
    const months = settings.intervalMonths[kind] ?? 12;
    const { cancelled, made } = await this.repo.replaceRevaluationReminder(em, loanId, collateralId, addMonths(from, months), now);
    if (cancelled.length) await enqueue(em, 'reminders.unqueue', { loanId, jobIds: cancelled });
    return made;
  }

  /**
   * A new appraised value with its day: kept, the item's next revaluation reminder replaced, and the
   * loan's loan-to-value checked: above the threshold for the first time, the loan's officers and the
   * leaders are told (once per loan).
   */
  async revalue(loanId: string, dto: RevalueInputDto, user: AuthUser): Promise<LoanCustodyDto> {
    const now = this.clock.now();
    if (dto.valuedOn > this.today()) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.badRequest, 'valuedOnAhead', 'valuedOn', 'ValuedOnAhead');
    }
    const reminder = await this.repo.transaction(async (em) => {
      const loan = await this.liveLoan(loanId, em);
      const item = await this.repo.lockItem(em, dto.collateralId);
      const context = loan.snapshot?.context as engine.GuaranteeContext | undefined;
      if (item?.loanId !== loanId || !(context?.collateral ?? []).some((i) => i.id === dto.collateralId)) {
        throw AppError.ofField(HttpStatus.CONFLICT, CODES.collateralNotConfirmed, 'collateralNotConfirmed', 'collateralId', 'CollateralNotConfirmed');
      }
      await this.repo.insertValuation(em, {
        collateralId: dto.collateralId,
        loanId,
        valueFen: dto.appraisedValueFen,
        valuedOn: dto.valuedOn,
        note: dto.note ?? null,
        userId: user.id,
      });
      const made = await this.scheduleRevaluation(em, loanId, dto.collateralId, item.kind, dto.valuedOn, now);
      await this.checkLtv(em, loanId, loan, context, now);
      return made;
    });
    await this.queueSoon(reminder ? [reminder] : [], now);
    return this.loanCustody(loanId, user);
  }

  private async checkLtv(
    em: EntityManager,
    loanId: string,
    loan: NonNullable<Awaited<ReturnType<CustodyRepository['loan']>>>,
    context: engine.GuaranteeContext | undefined,
    now: Date,
  ): Promise<void> {
    const released = new Set(context?.releasedItems ?? []);
    const items = (await this.repo.items(loanId, em)).filter((i) => !released.has(i.id));
    const total = items.reduce((sum, i) => sum + Number(i.latestValueFen ?? 0), 0);
    const outstanding = (await this.repo.outstandingFen(em, loanId)) ?? Number(loan.amountFen);
    const ltv = ltvBp(outstanding, total);
    const { ltvThresholdBp } = await this.repo.settings(em);
    if (ltv === null || ltv <= ltvThresholdBp) return;
    if (!(await this.repo.insertLtvAlert(em, loanId, ltv, ltvThresholdBp, now))) return;
    const users = await this.repo.usersWithKeys(em);
    const leaders = users.filter(
      (u) => !engine.isAdminHolder(u) && engine.holdsPermission({ roles: u.roles, authorityList: u.permissions }, 'sys:after-leader:approve'),
    );
    const officers = users.filter((u) => u.id === loan.aPostOfficerId || u.id === loan.bPostOfficerId);
    const recipients = new Map([...officers, ...leaders].map((u) => [u.id, u]));
    for (const u of recipients.values()) {
      const lang = messageLang(u.language);
      await this.repo.insertMessage(em, {
        userId: u.id,
        title: translate('ltvAlertTitle', lang, { company: loan.company }),
        content: translate('ltvAlertContent', lang, { ltv: percent(ltv), threshold: percent(ltvThresholdBp) }),
        sourceKey: `ltv:${loanId}`,
        link: `/company/node/${loanId}`,
      });
    }
  }

  /** Reminders made in a committed transaction that fire within the horizon go to BullMQ at once (the horizon job would, within the hour). */
  private async queueSoon(reminders: { id: string; jobId: string; fireAt: Date }[], now: Date): Promise<void> {
    const until = now.getTime() + reminderHorizonDays() * DAY_MS;
    const soon = reminders.filter((r) => new Date(r.fireAt).getTime() < until);
    if (soon.length) {
      await this.queue.addBulk(
        soon.map((r) => ({ name: 'reminder.fire', data: { reminderId: r.id }, opts: reminderJobOptions(r.jobId, new Date(r.fireAt), now) })),
      );
    }
  }

  borrowers(): Promise<{ id: string; username: string; nickname: string }[]> {
    return this.repo.borrowers();
  }

  // --- settings -----------------------------------------------------------------------------------

  async settings(): Promise<CustodySettingDto> {
    const s = await this.repo.settings();
    return {
      ltvThresholdBp: s.ltvThresholdBp,
      intervalMonths: { MORTGAGE: s.intervalMonths.MORTGAGE, PLEDGE: s.intervalMonths.PLEDGE, OTHER: s.intervalMonths.OTHER },
      changedByName: s.changedByName,
      changedAt: iso(s.changedAt),
    };
  }

  async updateSettings(dto: CustodySettingInputDto, user: AuthUser): Promise<CustodySettingDto> {
    const { MORTGAGE, PLEDGE, OTHER } = dto.intervalMonths;
    await this.repo.transaction(async (em) => {
      await lockSetting(em, 'custody_setting');
      const before = await this.repo.settings(em);
      await this.repo.insertSetting(em, dto.ltvThresholdBp, { MORTGAGE, PLEDGE, OTHER }, user.id);
      await writeSettingsTrail(em, user.id, 'custody', before ? { ltvThresholdBp: before.ltvThresholdBp, intervalMonths: before.intervalMonths } : null, {
        ltvThresholdBp: dto.ltvThresholdBp,
        intervalMonths: { MORTGAGE, PLEDGE, OTHER },
      });
    });
    return this.settings();
  }

  // --- lists --------------------------------------------------------------------------------------

  private filterOf(q: InventoryQuery): InventoryFilter {
    return { states: STATE_OF_VIEW[q.state], overdueOnly: q.state === 'OVERDUE', loanId: q.loanId ?? null, bank: q.bank ?? null, today: this.today() };
  }

  private decodeCursor(text: string, sort: InventorySort, desc: boolean): { value: string | null; id: string } {
    const invalid = () =>
      new AppError(HttpStatus.BAD_REQUEST, CODES.custodyCursorInvalid, 'custodyCursorInvalid', {}, { field: 'cursor' }, 'CustodyCursorInvalid');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
    const [s, d, value, id] = parsed;
    if (s !== sort || d !== (desc ? 1 : 0) || typeof id !== 'string' || !UUID.test(id)) throw invalid();
    if (value !== null && (typeof value !== 'string' || value.length > 120)) throw invalid();
    if (value === null && sort !== 'returnDueOn') throw invalid();
    // a time or a day as PostgreSQL writes it (what PostgreSQL cannot read still answers 400, below)
    if (value !== null && INVENTORY_SORTS[sort].type !== 'text' && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?)?)?$/.test(value))
      throw invalid();
    return { value, id };
  }

  async inventory(q: InventoryQuery, user: AuthUser): Promise<InventoryPageDto> {
    const f = this.filterOf(q);
    const desc = q.order === 'DESC';
    const after = q.cursor ? this.decodeCursor(q.cursor, q.sort, desc) : null;
    const [rows, counted, counts] = await Promise.all([
      this.repo.inventoryPage(f, q.sort, desc, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize, after }).catch((error: { code?: unknown }) => {
        // class 22 (data exception): a forged cursor's time or day that PostgreSQL cannot read
        if (after && typeof error.code === 'string' && error.code.startsWith('22')) {
          throw new AppError(HttpStatus.BAD_REQUEST, CODES.custodyCursorInvalid, 'custodyCursorInvalid', {}, { field: 'cursor' }, 'CustodyCursorInvalid');
        }
        throw error;
      }),
      // without a loan or a bank the total is the tabs' own count (kept by triggers); with one, counted (bounded)
      f.loanId || f.bank ? this.repo.inventoryCount(f) : Promise.resolve(null),
      this.repo.stateCounts(f.today),
    ]);
    const total = counted ?? totalOf(f, counts);
    const last = rows[rows.length - 1];
    const nextCursor =
      rows.length === q.pageSize && last ? Buffer.from(JSON.stringify([q.sort, desc ? 1 : 0, last.sortValue ?? null, last.id])).toString('base64url') : null;
    return {
      list: rows.map((r) => this.inventoryRow(r, user, f.today)),
      total: Math.min(total, INVENTORY_COUNT_LIMIT),
      totalCapped: total > INVENTORY_COUNT_LIMIT,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      nextCursor,
      counts: counts.map((c) => ({ state: c.state, count: Math.min(c.n, INVENTORY_COUNT_LIMIT), capped: c.n > INVENTORY_COUNT_LIMIT })),
    };
  }

  private inventoryRow(r: CertificateRow & { company: string; bank: string | null }, user: AuthUser, today: string): InventoryRowDto {
    return { ...this.dto(r, user, today), company: r.company, bank: r.bank };
  }

  exportInventory(q: InventoryQuery, user: AuthUser, lang: Lang): Promise<StreamableFile> {
    const f = this.filterOf(q);
    const desc = q.order === 'DESC';
    const rows = pagedRows(async (limit, offset) =>
      (await this.repo.inventoryPage(f, q.sort, desc, { limit, offset, after: null })).map((r) => this.inventoryRow(r, user, f.today)),
    );
    return exportSheet(
      { name: label('权证库存', 'Vault inventory'), columns: INVENTORY_COLUMNS, rows },
      lang,
      label('权证库存', 'vault-inventory'),
      this.clock.now(),
    );
  }

  async moves(q: MovesQuery): Promise<MovePageDto> {
    const rows = await this.repo.moves(q.certificateId ?? null, q.loanId ?? null, q.pageSize, (q.pageNum - 1) * q.pageSize);
    return { list: rows.map(moveDto), pageNum: q.pageNum, pageSize: q.pageSize };
  }

  exportMoves(q: MovesQuery, lang: Lang): Promise<StreamableFile> {
    const rows = pagedRows(async (limit, offset) => (await this.repo.moves(q.certificateId ?? null, q.loanId ?? null, limit, offset)).map(moveDto));
    return exportSheet(
      { name: label('权证流转记录', 'Certificate moves'), columns: MOVE_COLUMNS, rows },
      lang,
      label('权证流转记录', 'certificate-moves'),
      this.clock.now(),
    );
  }
}

function moveDto(m: MoveRow): MoveDto {
  return {
    id: m.id,
    certificateId: m.certificateId,
    number: m.number,
    kind: m.kind,
    fromState: m.fromState,
    toState: m.toState,
    actorName: m.actorName,
    at: iso(m.at),
    reason: m.reason,
    counterparty: m.counterparty,
    receiverConfirmed: m.receiverConfirmed,
    returnDueOn: m.returnDueOn,
    eventSeq: m.eventSeq,
  };
}

const KIND_LABELS: Record<string, engine.Label> = {
  OTHER_RIGHTS: label('他项权证', 'Certificate of other rights'),
  REAL_ESTATE: label('不动产权证', 'Real-estate title certificate'),
  PLEDGE_REGISTRATION: label('质押登记证明', 'Pledge registration'),
  OTHER: label('其他', 'Other'),
};
const pick = (l: engine.Label | undefined, lang: Lang, fallback: string) => (l ? (lang === 'en' ? l.en : l.zh) : fallback);
const stateLabel = (s: string | null, lang: Lang) => (s ? pick((CUSTODY_MESSAGES as Record<string, engine.Label>)[`state${s}`], lang, s) : '');
const MOVE_LABELS: Record<string, engine.Label> = {
  REGISTER: label('登记', 'Registered'),
  DEPOSIT: label('入库', 'Deposited'),
  LEND: label('借出', 'Lent out'),
  RETURN: label('归还', 'Returned'),
  RELEASE: label('解押出库', 'Out at release'),
  CANCEL: label('注销', 'Cancelled'),
};

const INVENTORY_COLUMNS: SheetColumn<InventoryRowDto>[] = [
  { header: label('权证编号', 'Number'), width: 24, value: (r) => r.number },
  { header: label('权证类型', 'Kind'), width: 18, value: (r, lang) => pick(KIND_LABELS[r.kind], lang, r.kind) },
  { header: label('企业名称', 'Company'), width: 32, value: (r) => r.company },
  { header: label('贷款银行', 'Bank'), value: (r) => r.bank },
  { header: label('发证机关', 'Issuer'), width: 24, value: (r) => r.issuer },
  { header: label('登记权利人', 'Holder of record'), width: 20, value: (r) => r.holder },
  { header: label('状态', 'State'), value: (r, lang) => stateLabel(r.state, lang) },
  { header: label('借用人', 'Borrower'), value: (r) => r.lentToName },
  { header: label('应还日期', 'Return day'), value: (r) => r.returnDueOn },
  { header: label('逾期天数', 'Days overdue'), value: (r) => r.overdueDays },
  { header: label('解押领取人', 'Taken out by'), value: (r) => r.releasedTo },
  { header: label('最近变动', 'Last move'), time: true, width: 20, value: (r) => formatTime(r.stateChangedAt) },
];

const MOVE_COLUMNS: SheetColumn<MoveDto>[] = [
  { header: label('权证编号', 'Number'), width: 24, value: (r) => r.number },
  { header: label('操作', 'Move'), value: (r, lang) => pick(MOVE_LABELS[r.kind], lang, r.kind) },
  { header: label('原状态', 'From'), value: (r, lang) => stateLabel(r.fromState, lang) },
  { header: label('新状态', 'To'), value: (r, lang) => stateLabel(r.toState, lang) },
  { header: label('操作人', 'By'), value: (r) => r.actorName },
  { header: label('时间', 'At'), time: true, width: 20, value: (r) => formatTime(r.at) },
  { header: label('事由', 'Reason'), width: 30, value: (r) => r.reason },
  { header: label('接收人', 'Received by'), value: (r) => r.counterparty },
  { header: label('接收人确认', 'Receiver confirmed'), value: (r, lang) => (r.receiverConfirmed ? (lang === 'en' ? 'Yes' : '是') : '') },
  { header: label('应还日期', 'Return day'), value: (r) => r.returnDueOn },
];

/** The inventory's total from the tab counts: the overdue tab's, the states' of the view, or every state's. */
function totalOf(f: { states: readonly string[] | null; overdueOnly: boolean }, counts: { state: string; n: number }[]): number {
  if (f.overdueOnly) return counts.find((c) => c.state === 'OVERDUE')?.n ?? 0;
  return counts.filter((c) => c.state !== 'OVERDUE' && (!f.states || f.states.includes(c.state))).reduce((sum, c) => sum + c.n, 0);
}
