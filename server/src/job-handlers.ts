import { AuditCheckpointHandler } from './audit/audit-checkpoint.handler';
import { CloseOfBusinessHandler } from './close-of-business/close-of-business.handler';
import { PurgeExpiredHandler } from './auth/purge-expired.handler';
import { NotifyNextActorsHandler } from './outbox/notify-next-actors.handler';
import { ReminderJobsHandler } from './reminders/reminder-jobs.handler';
import { RiskDowngradeHandler } from './visits/risk-downgrade.handler';

/**
 * Every job handler the worker runs, beside the worker module that provides them (the features import
 * jobs/ to queue their jobs; jobs/ imports no feature). A new effect or job adds its handler here; the worker checks at
 * bootstrap that each job name of jobs/queues.ts has exactly one (jobs/job-registry.ts).
 */
export const JOB_HANDLER_TYPES = [
  NotifyNextActorsHandler,
  PurgeExpiredHandler,
  AuditCheckpointHandler,
  RiskDowngradeHandler,
  ReminderJobsHandler,
  CloseOfBusinessHandler,
] as const;
