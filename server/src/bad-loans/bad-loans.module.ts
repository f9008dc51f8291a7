import { Module } from '@nestjs/common';
import { ArchivesModule } from '../archives/archives.module';
import { Clock } from '../common/clock';
import { QueueModule } from '../jobs/queue.module';
import { BadLoansController } from './bad-loans.controller';
import { BadLoansRepository } from './bad-loans.repository';
import { BadLoansService } from './bad-loans.service';

/** Compensation and recovery on the API side (the seizure reminders are sent by the reminders' worker jobs). */
@Module({
  imports: [QueueModule, ArchivesModule],
  controllers: [BadLoansController],
  providers: [Clock, BadLoansRepository, BadLoansService],
  // for the pipeline's hooks (pipeline-hooks.ts)
  exports: [BadLoansService],
})
export class BadLoansModule {}
