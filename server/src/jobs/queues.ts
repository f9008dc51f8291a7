/**
 * Every queue and job the system runs, with its payload type: the one place that names them.
 * Handlers are idempotent and job ids deterministic, so a job queued twice runs once.
 */
export const QUEUES = {
  maintenance: 'maintenance',
  notifications: 'notifications',
} as const;

export interface WorkflowTransitioned {
  loanId: string;
  seq: number;
  type: string;
  stage: string;
  status: string;
  actorId: string;
}

export interface JobPayloads {
  'purge-expired': Record<string, never>;
  'workflow.transitioned': WorkflowTransitioned;
}
export type JobName = keyof JobPayloads;

/** Outbox topics and the queue each is delivered to (the topic is the job name). */
export const OUTBOX_ROUTES: Record<string, string> = {
  'workflow.transitioned': QUEUES.notifications,
};

export const MAINTENANCE_SCHEDULES: { name: JobName; everyMs: number }[] = [{ name: 'purge-expired', everyMs: 10 * 60 * 1000 }];
