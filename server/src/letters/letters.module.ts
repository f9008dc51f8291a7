import { Module } from '@nestjs/common';
import { ContractsModule } from '../contracts/contracts.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { LettersController } from './letters.controller';
import { LettersRepository } from './letters.repository';
import { LettersService } from './letters.service';
import { Clock } from '../common/clock';
import { DisbursementReminderService } from './disbursement-reminder';

/** Guarantee letters (generated with LETTER_GENERATE, sealed copy uploaded) and the disbursement voucher. */
@Module({
  imports: [WorkflowModule, ContractsModule],
  controllers: [LettersController],
  providers: [Clock, LettersRepository, LettersService, DisbursementReminderService],
  // for the pipeline's hooks (pipeline-hooks.ts)
  exports: [LettersService],
})
export class LettersModule {}
