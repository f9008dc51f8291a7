import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { BanksController } from './banks.controller';
import { BanksService } from './banks.service';
import { LoanTypesController } from './loan-types.controller';
import { LoanTypesService } from './loan-types.service';
import { TemplatesController } from './templates.controller';
import { TemplatesService } from './templates.service';

/**
 * Basic data (/basicData): banks, their contract templates, loan types. Contract generation imports
 * this module for TemplatesService (enabled templates and their bytes) and LoanTypesService.byName;
 * the .docx engine itself is docx-template.ts (renderTemplate, buildContext).
 */
@Module({
  controllers: [BanksController, TemplatesController, LoanTypesController],
  providers: [Clock, BanksService, TemplatesService, LoanTypesService],
  exports: [BanksService, TemplatesService, LoanTypesService],
})
export class BasicDataModule {}
