import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { companyDay, companyTimeZone } from '../common/company-time';
import { HandlesJobs, type JobHandler } from '../jobs/job-registry';
import { QUEUES, type JobPayloads } from '../jobs/queues';
import { upsertSchedule } from '../jobs/single-runs';
import { RegulatoryRepository } from '../regulatory/regulatory.repository';
import { RegulatoryService } from '../regulatory/regulatory.service';
import { unfinishedRunDay } from './close-of-business.repository';
import { CLOSE_OF_BUSINESS_CRON, runCloseOfBusiness, type RunOutcome } from './close-of-business.run';

/** The scheduler's fixed id (one schedule however many workers upsert it). */
export const CLOSE_OF_BUSINESS_SCHEDULER_ID = 'close-of-business';

/**
 * The nightly close of business (close-of-business.run.ts): a BullMQ job scheduler on the maintenance
 * queue, upserted under a fixed id at each worker's start, fires once per company day; the run row of
 * the day makes a second worker's job (or a retried one) do nothing. At start, a worker also queues the
 * oldest run left unfinished by a worker that died, so it finishes without waiting for the next night.
 */
@Injectable()
@HandlesJobs('close-of-business')
export class CloseOfBusinessHandler implements JobHandler<'close-of-business'>, OnApplicationBootstrap {
  private readonly logger = new Logger(CloseOfBusinessHandler.name);
  private readonly clock = new Clock();
  private readonly regulatory: RegulatoryService;

  constructor(
    private readonly db: DataSource,
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
  ) {
    // The worker has no HTTP modules: the figures' service is built on the worker's own connection.
    this.regulatory = new RegulatoryService(db, this.clock, new RegulatoryRepository(db));
  }

  async onApplicationBootstrap(): Promise<void> {
    // Single: one schedule, one job per night, and the day's run row (jobs/single-runs.ts).
    await upsertSchedule(this.queue, CLOSE_OF_BUSINESS_SCHEDULER_ID, { pattern: CLOSE_OF_BUSINESS_CRON, tz: companyTimeZone() }, 'close-of-business', {
      attempts: 1,
      removeOnComplete: 100,
      removeOnFail: 100,
    });
    // Every starting worker may queue the resume: the fixed job id keeps one job per day, and the run row one run.
    const day = await unfinishedRunDay(this.db);
    if (day)
      await this.queue.add('close-of-business', { day }, { jobId: `close-of-business-resume-${day}`, attempts: 1, removeOnComplete: true, removeOnFail: 100 });
  }

  async handle(payload: JobPayloads['close-of-business']): Promise<RunOutcome> {
    const day = payload?.day ?? companyDay(this.clock.now());
    const outcome = await runCloseOfBusiness(
      this.db,
      day,
      (d) => this.regulatory.figures(d),
      () => this.clock.now(),
    );
    if (outcome.ran)
      this.logger.log(
        `close of business ${day}: ${outcome.steps.map((s) => `${s.step} ${s.skipped ? 'done before' : `${s.rows} rows in ${s.ms} ms`}`).join(', ')}`,
      );
    return outcome;
  }
}
