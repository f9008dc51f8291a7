import { Module } from '@nestjs/common';
import { LoansModule } from '../loans/loans.module';
import { WorklistsController } from './worklists.controller';
import { WorklistsService } from './worklists.service';

/** The worklists, over the loans' one loan query (LoanListRepository). */
@Module({
  imports: [LoansModule],
  controllers: [WorklistsController],
  providers: [WorklistsService],
})
export class WorklistsModule {}
