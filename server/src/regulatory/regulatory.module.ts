import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { WorkflowModule } from '../workflow/workflow.module';
import { RegulatoryController } from './regulatory.controller';
import { RegulatoryRepository } from './regulatory.repository';
import { RegulatoryService } from './regulatory.service';

/** Regulatory figures and the live limit check at the leader's withdrawal approval. */
@Module({
  imports: [WorkflowModule],
  controllers: [RegulatoryController],
  providers: [Clock, RegulatoryRepository, RegulatoryService],
  // for the pipeline's hooks (pipeline-hooks.ts)
  exports: [RegulatoryService],
})
export class RegulatoryModule {}
