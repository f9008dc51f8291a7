import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { WorkflowController } from './workflow.controller';
import { WorkflowRepository } from './workflow.repository';
import { WorkflowService } from './workflow.service';

@Module({
  // Companies and loans have modules of their own (CompaniesModule, LoansModule), which import this one:
  // initiating a loan creates its workflow instance in the same transaction, through WorkflowService.
  controllers: [WorkflowController],
  providers: [Clock, WorkflowRepository, WorkflowService],
  exports: [WorkflowService],
})
export class WorkflowModule {}
