import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { WorkflowModule } from '../workflow/workflow.module';
import { LoanListRepository } from './loan-list.repository';
import { LoansController } from './loans.controller';
import { LoansRepository } from './loans.repository';
import { LoansService } from './loans.service';

/**
 * The loans and the one loan query behind every loan list (the loan list here, the worklists and the
 * statistics use it too). LoansService creates the workflow instance with the loan, through WorkflowService.
 */
@Module({
  imports: [WorkflowModule],
  controllers: [LoansController],
  providers: [Clock, LoanListRepository, LoansRepository, LoansService],
  exports: [LoanListRepository, LoansService],
})
export class LoansModule {}
