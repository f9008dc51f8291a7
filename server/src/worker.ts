import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { getQueueToken } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { loadConfig } from './config/config';
import { jobOptions } from './jobs/job-options';
import { MAINTENANCE_SCHEDULES, QUEUES } from './jobs/queues';
import { createRedis } from './jobs/redis';
import { upsertSchedule } from './jobs/single-runs';
import { checkRedisBeforeStart } from './jobs/redis-check';
import { WorkerModule } from './worker.module';
import { setCompanyTimeZone } from './common/company-time';
import { exitIfStopHangs } from './common/stop-watchdog';
import { workerProcesses } from './processes/process-count';

/**
 * The reminder/housekeeping worker: a separate process, any number of them (WORKER_PROCESSES), sharing
 * Redis via BullMQ. What must run once whatever their number is guarded where it runs (docs/operations.md).
 */
async function main() {
  exitIfStopHangs(20_000);
  // The workers share their role's connection pool (database.module.ts: POOL_MAX); they run no export thread.
  const config = { ...loadConfig(), poolProcesses: workerProcesses(), exportWorkers: 0 };
  setCompanyTimeZone(config.companyTimeZone);
  // The worker is the one that holds delayed reminders: it refuses an unsafe Redis as the API does.
  await checkRedisBeforeStart(config.redisUrl, config.redisRefuseUnsafe);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: ['log', 'warn', 'error'] });
  app.enableShutdownHooks();
  const maintenance = app.get<Queue>(getQueueToken(QUEUES.maintenance));
  for (const s of MAINTENANCE_SCHEDULES) {
    // Single however many workers start: one schedule under a fixed id, one job per tick, and each
    // handler's own guard (jobs/single-runs.ts). A scheduler makes its own job ids: the template takes the other options.
    const { jobId: _jobId, ...opts } = jobOptions(s.name, {} as never, `schedule-${s.name}`);
    await upsertSchedule(maintenance, s.name, { every: s.everyMs }, s.name, opts);
  }
  const logger = new Logger('Worker');
  logger.log(`worker ready (queues: ${Object.values(QUEUES).join(', ')})`);
  // docker-compose's health check reads this file's age: it is rewritten only while Redis answers.
  const heartbeatFile = process.env.WORKER_HEARTBEAT_FILE;
  if (heartbeatFile) {
    const redis = createRedis(config.redisUrl);
    const beat = () =>
      redis
        .ping()
        .then(() => writeFile(heartbeatFile, new Date().toISOString()))
        .catch((error: unknown) => logger.warn(`heartbeat: ${error instanceof Error ? error.message : String(error)}`));
    void beat();
    setInterval(() => void beat(), 10_000).unref();
  }
}

main().catch((error) => {
  new Logger('Worker').error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
