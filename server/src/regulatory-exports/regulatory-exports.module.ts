import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { RegulatoryExportsController } from './regulatory-exports.controller';
import { RegulatoryExportsRepository } from './regulatory-exports.repository';
import { RegulatoryExportsService } from './regulatory-exports.service';

@Module({
  controllers: [RegulatoryExportsController],
  providers: [Clock, RegulatoryExportsRepository, RegulatoryExportsService],
})
export class RegulatoryExportsModule {}
