import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HandlesJobs, type JobHandler } from '../jobs/job-registry';
import { purgeExpiredCaptchas } from './captcha.repository';
import { purgeDeadSessions } from './session.repository';

/** Housekeeping: spent verification codes and long-dead sessions (auth's tables). Safe to run any number of times. */
@Injectable()
@HandlesJobs('purge-expired')
export class PurgeExpiredHandler implements JobHandler<'purge-expired'> {
  private readonly logger = new Logger(PurgeExpiredHandler.name);

  constructor(private readonly db: DataSource) {}

  async handle(): Promise<{ captchas: number; sessions: number }> {
    const captchas = await purgeExpiredCaptchas(this.db);
    const sessions = await purgeDeadSessions(this.db);
    this.logger.log(`purged ${captchas} verification codes, ${sessions} sessions`);
    return { captchas, sessions };
  }
}
