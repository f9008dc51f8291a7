import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HandlesJobs, type JobHandler } from './job-registry';

/** Housekeeping: spent verification codes and long-dead sessions. Safe to run any number of times. */
@Injectable()
@HandlesJobs('purge-expired')
export class PurgeExpiredHandler implements JobHandler<'purge-expired'> {
  private readonly logger = new Logger(PurgeExpiredHandler.name);

  constructor(private readonly db: DataSource) {}

  async handle(): Promise<{ captchas: number; sessions: number }> {
    const [, captchas] = await this.db.query(`DELETE FROM captcha WHERE expires_at < now() - interval '1 hour'`);
    const [, sessions] = await this.db.query(`DELETE FROM user_session WHERE COALESCE(revoked_at, expires_at) < now() - interval '30 days'`);
    this.logger.log(`purged ${captchas} verification codes, ${sessions} sessions`);
    return { captchas, sessions };
  }
}
