import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { QUEUES } from '../jobs/queues';
import { HORIZON_EVERY_MS, HORIZON_SCHEDULER_ID, noteHorizonRun, queueWithinHorizon, reminderHorizonDays } from './reminder-queue';

/**
 * At worker start: the hourly horizon job's scheduler (upserted under a fixed id, so one however many
 * workers start), then a reconcile, so that a Redis that lost its data gets every reminder back
 * before the first hour passes.
 */
@Injectable()
export class RemindersBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(RemindersBootstrap.name);

  constructor(
    private readonly db: DataSource,
    @InjectQueue(QUEUES.reminders) private readonly queue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      HORIZON_SCHEDULER_ID,
      { every: HORIZON_EVERY_MS },
      { name: 'reminders.horizon', data: {}, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
    );
    const now = new Clock().now();
    const { scanned, queued } = await queueWithinHorizon(this.db, this.queue, now);
    await noteHorizonRun(this.queue, now);
    this.logger.log(`reminders reconciled at start: ${scanned} scheduled within ${reminderHorizonDays()} days, ${queued} queued`);
  }
}
