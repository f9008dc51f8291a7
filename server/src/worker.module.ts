import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { MaintenanceProcessor } from './jobs/maintenance.processor';
import { QueueModule } from './jobs/queue.module';
import { NotificationsProcessor } from './outbox/notifications.processor';
import { OutboxRelay } from './outbox/outbox.relay';

/** Everything the worker process runs: the outbox relay and the BullMQ processors. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, QueueModule],
      providers: [MaintenanceProcessor, NotificationsProcessor, OutboxRelay],
    };
  }
}
