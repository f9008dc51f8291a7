import { AuditCheckpointHandler } from '../audit/audit-checkpoint.handler';
import { NotifyNextActorsHandler } from '../outbox/notify-next-actors.handler';
import { PurgeExpiredHandler } from './purge-expired.handler';
import { ReminderJobsHandler } from '../reminders/reminder-jobs.handler';
import { RiskDowngradeHandler } from '../visits/risk-downgrade.handler';

/**
 * Every job handler the worker runs. A new effect or job adds its handler here; the worker checks at
 * bootstrap that each job name of queues.ts has exactly one (job-registry.ts).
 */
export const JOB_HANDLER_TYPES = [NotifyNextActorsHandler, PurgeExpiredHandler, AuditCheckpointHandler, RiskDowngradeHandler, ReminderJobsHandler] as const;
