import type { Effect, EffectName, EffectParams } from '@app/workflow';
import type { ScheduledJob } from './single-runs';

/**
 * Every queue and job the system runs, with its payload type: the one place that names them.
 * Handlers are idempotent and job ids deterministic, so a job queued twice runs once.
 */
export const QUEUES = {
  maintenance: 'maintenance',
  notifications: 'notifications',
  reminders: 'reminders',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** What the commit adds to an effect's params: which loan, and the step (event seq) that declared it. */
export interface EffectOrigin {
  loanId: string;
  seq: number;
}

/** The job of each effect the machine declares (@app/workflow effects.ts): its params plus its origin. */
export type EffectJobPayloads = { [K in EffectName]: EffectParams[K] & EffectOrigin };

/** One outbox row per event, as written before the machine declared effects; done like notifyNextActors. */
export interface WorkflowTransitioned extends EffectOrigin {
  type: string;
  stage: string;
  status: string;
  actorId: string;
}

/** Job name -> payload. Every effect is a job of the same name. */
export interface JobPayloads extends EffectJobPayloads {
  'purge-expired': Record<string, never>;
  'audit-checkpoint': Record<string, never>;
  'workflow.transitioned': WorkflowTransitioned;
  /** One reminder comes due (job id: the reminder's own `job_id`, so it is queued once). */
  'reminder.fire': { reminderId: string };
  /** Hourly: queues the scheduled reminders whose fire time falls within the horizon. */
  'reminders.horizon': Record<string, never>;
  /** At worker start (and on demand): queues again every scheduled reminder within the horizon. */
  'reminders.reconcile': Record<string, never>;
  /** After a commit that cancelled reminders (an outbox row): removes their delayed jobs. */
  'reminders.unqueue': { loanId: string; jobIds: string[] };
  /** The nightly close of business of a company day (default: the company's today when it runs). */
  'close-of-business': { day?: string };
  /** An operations batch's "resend to-dos" item: the to-dos of the loan's step `seq` sent again (once per batch and loan). */
  'operations.resendTodos': { loanId: string; seq: number; batchId: string };
}
export type JobName = keyof JobPayloads;

/** The queue of every job; the compiler insists on one entry per job name. */
export const JOB_QUEUES: { readonly [K in JobName]: QueueName } = {
  'purge-expired': QUEUES.maintenance,
  'audit-checkpoint': QUEUES.maintenance,
  notifyNextActors: QUEUES.notifications,
  notifyRiskDowngrade: QUEUES.notifications,
  'workflow.transitioned': QUEUES.notifications,
  'reminder.fire': QUEUES.reminders,
  'reminders.horizon': QUEUES.reminders,
  'reminders.reconcile': QUEUES.reminders,
  'reminders.unqueue': QUEUES.reminders,
  'close-of-business': QUEUES.maintenance,
  'operations.resendTodos': QUEUES.notifications,
};

export const JOB_NAMES = Object.keys(JOB_QUEUES) as JobName[];

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOB_QUEUES, name);
}

/** The outbox payload of an effect (its topic is the effect's name, which is its job name). */
export function effectJobPayload(effect: Effect, loanId: string, seq: number): EffectJobPayloads[EffectName] {
  return { ...effect.params, loanId, seq };
}

/** The maintenance queue's schedules (the worker upserts them; what keeps each single: single-runs.ts). */
export const MAINTENANCE_SCHEDULES: { name: ScheduledJob; everyMs: number }[] = [
  { name: 'purge-expired', everyMs: 10 * 60 * 1000 },
  // Asks whether a checkpoint is due (CHECKPOINT_EVERY events or CHECKPOINT_MAX_AGE_HOURS); writes one only then.
  { name: 'audit-checkpoint', everyMs: 60 * 1000 },
];
