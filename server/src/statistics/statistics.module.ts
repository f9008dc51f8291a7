import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { WorklistsModule } from '../worklists/worklists.module';
import { StatisticsController } from './statistics.controller';
import { StatisticsService } from './statistics.service';

/** The statistics of /statistics (issue 11); all projects reuse the worklists' loan query. */
@Module({
  imports: [WorklistsModule],
  controllers: [StatisticsController],
  providers: [Clock, StatisticsService],
})
export class StatisticsModule {}
