import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { QueueModule } from '../jobs/queue.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';

/** Repayment plan and reminders on the API side (the worker side: ReminderJobsHandler, RemindersBootstrap). */
@Module({
  imports: [WorkflowModule, QueueModule],
  controllers: [RemindersController],
  providers: [Clock, RemindersService],
})
export class RemindersModule {}
