import type { JobsOptions } from 'bullmq';
import { JOB_QUEUES, QUEUES, type JobName, type JobPayloads } from './queues';

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
    removeOnComplete: 1000,
    removeOnFail: 5000,
  };
}

function dueAtOf(payload: unknown): number | null {
  const due = (payload as { dueAt?: unknown } | null)?.dueAt;
  if (typeof due !== 'string') return null;
  const time = Date.parse(due);
  return Number.isNaN(time) ? null : time;
}
