import { InjectQueue } from '@nestjs/bullmq';
import { HttpStatus, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { AppError, CODES } from '../common/errors';
import { QUEUES } from '../jobs/queues';
import type { EventWriteContext } from '../workflow/hooks';
import { countQueuedReminderJobs, lastHorizonRun, noteHorizonRun, queuedStates, queueWithinHorizon, reminderHorizonDays } from './reminder-queue';
import { RemindersRepository } from './reminders.repository';
import type { ReminderDto, ReminderStatusDto, RepaymentPlanDto } from './reminders.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

import { REMINDER_EVENT_TYPES, writeReminderRows } from './reminder-writers';

export { REMINDER_EVENT_TYPES, writeReminderRows };

/**
 * The repayment plan and its reminders, written with the events that change them in the event's own
 * transaction: VOUCHER_CONFIRM makes the plan (method BULLET: the loan records no method, so the whole
 * amount lent falls due at maturity until the ledger edits it), REPAYMENT_PLAN_EDIT rebuilds it,
 * RECORD_REPAYMENT covers instalments and cancels their reminders, and a loan that leaves the
 * after-guarantee stage (principal repaid, released, closed, discontinued) has every scheduled
 * reminder cancelled. Cancelled reminders' jobs are removed after the commit by an outbox job.
 */
@Injectable()
export class RemindersService {
  constructor(
    private readonly db: DataSource,
    private readonly reminders: RemindersRepository,
    private readonly clock: Clock,
    @InjectQueue(QUEUES.reminders) private readonly queue: Queue,
  ) {}

  /** The writer of REMINDER_EVENT_TYPES (reminders.hooks.ts): the plan and reminder rows, at the server's now. */
  writeRows({ em, loanId, event, snapshot }: EventWriteContext): Promise<void> {
    return writeReminderRows(em, loanId, event, snapshot, this.clock.now());
  }

  /** The loan's reminders, oldest fire time first, with whether each one's job waits in Redis now. */
  async list(loanId: string): Promise<ReminderDto[]> {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    if (!(await this.reminders.liveLoanExists(loanId))) throw AppError.notFound('loanNotFound');
    const rows = await this.reminders.ofLoan(loanId);
    const queued = await queuedStates(
      this.queue,
      rows.map((r) => r.job_id),
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      dueAt: new Date(r.due_at).toISOString(),
      fireAt: new Date(r.fire_at).toISOString(),
      state: r.state,
      jobId: r.job_id,
      queued: queued.get(r.job_id) ?? false,
    }));
  }

  async plan(loanId: string): Promise<RepaymentPlanDto> {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    const plan = await this.reminders.plan(loanId);
    if (!plan) throw new AppError(HttpStatus.NOT_FOUND, CODES.repaymentPlanMissing, 'repaymentPlanMissing');
    const instalments = await this.reminders.instalments(loanId);
    return {
      method: plan.method,
      annualRatePercent: plan.annual_rate_bp === null ? null : plan.annual_rate_bp / 100,
      disbursedOn: plan.disbursed_on,
      principalFen: Number(plan.principal_fen),
      repaidFen: Number(plan.repaid_fen),
      termMonths: plan.term_months,
      maturityOn: plan.maturity_on,
      instalments: instalments.map((i: Record<string, any>) => ({
        id: i.id as string,
        seq: Number(i.seq),
        dueOn: i.due_on,
        principalFen: Number(i.principal_fen),
        interestFen: i.interest_fen === null ? null : Number(i.interest_fen),
        repaidFen: Number(i.repaid_fen),
        state: i.state as 'DUE' | 'REPAID',
        voucher: i.voucher_id
          ? { attachmentId: i.voucher_id as string, name: i.voucher_name as string, uploadedAt: new Date(i.voucher_at).toISOString() }
          : null,
      })),
    };
  }

  /** Queues again every scheduled reminder within the horizon (same job ids: nothing is doubled). */
  async reconcile(_user: AuthUser): Promise<{ scanned: number; queued: number }> {
    const now = this.clock.now();
    const result = await queueWithinHorizon(this.db, this.queue, now);
    await noteHorizonRun(this.queue, now);
    return result;
  }

  /** For the queue page: the horizon, the scheduled reminders (all, and within the horizon), and the reminder jobs in Redis. */
  async status(): Promise<ReminderStatusDto> {
    const horizonDays = reminderHorizonDays();
    const until = new Date(this.clock.now().getTime() + horizonDays * 86_400_000);
    const counts = await this.reminders.scheduledCounts(until);
    const [queued, lastRun] = await Promise.all([countQueuedReminderJobs(this.queue), lastHorizonRun(this.queue)]);
    return { horizonDays, scheduled: counts.scheduled, withinHorizon: counts.within, queued, lastHorizonRunAt: lastRun?.toISOString() ?? null };
  }
}
