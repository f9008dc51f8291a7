import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { CompaniesController } from './companies.controller';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';

@Module({
  controllers: [CompaniesController],
  providers: [Clock, CompaniesRepository, CompaniesService],
})
export class CompaniesModule {}
