import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { CompaniesController } from './companies.controller';
import { CompaniesService } from './companies.service';

@Module({
  controllers: [CompaniesController],
  providers: [Clock, CompaniesService],
})
export class CompaniesModule {}
