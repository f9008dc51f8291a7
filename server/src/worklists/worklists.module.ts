import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { WorkflowModule } from '../workflow/workflow.module';
import { WorklistQuery } from './worklist.query';
import { WorklistsController } from './worklists.controller';
import { WorklistsService } from './worklists.service';

/** The worklists and the one loan query behind them (the loan list uses it too). */
@Module({
  imports: [WorkflowModule],
  controllers: [WorklistsController],
  providers: [Clock, WorklistQuery, WorklistsService],
  exports: [WorklistQuery],
})
export class WorklistsModule {}
