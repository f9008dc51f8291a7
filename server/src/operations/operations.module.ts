import { Module } from '@nestjs/common';
import { QueueModule } from '../jobs/queue.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { Clock } from '../common/clock';
import { OperationsBatchRunner } from './operations.batch';
import { OperationsItemActions } from './operations.items';
import { OperationsController } from './operations.controller';
import { OperationsRepository } from './operations.repository';
import { OperationsService } from './operations.service';

/** The operations console (administrators): stuck loans, failed work, batches, limits, the operator trail. */
@Module({
  imports: [QueueModule, WorkflowModule],
  controllers: [OperationsController],
  providers: [OperationsRepository, OperationsService, OperationsBatchRunner, OperationsItemActions, Clock],
  // the trail's writer for OPERATOR_MOVE (pipeline-hooks.ts), the runner for tests
  exports: [OperationsRepository, OperationsService, OperationsBatchRunner],
})
export class OperationsModule {}
