import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { JobName, QUEUES } from './queues';

/** Housekeeping: spent verification codes and long-dead sessions. Safe to run any number of times. */
@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends WorkerHost {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(private readonly db: DataSource) {
    super();
  }

  async process(job: Job<unknown, unknown, JobName>): Promise<{ captchas: number; sessions: number }> {
    switch (job.name) {
      case 'purge-expired': {
        const [, captchas] = await this.db.query(`DELETE FROM captcha WHERE expires_at < now() - interval '1 hour'`);
        const [, sessions] = await this.db.query(`DELETE FROM user_session WHERE COALESCE(revoked_at, expires_at) < now() - interval '30 days'`);
        this.logger.log(`purged ${captchas} verification codes, ${sessions} sessions`);
        return { captchas, sessions };
      }
      default:
        throw new Error(`maintenance has no job ${job.name}`);
    }
  }
}
