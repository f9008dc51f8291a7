import { Module } from '@nestjs/common';
import { BasicDataModule } from '../basic-data/basic-data.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { ContractsController } from './contracts.controller';
import { ContractsRepository } from './contracts.repository';
import { ContractsService } from './contracts.service';

/** Contracts of the during-guarantee stage: generated with their event, listed and served per loan. */
@Module({
  imports: [WorkflowModule, BasicDataModule],
  controllers: [ContractsController],
  providers: [ContractsRepository, ContractsService],
  exports: [ContractsService],
})
export class ContractsModule {}
