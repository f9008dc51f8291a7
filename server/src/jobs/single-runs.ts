import type { JobsOptions, Queue } from 'bullmq';
import type { JobName } from './queues';

/**
 * The jobs that run on a schedule, and what keeps each to one run per period however many worker
 * processes (WORKER_PROCESSES, on any number of machines) share one Redis. Two guards each:
 * - the schedule: a BullMQ job scheduler upserted under a fixed id by every worker at its start stays
 *   one schedule, and makes one job per tick (job id repeat:<scheduler id>:<tick>), which one worker takes;
 * - the job's own, written here: why a second run of the same period (a job redelivered after its
 *   worker stalled or died, a run asked for by hand beside the scheduled one) does not do the work again.
 * upsertSchedule takes only the jobs listed here: a new schedule has to say what keeps it single.
 */
export const SINGLE_RUNS = {
  'purge-expired': 'deletes only what has expired: a second run finds nothing left to delete',
  'audit-checkpoint':
    'writeCheckpoint takes a PostgreSQL advisory lock (pg_try_advisory_lock) and asks under it whether a checkpoint is due: processes that try together write one',
  'reminders.horizon':
    "queues each reminder under the reminder's own job id: a second scan (another worker's start reconcile, an administrator's) queues nothing more",
  'close-of-business':
    "the day's run row, claimed for the whole run (FOR NO KEY UPDATE SKIP LOCKED) and then finished: another worker's job for that day skips it",
} as const satisfies Partial<Record<JobName, string>>;
export type ScheduledJob = keyof typeof SINGLE_RUNS;

type Repeat = Parameters<Queue['upsertJobScheduler']>[1];

/** The one schedule of job `name`, upserted under `schedulerId` (the same fixed id in every worker). */
export function upsertSchedule(queue: Queue, schedulerId: string, repeat: Repeat, name: ScheduledJob, opts: JobsOptions): Promise<unknown> {
  return queue.upsertJobScheduler(schedulerId, repeat, { name, data: {}, opts });
}
