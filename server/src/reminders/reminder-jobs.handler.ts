import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { companyDay } from '../common/company-time';
import { translate } from '../common/i18n';
import { HandlesJobs, type JobHandler } from '../jobs/job-registry';
import { QUEUES, type JobPayloads } from '../jobs/queues';
import { messageLang } from '../messages/todo-text';
import { noteHorizonRun, queueWithinHorizon, reminderJobOptions } from './reminder-queue';
import {
  enabledUsers,
  insertNextCertificateReminder,
  insertReminderMessage,
  lockReminderToSend,
  markReminderCancelled,
  markReminderSent,
  reminderLoan,
} from './reminders.repository';

type Names = 'reminder.fire' | 'reminders.horizon' | 'reminders.reconcile' | 'reminders.unqueue';
const DAY_MS = 86_400_000;
const TITLE_KEYS = {
  REPAYMENT: 'reminderTitleRepayment',
  MATURITY: 'reminderTitleMaturity',
  VISIT: 'reminderTitleVisit',
  SEIZURE: 'reminderTitleSeizure',
  CERT_RETURN: 'reminderTitleCertReturn',
  REVALUATION: 'reminderTitleRevaluation',
} as const;
/** A job that runs this much before its fire time (clocks apart) leaves the reminder for the next horizon run. */
const EARLY_TOLERANCE_MS = 60_000;

/**
 * The reminder jobs. `reminder.fire` sends one reminder: under a lock of its row, a SCHEDULED one
 * becomes one message per officer (A-post, and B-post when set) in the officer's language and is
 * marked SENT (late when more than a day after its fire time); anything else is a no-op, so a job run
 * twice, or one whose reminder was cancelled meanwhile, sends nothing more.
 */
@Injectable()
@HandlesJobs('reminder.fire', 'reminders.horizon', 'reminders.reconcile', 'reminders.unqueue')
export class ReminderJobsHandler implements JobHandler<Names> {
  private readonly logger = new Logger(ReminderJobsHandler.name);
  private readonly clock = new Clock();

  constructor(
    private readonly db: DataSource,
    @InjectQueue(QUEUES.reminders) private readonly queue: Queue,
  ) {}

  async handle(payload: JobPayloads[Names], job: Job): Promise<unknown> {
    switch (job.name as Names) {
      case 'reminder.fire':
        return this.fire((payload as JobPayloads['reminder.fire']).reminderId);
      case 'reminders.horizon':
      case 'reminders.reconcile': {
        const now = this.clock.now();
        const result = await queueWithinHorizon(this.db, this.queue, now);
        await noteHorizonRun(this.queue, now);
        return result;
      }
      case 'reminders.unqueue':
        return this.unqueue((payload as JobPayloads['reminders.unqueue']).jobIds);
    }
  }

  /** Removes cancelled reminders' jobs; a job that is running or gone is left (its handler no-ops). */
  private async unqueue(jobIds: string[]): Promise<{ removed: number }> {
    let removed = 0;
    for (const id of jobIds) removed += await this.queue.remove(id);
    return { removed };
  }

  async fire(reminderId: string): Promise<{ sent: number } | { skipped: string }> {
    const now = this.clock.now();
    const result = await this.db.transaction(async (em) => {
      const result = await sendReminder(em, reminderId, now);
      if ('late' in result && result.late) this.logger.warn(`reminder ${reminderId} sent late`);
      return result;
    });
    // a lent certificate's next daily reminder, once this one committed (the horizon job would queue it too)
    if ('next' in result && result.next) {
      const next = result.next;
      await this.queue.add('reminder.fire', { reminderId: next.id }, reminderJobOptions(next.jobId, new Date(next.fireAt), now));
    }
    return 'sent' in result ? { sent: result.sent } : result;
  }
}

/**
 * Sends one reminder in the caller's transaction: under a lock of its row, a SCHEDULED one becomes one
 * message per officer (A-post, and B-post when set) in the officer's language and is marked SENT (late
 * when more than a day after its fire time); anything else is a no-op. `at` dates the messages (the
 * demo seed sends its past reminders at their fire time; the worker leaves the database's clock).
 */
export async function sendReminder(
  em: EntityManager,
  reminderId: string,
  now: Date,
  at?: Date,
): Promise<{ sent: number; late: boolean; next?: { id: string; jobId: string; fireAt: Date } | null } | { skipped: string }> {
  const r = await lockReminderToSend(em, reminderId);
  if (!r) return { skipped: 'unknown' };
  if (r.state !== 'SCHEDULED') return { skipped: r.state };
  const fireAt = new Date(r.fire_at);
  if (fireAt.getTime() - now.getTime() > EARLY_TOLERANCE_MS) return { skipped: 'early' };
  // a certificate back in the vault (or gone at release) is reminded of no more
  if (r.kind === 'CERT_RETURN' && r.cert_state !== 'LENT') {
    await markReminderCancelled(em, r.id, now);
    return { skipped: 'returned' };
  }
  const loan = (await reminderLoan(em, r.loan_id))!;
  // a lent certificate's borrower and the loan's A-post officer; otherwise the loan's officers
  const people = r.kind === 'CERT_RETURN' ? [r.cert_lent_to, loan.a_post_officer_id] : [loan.a_post_officer_id, loan.b_post_officer_id];
  const recipients = await enabledUsers(em, [...new Set(people.filter((id): id is string => Boolean(id)))]);
  const dueDay = companyDay(new Date(r.due_at));
  const days = Math.max(0, Math.round((new Date(r.due_at).getTime() - fireAt.getTime()) / DAY_MS));
  const overdueDays = Math.max(0, Math.round((fireAt.getTime() - new Date(r.due_at).getTime()) / DAY_MS));
  let sent = 0;
  for (const u of recipients) {
    const lang = messageLang(u.language);
    const kind = r.kind as keyof typeof TITLE_KEYS;
    const title = translate(TITLE_KEYS[kind], lang, { company: loan.company });
    const content =
      kind === 'REPAYMENT'
        ? translate('reminderContentRepayment', lang, { seq: r.seq ?? '', amount: (Number(r.principal_fen ?? 0) / 100).toFixed(2), day: dueDay })
        : kind === 'SEIZURE'
          ? translate('reminderContentSeizure', lang, { asset: r.asset ?? '', day: dueDay, days })
          : kind === 'CERT_RETURN'
            ? overdueDays > 0
              ? translate('reminderContentCertOverdue', lang, { number: r.cert_number ?? '', day: dueDay, days: overdueDays })
              : translate('reminderContentCertReturn', lang, { number: r.cert_number ?? '', day: dueDay })
            : kind === 'REVALUATION'
              ? translate('reminderContentRevaluation', lang, { item: r.item_description || r.item_owner || '', day: dueDay })
              : translate(kind === 'VISIT' ? 'reminderContentVisit' : 'reminderContentMaturity', lang, { day: dueDay, days });
    const inserted = await insertReminderMessage(em, {
      userId: u.id,
      title,
      content,
      sourceKey: `reminder:${r.id}`,
      link: `/company/node/${r.loan_id}`,
      at: at ?? null,
    });
    sent += inserted.length;
  }
  const late = now.getTime() - fireAt.getTime() > DAY_MS;
  await markReminderSent(em, r.id, at ?? now, late);
  // then daily while the certificate is still out
  const next = r.kind === 'CERT_RETURN' ? await insertNextCertificateReminder(em, r.id) : null;
  return { sent, late, next };
}
