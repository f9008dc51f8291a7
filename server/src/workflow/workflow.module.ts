import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { CompaniesController } from '../companies/companies.controller';
import { LoansController } from '../loans/loans.controller';
import { LoansService } from '../loans/loans.service';
import { WorkflowController } from './workflow.controller';
import { WorkflowRepository } from './workflow.repository';
import { WorkflowService } from './workflow.service';

@Module({
  controllers: [WorkflowController, CompaniesController, LoansController],
  providers: [Clock, WorkflowRepository, WorkflowService, LoansService],
  exports: [WorkflowService, LoansService],
})
export class WorkflowModule {}
