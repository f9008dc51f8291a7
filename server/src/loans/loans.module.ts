import { Module } from '@nestjs/common';
import { WorkflowModule } from '../workflow/workflow.module';
import { WorklistsModule } from '../worklists/worklists.module';
import { LoansController } from './loans.controller';

/** LoansService itself is provided by WorkflowModule (it creates the instance with the loan). */
@Module({
  imports: [WorkflowModule, WorklistsModule],
  controllers: [LoansController],
})
export class LoansModule {}
