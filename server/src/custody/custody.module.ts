import { Module } from '@nestjs/common';
import { QueueModule } from '../jobs/queue.module';
import { CustodyController } from './custody.controller';
import { CustodyRepository } from './custody.repository';
import { CustodyService } from './custody.service';

/** Custody of the collateral's certificates, revaluation and the loan-to-value alert (the return reminders are sent by the reminders' worker jobs). */
@Module({
  imports: [QueueModule],
  controllers: [CustodyController],
  providers: [CustodyRepository, CustodyService],
  // for the pipeline's hooks (pipeline-hooks.ts)
  exports: [CustodyService],
})
export class CustodyModule {}
