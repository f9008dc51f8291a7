/**
 * Every queue and job the system runs, with its payload type: the one place that names them.
 * Handlers are idempotent and job ids deterministic, so a job queued twice runs once.
 */
export const QUEUES = {
  maintenance: 'maintenance',
} as const;

export interface JobPayloads {
  'purge-expired': Record<string, never>;
}
export type JobName = keyof JobPayloads;

export const MAINTENANCE_SCHEDULES: { name: JobName; everyMs: number }[] = [{ name: 'purge-expired', everyMs: 10 * 60 * 1000 }];
