import type { JobsOptions, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { scheduledToQueue } from './reminders.repository';

/** How far ahead reminders wait in Redis as delayed jobs (REMINDER_HORIZON_DAYS, default 7). */
export function reminderHorizonDays(): number {
  const days = Number(process.env.REMINDER_HORIZON_DAYS ?? 7);
  return Number.isFinite(days) && days > 0 ? days : 7;
}

/** How often the horizon job runs. */
export const HORIZON_EVERY_MS = 60 * 60 * 1000;
export const HORIZON_SCHEDULER_ID = 'reminders-horizon';
const BATCH = 5000;

/**
 * A reminder's job: under the reminder's own id (so queueing it twice keeps one), delayed until its
 * fire time by the server clock. Kept in Redis only while pending: PostgreSQL holds what was sent, and
 * a job that failed for good is removed so that the next horizon run queues it again.
 */
export function reminderJobOptions(jobId: string, fireAt: Date, now: Date): JobsOptions {
  return {
    jobId,
    delay: Math.max(0, fireAt.getTime() - now.getTime()),
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: true,
    removeOnFail: true,
  };
}

/**
 * Queues every SCHEDULED reminder whose fire time falls before now + horizon (the past included: a
 * reminder missed while the worker was down fires at once), in batches by fire time. A job id already
 * in Redis is left as it is, so the horizon job and the reconcile may both run any number of times.
 * Answers how many reminders were read and handed to BullMQ.
 */
export async function queueWithinHorizon(
  db: DataSource,
  queue: Queue,
  now: Date,
  horizonDays = reminderHorizonDays(),
): Promise<{ scanned: number; queued: number }> {
  const until = new Date(now.getTime() + horizonDays * 86_400_000);
  let scanned = 0;
  let queued = 0;
  let after: { fireAt: Date; id: string } | null = null;
  for (;;) {
    const rows = await scheduledToQueue(db, until, after, BATCH);
    if (!rows.length) break;
    scanned += rows.length;
    await queue.addBulk(rows.map((r) => ({ name: 'reminder.fire', data: { reminderId: r.id }, opts: reminderJobOptions(r.job_id, r.fire_at, now) })));
    queued += rows.length;
    const last = rows[rows.length - 1];
    after = { fireAt: last.fire_at, id: last.id };
    if (rows.length < BATCH) break;
  }
  return { scanned, queued };
}

/** Whether each job is waiting in Redis (delayed or waiting). */
export async function queuedStates(queue: Queue, jobIds: string[]): Promise<Map<string, boolean>> {
  const states = await Promise.all(jobIds.map((id) => queue.getJobState(id)));
  return new Map(jobIds.map((id, i) => [id, states[i] === 'delayed' || states[i] === 'waiting' || states[i] === 'prioritized']));
}

/** The Redis key (under the queue's own keys) where the horizon job and the reconcile note when they last ran. */
export function lastHorizonRunKey(queue: Queue): string {
  return `${queue.keys['']}last-horizon-run`;
}

/** Notes that the horizon job (or a reconcile) has just queued what falls within the horizon. */
export async function noteHorizonRun(queue: Queue, at: Date): Promise<void> {
  const client = await queue.getBackend().client;
  await client.set(lastHorizonRunKey(queue), at.toISOString());
}

/** When the horizon job (or a reconcile) last ran, if Redis knows. */
export async function lastHorizonRun(queue: Queue): Promise<Date | null> {
  const client = await queue.getBackend().client;
  const at = await client.get(lastHorizonRunKey(queue));
  return at ? new Date(at) : null;
}

/** Reminder jobs are named by their reminder's job id ('reminder-' + its uuid); the queue's other jobs are not. */
export const REMINDER_JOB_ID_PREFIX = 'reminder-';

/**
 * How many reminder jobs wait in Redis (delayed, waiting or prioritized), counted by job id in the
 * queue's sets and list page by page (ZRANGE / LRANGE by index), so nothing is loaded whole and Redis
 * is never held by one long command. A count of a queue in motion: a job promoted meanwhile may be
 * missed or counted twice, which the page's figure tolerates.
 */
export async function countQueuedReminderJobs(queue: Queue): Promise<number> {
  const client = await queue.getBackend().client;
  const PAGE = 1000;
  let count = 0;
  for (const [key, read] of [
    [queue.keys.delayed, (k: string, a: number, b: number) => client.zrange(k, a, b)],
    [queue.keys.prioritized, (k: string, a: number, b: number) => client.zrange(k, a, b)],
    [queue.keys.wait, (k: string, a: number, b: number) => client.lrange(k, a, b)],
  ] as const) {
    for (let start = 0; ; start += PAGE) {
      const ids: string[] = await read(key, start, start + PAGE - 1);
      count += ids.filter((id) => id.startsWith(REMINDER_JOB_ID_PREFIX)).length;
      if (ids.length < PAGE) break;
    }
  }
  return count;
}
