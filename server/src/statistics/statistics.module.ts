import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { LoansModule } from '../loans/loans.module';
import { StatisticsController } from './statistics.controller';
import { StatisticsRepository } from './statistics.repository';
import { StatisticsService } from './statistics.service';

/** The statistics of /statistics; all projects reuse the loans' list query (LoanListRepository). */
@Module({
  imports: [LoansModule],
  controllers: [StatisticsController],
  providers: [Clock, StatisticsRepository, StatisticsService],
})
export class StatisticsModule {}
