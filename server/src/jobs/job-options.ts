import type { DefaultJobOptions, JobsOptions, KeepJobs } from 'bullmq';
import { JOB_QUEUES, QUEUES, type JobName, type JobPayloads } from './queues';

/**
 * How many finished jobs each queue keeps in Redis (BullMQ trims on every job that finishes): enough
 * to read what happened on the queue page, never an ever-growing set. Completed jobs: the last 1,000
 * and at most a week; failed jobs, which someone may still retry: the last 5,000 and at most 30 days.
 */
export const KEEP_COMPLETED: KeepJobs = { count: 1000, age: 7 * 24 * 3600 };
export const KEEP_FAILED: KeepJobs = { count: 5000, age: 30 * 24 * 3600 };

/** Every queue's defaults (queue.module.ts): a job added without jobOptions() is trimmed all the same. */
export const QUEUE_DEFAULT_JOB_OPTIONS: DefaultJobOptions = { removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED };

/**
 * The options of every job the system queues, decided here and nowhere else.
 * - jobId: from `key` (the outbox row, the schedule), so that queueing the same thing twice keeps one job.
 * - delay: until the payload's `dueAt` when it has one (a job that must wait), else none.
 * - attempts and backoff: by queue; housekeeping is not retried, its next scheduled run does it again.
 */
export function jobOptions<N extends JobName>(name: N, payload: JobPayloads[N], key: string, now = Date.now()): JobsOptions {
  const due = dueAtOf(payload);
  const delay = due === null ? undefined : Math.max(0, due - now);
  const retry: JobsOptions = JOB_QUEUES[name] === QUEUES.maintenance ? { attempts: 1 } : { attempts: 5, backoff: { type: 'exponential', delay: 1000 } };
  return {
    // BullMQ refuses ':' in custom ids and ids that are integers.
    jobId: `${name}-${key}`.replace(/:/g, '-'),
    ...(delay !== undefined && { delay }),
    ...retry,
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
  };
}

function dueAtOf(payload: unknown): number | null {
  const due = (payload as { dueAt?: unknown } | null)?.dueAt;
  if (typeof due !== 'string') return null;
  const time = Date.parse(due);
  return Number.isNaN(time) ? null : time;
}
