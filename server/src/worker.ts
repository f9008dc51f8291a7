import 'reflect-metadata';
import { getQueueToken } from '@nestjs/bullmq';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { loadConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { MaintenanceProcessor } from './jobs/maintenance.processor';
import { QueueModule } from './jobs/queue.module';
import { MAINTENANCE_SCHEDULES, QUEUES } from './jobs/queues';

const config = loadConfig();

@Module({ imports: [ConfigModule.forRoot(config), DatabaseModule, QueueModule], providers: [MaintenanceProcessor] })
class WorkerModule {}

/** The reminder/housekeeping worker: a separate process, any number of them, sharing Redis via BullMQ. */
async function main() {
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: ['log', 'warn', 'error'] });
  app.enableShutdownHooks();
  const maintenance = app.get<Queue>(getQueueToken(QUEUES.maintenance));
  for (const s of MAINTENANCE_SCHEDULES) {
    // Upserting by a fixed id keeps one schedule however many workers start.
    await maintenance.upsertJobScheduler(s.name, { every: s.everyMs }, { name: s.name, data: {} });
  }
  new Logger('Worker').log(`worker ready (queues: ${Object.values(QUEUES).join(', ')})`);
}

main().catch((error) => {
  new Logger('Worker').error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
