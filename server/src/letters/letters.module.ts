import { Module } from '@nestjs/common';
import { ContractsModule } from '../contracts/contracts.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { LettersController } from './letters.controller';
import { LettersService } from './letters.service';

/** Guarantee letters (generated with LETTER_GENERATE, sealed copy uploaded) and the disbursement voucher. */
@Module({
  imports: [WorkflowModule, ContractsModule],
  controllers: [LettersController],
  providers: [LettersService],
})
export class LettersModule {}
