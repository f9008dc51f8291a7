import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { RegulatoryExportsController } from './regulatory-exports.controller';
import { RegulatoryExportsService } from './regulatory-exports.service';

@Module({
  controllers: [RegulatoryExportsController],
  providers: [Clock, RegulatoryExportsService],
})
export class RegulatoryExportsModule {}
