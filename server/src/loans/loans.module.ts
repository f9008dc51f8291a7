import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { WorkflowModule } from '../workflow/workflow.module';
import { LoanQuery } from './loan-query';
import { LoansController } from './loans.controller';

/** LoansService itself is provided by WorkflowModule (it creates the instance with the loan). */
@Module({
  imports: [WorkflowModule],
  controllers: [LoansController],
  providers: [Clock, LoanQuery],
  exports: [LoanQuery],
})
export class LoansModule {}
