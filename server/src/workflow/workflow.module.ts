import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { LoansService } from '../loans/loans.service';
import { WorkflowController } from './workflow.controller';
import { WorkflowRepository } from './workflow.repository';
import { WorkflowService } from './workflow.service';

@Module({
  // Companies and loans have modules of their own (CompaniesModule, LoansModule); LoansService stays
  // here, exported, because initiating a loan creates its workflow instance in the same transaction.
  controllers: [WorkflowController],
  providers: [Clock, WorkflowRepository, WorkflowService, LoansService],
  exports: [WorkflowService, LoansService],
})
export class WorkflowModule {}
