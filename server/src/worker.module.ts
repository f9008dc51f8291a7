import { DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from './audit/audit.module';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { JOB_HANDLER_TYPES } from './job-handlers';
import { AnyJobHandler, JobRegistry } from './jobs/job-registry';
import { QueueModule } from './jobs/queue.module';
import { QUEUE_WORKERS } from './jobs/queue-workers';
import { JOB_NAMES } from './jobs/queues';
import { OutboxRelay } from './outbox/outbox.relay';
import { RemindersBootstrap } from './reminders/reminders.bootstrap';

/**
 * Everything the worker process runs: the outbox relay, one BullMQ worker per queue, and the job
 * handlers behind them. Building the registry throws when a job has no handler or two, so a worker
 * with a gap in its handlers never starts.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, QueueModule, AuditModule],
      providers: [
        ...JOB_HANDLER_TYPES,
        { provide: JobRegistry, inject: [...JOB_HANDLER_TYPES], useFactory: (...handlers: AnyJobHandler[]) => new JobRegistry(JOB_NAMES, handlers) },
        ...QUEUE_WORKERS,
        OutboxRelay,
        RemindersBootstrap,
      ],
    };
  }
}
