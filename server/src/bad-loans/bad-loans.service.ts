import { InjectQueue } from '@nestjs/bullmq';
import { HttpStatus, Injectable, StreamableFile } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';
import { holds, type AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import { exportSheet, formatAmount, formatTime, pagedRows, type SheetColumn } from '../common/spreadsheet';
import { QUEUES } from '../jobs/queues';
import { enqueue } from '../outbox/enqueue';
import { reminderHorizonDays, reminderJobOptions } from '../reminders/reminder-queue';
import { cancelReminders } from '../reminders/reminder-store';
import type { EventWriteContext } from '../workflow/hooks';
import { BadLoansRepository, type CaseRow } from './bad-loans.repository';
import type { BadLoanListQuery, CompensationSettingInputDto, LitigationFeeInputDto, SeizureInputDto } from './bad-loans.dto';
import type { BadLoanCaseDto, BadLoanRowDto, CompensationSettingDto, SeizureCreatedDto } from './bad-loans.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A seizure is reminded of this many days before it expires (a lapsed seizure loses the asset). */
export const SEIZURE_REMINDER_OFFSETS = [30, 7];
/** The reminders the loan's plan made: cancelled once the compensation is paid (the bank is paid off). */
const PLAN_REMINDER_KINDS = ['REPAYMENT', 'MATURITY', 'VISIT'] as const;
const label = (zh: string, en: string): engine.Label => ({ zh, en });
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Compensation (代偿) and recovery (追偿) on the server: the case of a loan (from its snapshot and event
 * log), litigation fees and seizures while it is in recovery (a seizure's expiry reminders through the
 * reminder machinery), the lists with their export, the leader-approval threshold, and the hooks of
 * the bad-loan events (bad-loans.hooks.ts).
 */
@Injectable()
export class BadLoansService {
  constructor(
    private readonly repo: BadLoansRepository,
    private readonly clock: Clock,
    @InjectQueue(QUEUES.reminders) private readonly queue: Queue,
  ) {}

  // --- the case -----------------------------------------------------------------------------------

  async caseOf(loanId: string, user: AuthUser): Promise<BadLoanCaseDto> {
    if (!holds(user, 'compensation_list') && !holds(user, 'recovery_list')) throw AppError.forbidden({ required: 'compensation_list' });
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    const loan = await this.repo.loan(loanId);
    if (!loan) throw AppError.notFound('loanNotFound');
    const k: engine.CompensationCase | null = loan.snapshot?.context?.compensation ?? null;
    const [events, fees, seizures] = await Promise.all([
      this.repo.events(loanId, ['RECOVERY_STAGE', 'RECOVERY_RECORD']),
      this.repo.fees(loanId),
      this.repo.seizures(loanId),
    ]);
    const feeList = fees.map((f) => ({
      id: f.id,
      feeType: f.feeType,
      amountFen: Number(f.amountFen),
      paidOn: f.paidOn,
      note: f.note,
      createdByName: f.createdByName,
      createdAt: iso(f.createdAt),
    }));
    return {
      loanId,
      company: loan.company,
      stage: loan.stage,
      hasCompensation: k !== null,
      principalFen: k?.principalFen ?? 0,
      interestFen: k?.interestFen ?? 0,
      penaltyFen: k?.penaltyFen ?? 0,
      totalFen: k ? engine.compensationTotalFen(k) : 0,
      reason: k?.reason ?? null,
      decision: k?.approval ?? null,
      paidOn: k?.paidOn ?? null,
      recoveryStage: k?.recoveryStage ?? null,
      stages: events
        .filter((e) => e.type === 'RECOVERY_STAGE')
        .map((e) => ({ stage: e.payload.stage, on: e.payload.on, note: e.payload.note ?? null, actorName: e.actorName, at: iso(e.at) })),
      recoveries: events
        .filter((e) => e.type === 'RECOVERY_RECORD')
        .map((e) => ({ amountFen: e.payload.amountFen, source: e.payload.source, receivedOn: e.payload.receivedOn, actorName: e.actorName, at: iso(e.at) })),
      recoveredFen: k?.recoveredFen ?? 0,
      balanceFen: loan.snapshot?.context ? engine.compensationBalanceOf(loan.snapshot.context) : 0,
      writeOffRequest: k?.writeOff ?? null,
      outcome: k?.outcome ?? null,
      writtenOffFen: k?.writtenOffFen ?? 0,
      fees: feeList,
      feesFen: feeList.reduce((sum, f) => sum + f.amountFen, 0),
      seizures: seizures.map((s) => ({
        id: s.id,
        court: s.court,
        asset: s.asset,
        seizureKind: s.seizureKind,
        seizedOn: s.seizedOn,
        expiresOn: s.expiresOn,
        note: s.note,
        createdByName: s.createdByName,
        createdAt: iso(s.createdAt),
      })),
      editable: loan.stage === 'recovery',
    };
  }

  /** Runs `work` with the loan's instance locked while it is in recovery (409 otherwise, 404 for no loan). */
  private inRecovery<T>(loanId: string, work: (em: EntityManager) => Promise<T>): Promise<T> {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    return this.repo.transaction(async (em) => {
      const loan = await this.repo.loan(loanId, em, true);
      if (!loan) throw AppError.notFound('loanNotFound');
      if (loan.stage !== 'recovery') throw new AppError(HttpStatus.CONFLICT, CODES.recoveryNotNow, 'recoveryNotNow', {}, null, 'RecoveryNotNow');
      return work(em);
    });
  }

  addFee(loanId: string, dto: LitigationFeeInputDto, user: AuthUser): Promise<{ id: string }> {
    return this.inRecovery(loanId, async (em) => ({
      id: await this.repo.insertFee(
        em,
        loanId,
        { feeType: dto.feeType, amountFen: dto.amountFen, paidOn: dto.paidOn, note: dto.note ?? null },
        user.id,
        this.clock.now(),
      ),
    }));
  }

  async deleteFee(loanId: string, feeId: string, user: AuthUser): Promise<{ id: string; deleted: true }> {
    const notFound = new AppError(HttpStatus.NOT_FOUND, CODES.litigationFeeNotFound, 'litigationFeeNotFound', {}, null, 'NotFound');
    if (!UUID.test(feeId)) throw notFound;
    await this.inRecovery(loanId, async (em) => {
      if (!(await this.repo.deleteFee(em, loanId, feeId, user.id, this.clock.now()))) throw notFound;
    });
    return { id: feeId, deleted: true };
  }

  /**
   * Records a seizure and its expiry reminders (SEIZURE_REMINDER_OFFSETS days before it), in one
   * transaction; once committed, those due within the reminder horizon are queued in BullMQ at once
   * (the hourly horizon job queues the others in time, and would queue these too).
   */
  async addSeizure(loanId: string, dto: SeizureInputDto, user: AuthUser): Promise<SeizureCreatedDto> {
    if (dto.expiresOn <= dto.seizedOn) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.seizureExpiryNotAfter, 'seizureExpiryNotAfter', 'expiresOn', 'SeizureExpiryNotAfter');
    }
    const now = this.clock.now();
    const made = await this.inRecovery(loanId, async (em) => {
      const id = await this.repo.insertSeizure(
        em,
        loanId,
        { court: dto.court, asset: dto.asset, seizureKind: dto.seizureKind, seizedOn: dto.seizedOn, expiresOn: dto.expiresOn, note: dto.note ?? null },
        user.id,
        now,
      );
      return { id, reminders: await this.repo.insertSeizureReminders(em, loanId, id, dto.expiresOn, SEIZURE_REMINDER_OFFSETS, now) };
    });
    const until = now.getTime() + reminderHorizonDays() * 86_400_000;
    const soon = made.reminders.filter((r) => new Date(r.fireAt).getTime() < until);
    if (soon.length) {
      await this.queue.addBulk(
        soon.map((r) => ({ name: 'reminder.fire', data: { reminderId: r.id }, opts: reminderJobOptions(r.jobId, new Date(r.fireAt), now) })),
      );
    }
    return { id: made.id, reminderFireAts: made.reminders.map((r) => iso(r.fireAt)) };
  }

  /** Marks the seizure deleted and cancels its reminders (their jobs removed once this commits). */
  async deleteSeizure(loanId: string, seizureId: string, user: AuthUser): Promise<{ id: string; deleted: true }> {
    const notFound = new AppError(HttpStatus.NOT_FOUND, CODES.seizureNotFound, 'seizureNotFound', {}, null, 'NotFound');
    if (!UUID.test(seizureId)) throw notFound;
    await this.inRecovery(loanId, async (em) => {
      const now = this.clock.now();
      if (!(await this.repo.deleteSeizure(em, loanId, seizureId, user.id, now))) throw notFound;
      const jobIds = await this.repo.cancelSeizureReminders(em, loanId, seizureId, now);
      if (jobIds.length) await enqueue(em, 'reminders.unqueue', { loanId, jobIds });
    });
    return { id: seizureId, deleted: true };
  }

  // --- the lists ----------------------------------------------------------------------------------

  private async page(q: BadLoanListQuery, paidOnly: boolean, limit: number, offset: number) {
    const { rows, total } = await this.repo.list(
      { company: q.company, stage: q.stage, sort: q.sort ?? (paidOnly ? 'paidOn' : 'appliedAt'), order: q.order === 'asc' ? 'ASC' : 'DESC', paidOnly },
      limit,
      offset,
    );
    return { rows: rows.map(toRow), total };
  }

  async list(q: BadLoanListQuery, paidOnly: boolean): Promise<Page<BadLoanRowDto>> {
    const { rows, total } = await this.page(q, paidOnly, q.pageSize, (q.pageNum - 1) * q.pageSize);
    return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  export(q: BadLoanListQuery, paidOnly: boolean, lang: Lang): Promise<StreamableFile> {
    const rows = pagedRows(async (limit, offset) => (await this.page(q, paidOnly, limit, offset)).rows);
    const name = paidOnly ? label('追偿', 'Recoveries') : label('代偿', 'Compensations');
    return exportSheet(
      { name, columns: EXPORT_COLUMNS, rows },
      lang,
      paidOnly ? label('追偿台账', 'recoveries') : label('代偿台账', 'compensations'),
      this.clock.now(),
    );
  }

  // --- the leader-approval threshold --------------------------------------------------------------

  async settings(): Promise<CompensationSettingDto> {
    const [latest] = await this.repo.settingsHistory();
    return { leaderLimitFen: Number(latest.leaderLimitFen), changedByName: latest.changedByName, changedAt: iso(latest.changedAt) };
  }

  async settingsHistory(): Promise<CompensationSettingDto[]> {
    return (await this.repo.settingsHistory()).map((r) => ({
      leaderLimitFen: Number(r.leaderLimitFen),
      changedByName: r.changedByName,
      changedAt: iso(r.changedAt),
    }));
  }

  async updateSettings(dto: CompensationSettingInputDto, user: AuthUser): Promise<CompensationSettingDto> {
    await this.repo.insertSetting(dto.leaderLimitFen, user.id);
    return this.settings();
  }

  // --- the hooks ----------------------------------------------------------------------------------

  /**
   * COMPENSATION_APPROVE's preparer, while a compensation awaits its decision (otherwise the machine
   * answers): the leader decides only below the threshold. At or above it the review committee decides,
   * by voting on the compensation at one of its meetings (the meeting library). Maker-checker is the machine's.
   */
  async checkDecision(em: EntityManager, loanId: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!UUID.test(loanId)) return {};
    const loan = await this.repo.loan(loanId, em);
    const k: engine.CompensationCase | null = loan?.snapshot?.context?.compensation ?? null;
    if (!loan || loan.stage !== 'compensation' || !k || k.approval) return {};
    if (payload.via === 'LEADER') {
      const total = engine.compensationTotalFen(k);
      const limit = await this.repo.leaderLimitFen(em);
      if (total >= limit) {
        throw new AppError(
          HttpStatus.CONFLICT,
          CODES.compensationAboveLeaderLimit,
          'compensationAboveLeaderLimit',
          { total: formatAmount(total / 100), limit: formatAmount(limit / 100) },
          { totalFen: total, leaderLimitFen: limit },
          'CompensationAboveLeaderLimit',
        );
      }
    }
    return {};
  }

  /**
   * The writer of every compensation and recovery event: the case row the lists read, in step with the
   * snapshot (a refused compensation leaves none). With COMPENSATION_PAY the plan's reminders are
   * cancelled (the bank has been paid); once the case closes, the seizures' reminders are. A review
   * committee's resolution writes it only when it decided a compensation (the meeting library writes
   * the tally's own, see MeetingsService).
   */
  async writeCase(ctx: EventWriteContext): Promise<void> {
    const { em, loanId, event, snapshot } = ctx;
    if (event.type === 'INSURANCE_REVIEW_UPDATE_RESOLUTION' && !decidedCompensation(snapshot, event.meetingId)) return;
    const now = new Date(event.at);
    await writeCaseRow(this.repo, em, loanId, snapshot, now);
    if (event.type === 'COMPENSATION_PAY') await cancelReminders(em, loanId, now, undefined, [...PLAN_REMINDER_KINDS]);
    if (engine.stageOf(snapshot) === 'closed') {
      const jobIds = await this.repo.cancelSeizureReminders(em, loanId, null, now);
      if (jobIds.length) await enqueue(em, 'reminders.unqueue', { loanId, jobIds });
    }
  }
}

/** The case row of a snapshot (none when it holds no compensation): also what a seed may call after its events. */
export async function writeCaseRow(repo: BadLoansRepository, em: EntityManager, loanId: string, snapshot: engine.PersistedSnapshot, now: Date): Promise<void> {
  const context = snapshot.context as engine.GuaranteeContext;
  const k = context.compensation;
  if (!k) return repo.deleteCase(em, loanId);
  const stage = engine.stageOf(snapshot);
  const value = snapshot.value as Record<string, unknown> | string;
  // the state within the stage: awaitingDecision also while the compensation is on a meeting (its own sub-states)
  const inStage = typeof value === 'string' ? value : value[stage];
  const state = typeof inStage === 'string' ? inStage : inStage && typeof inStage === 'object' ? (Object.keys(inStage)[0] ?? stage) : stage;
  const row: CaseRow = {
    stage,
    state,
    principalFen: k.principalFen,
    interestFen: k.interestFen,
    penaltyFen: k.penaltyFen,
    totalFen: engine.compensationTotalFen(k),
    appliedAt: new Date(k.appliedAt),
    approvedVia: k.approval?.via ?? null,
    paidOn: k.paidOn,
    recoveredFen: k.recoveredFen,
    writtenOffFen: k.writtenOffFen,
    balanceFen: engine.compensationBalanceOf(context),
    recoveryStage: k.recoveryStage,
    outcome: k.outcome,
  };
  await repo.upsertCase(em, loanId, row, now);
}

/** Whether the meeting's latest result on the loan is the decision of a compensation (not of the loan's own review). */
export function decidedCompensation(snapshot: engine.PersistedSnapshot, meetingId: string): boolean {
  const last = (snapshot.context as engine.GuaranteeContext).meetingResults.at(-1);
  return last?.stage === 'compensation' && last.meetingId === meetingId;
}

function toRow(r: Record<string, any>): BadLoanRowDto {
  return {
    loanId: r.loanId,
    company: r.company,
    bank: r.bank,
    stage: r.stage,
    state: r.state,
    principalFen: Number(r.principalFen),
    interestFen: Number(r.interestFen),
    penaltyFen: Number(r.penaltyFen),
    totalFen: Number(r.totalFen),
    appliedAt: iso(r.appliedAt),
    approvedVia: r.approvedVia,
    paidOn: r.paidOn,
    recoveredFen: Number(r.recoveredFen),
    writtenOffFen: Number(r.writtenOffFen),
    balanceFen: Number(r.balanceFen),
    recoveryStage: r.recoveryStage,
    outcome: r.outcome,
    feesFen: Number(r.feesFen),
    nextSeizureExpiry: r.nextSeizureExpiry,
  };
}

const yuan = (fen: number) => formatAmount(fen / 100);
const EXPORT_COLUMNS: SheetColumn<BadLoanRowDto>[] = [
  { header: label('企业名称', 'Company'), width: 32, value: (r) => r.company },
  { header: label('贷款银行', 'Bank'), value: (r) => r.bank },
  { header: label('阶段', 'Stage'), value: (r, lang) => engine.stageInfo(r.stage as engine.StageKey)[lang === 'en' ? 'en' : 'zh'] },
  { header: label('代偿本金（元）', 'Principal (yuan)'), value: (r) => yuan(r.principalFen) },
  { header: label('代偿利息（元）', 'Interest (yuan)'), value: (r) => yuan(r.interestFen) },
  { header: label('代偿罚息（元）', 'Penalty (yuan)'), value: (r) => yuan(r.penaltyFen) },
  { header: label('代偿合计（元）', 'Total (yuan)'), value: (r) => yuan(r.totalFen) },
  { header: label('申请时间', 'Applied at'), time: true, value: (r) => formatTime(r.appliedAt) },
  { header: label('支付日期', 'Paid on'), value: (r) => r.paidOn },
  { header: label('已追回（元）', 'Recovered (yuan)'), value: (r) => yuan(r.recoveredFen) },
  { header: label('核销（元）', 'Written off (yuan)'), value: (r) => yuan(r.writtenOffFen) },
  { header: label('代偿余额（元）', 'Balance (yuan)'), value: (r) => yuan(r.balanceFen) },
  { header: label('诉讼阶段', 'Claim stage'), value: (r) => r.recoveryStage },
  { header: label('诉讼费用（元）', 'Litigation fees (yuan)'), value: (r) => yuan(r.feesFen) },
  { header: label('最近查封到期日', 'Next seizure expiry'), value: (r) => r.nextSeizureExpiry },
];
