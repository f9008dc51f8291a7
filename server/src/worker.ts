import 'reflect-metadata';
import { getQueueToken } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { loadConfig } from './config/config';
import { jobOptions } from './jobs/job-options';
import { MAINTENANCE_SCHEDULES, QUEUES } from './jobs/queues';
import { WorkerModule } from './worker.module';

/** The reminder/housekeeping worker: a separate process, any number of them, sharing Redis via BullMQ. */
async function main() {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(loadConfig()), { logger: ['log', 'warn', 'error'] });
  app.enableShutdownHooks();
  const maintenance = app.get<Queue>(getQueueToken(QUEUES.maintenance));
  for (const s of MAINTENANCE_SCHEDULES) {
    // Upserting by a fixed id keeps one schedule however many workers start.
    // A scheduler makes its own job ids: the template takes the other options.
    const { jobId: _jobId, ...opts } = jobOptions(s.name, {} as never, `schedule-${s.name}`);
    await maintenance.upsertJobScheduler(s.name, { every: s.everyMs }, { name: s.name, data: {}, opts });
  }
  new Logger('Worker').log(`worker ready (queues: ${Object.values(QUEUES).join(', ')})`);
}

main().catch((error) => {
  new Logger('Worker').error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
