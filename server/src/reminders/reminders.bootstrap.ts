import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { QUEUES } from '../jobs/queues';
import { upsertSchedule } from '../jobs/single-runs';
import { HORIZON_EVERY_MS, HORIZON_SCHEDULER_ID, noteHorizonRun, queueWithinHorizon, reminderHorizonDays } from './reminder-queue';

/**
 * At worker start: the hourly horizon job's scheduler (upserted under a fixed id, so one schedule and
 * one run per hour however many workers start: jobs/single-runs.ts), then a reconcile, so that a Redis
 * that lost its data gets every reminder back before the first hour passes. The reconcile runs at each
 * worker's start by design: it queues under the reminders' own job ids, so N of them queue each reminder once.
 */
@Injectable()
export class RemindersBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(RemindersBootstrap.name);

  constructor(
    private readonly db: DataSource,
    @InjectQueue(QUEUES.reminders) private readonly queue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await upsertSchedule(this.queue, HORIZON_SCHEDULER_ID, { every: HORIZON_EVERY_MS }, 'reminders.horizon', {
      attempts: 1,
      removeOnComplete: 100,
      removeOnFail: 100,
    });
    const now = new Clock().now();
    const { scanned, queued } = await queueWithinHorizon(this.db, this.queue, now);
    await noteHorizonRun(this.queue, now);
    this.logger.log(`reminders reconciled at start: ${scanned} scheduled within ${reminderHorizonDays()} days, ${queued} queued`);
  }
}
