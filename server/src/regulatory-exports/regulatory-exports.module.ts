import { Module } from '@nestjs/common';
import { RegulatoryExportsController } from './regulatory-exports.controller';
import { RegulatoryExportsService } from './regulatory-exports.service';

@Module({
  controllers: [RegulatoryExportsController],
  providers: [RegulatoryExportsService],
})
export class RegulatoryExportsModule {}
