import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { BanksController } from './banks.controller';
import { BanksRepository } from './banks.repository';
import { BanksService } from './banks.service';
import { LoanTypesController } from './loan-types.controller';
import { LoanTypesRepository } from './loan-types.repository';
import { LoanTypesService } from './loan-types.service';
import { TemplatesController } from './templates.controller';
import { TemplatesRepository } from './templates.repository';
import { TemplatesService } from './templates.service';

/**
 * Basic data (/basicData): banks, their contract templates, loan types. Contract generation imports
 * this module for TemplatesService (enabled templates and their bytes) and LoanTypesService.byName;
 * the .docx engine itself is docx-template.ts (renderTemplate, buildContext).
 */
@Module({
  controllers: [BanksController, TemplatesController, LoanTypesController],
  providers: [Clock, BanksRepository, BanksService, TemplatesRepository, TemplatesService, LoanTypesRepository, LoanTypesService],
  exports: [BanksService, TemplatesService, LoanTypesService],
})
export class BasicDataModule {}
