import { Module } from '@nestjs/common';
import { ArchivesModule } from '../archives/archives.module';
import { Clock } from '../common/clock';
import { QueueModule } from '../jobs/queue.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { LedgerAttachmentsController } from './ledger-attachments.controller';
import { LedgerAttachmentsService } from './ledger-attachments.service';
import { LedgerController } from './ledger.controller';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';
import { RemindersController } from './reminders.controller';
import { RemindersRepository } from './reminders.repository';
import { RemindersService } from './reminders.service';

/** Repayment plan and reminders on the API side (the worker side: ReminderJobsHandler, RemindersBootstrap). */
@Module({
  imports: [WorkflowModule, QueueModule, ArchivesModule],
  controllers: [RemindersController, LedgerController, LedgerAttachmentsController],
  providers: [Clock, RemindersRepository, RemindersService, LedgerRepository, LedgerService, LedgerAttachmentsService],
  // for the pipeline's hooks (pipeline-hooks.ts)
  exports: [RemindersService],
})
export class RemindersModule {}
