import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { langOf } from '../common/i18n';
import { XLSX_MIME } from '../common/spreadsheet';
import { LoanPageDto } from '../worklists/worklist.dto';
import {
  ClassificationMigrationDto,
  ClassificationMigrationQuery,
  GroupStatsDto,
  OverviewDto,
  PeriodQuery,
  ProjectsQuery,
  ProjectsSummaryDto,
  TypeLoansDto,
  TypeLoansQuery,
} from './statistics.dto';
import type { Dimension } from './statistics.repository';
import { StatisticsService } from './statistics.service';

/**
 * /statistics (spec section 2): every route needs its page's key (the guard) and the group key
 * `statistics` (the service); each export answers exactly what its JSON twin shows for the same query.
 */
@ApiTags('statistics')
@Controller('statistics')
export class StatisticsController {
  constructor(private readonly stats: StatisticsService) {}

  @ApiEnvelope(OverviewDto)
  @RequirePermission('population_list')
  @Get('overview')
  @ApiOperation({ summary: 'Overall project information: reconciliation, loans per stage and per drill-down list (created in the period)' })
  overview(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser) {
    this.stats.assertGroup(user, 'population_list');
    return this.stats.overview(q);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('population_list')
  @Get('overview/export')
  @ApiOperation({ summary: 'The overview as shown, as an Excel workbook' })
  overviewExport(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    this.stats.assertGroup(user, 'population_list');
    return this.stats.exportOverview(q, langOf(req));
  }

  @ApiEnvelope(LoanPageDto)
  @RequirePermission('project_list')
  @Get('projects')
  @ApiOperation({ summary: 'All projects created in the period: filters, sort, paging' })
  projects(@Query() q: ProjectsQuery, @CurrentUser() user: AuthUser) {
    this.stats.assertGroup(user, 'project_list');
    return this.stats.projects(q, user);
  }

  @ApiEnvelope(ProjectsSummaryDto)
  @RequirePermission('project_list')
  @Get('projects/summary')
  @ApiOperation({ summary: 'All projects under the same filters, counted per stage (the chart)' })
  projectsSummary(@Query() q: ProjectsQuery, @CurrentUser() user: AuthUser) {
    this.stats.assertGroup(user, 'project_list');
    return this.stats.projectsSummary(q);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('project_list')
  @Get('projects/export')
  @ApiOperation({ summary: 'All projects under the same filters as an Excel workbook' })
  projectsExport(@Query() q: ProjectsQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    this.stats.assertGroup(user, 'project_list');
    return this.stats.exportProjects(q, user, langOf(req));
  }

  @ApiEnvelope(GroupStatsDto)
  @RequirePermission('amount_list')
  @Get('amounts/product')
  @ApiOperation({ summary: 'Guarantee amounts by product (loan type)' })
  byProduct(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.group('product', 'amount_list', q, user, req);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('amount_list')
  @Get('amounts/product/export')
  @ApiOperation({ summary: 'Guarantee amounts by product as an Excel workbook' })
  byProductExport(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.groupExport('product', 'amount_list', q, user, req);
  }

  @ApiEnvelope(TypeLoansDto)
  @RequirePermission('amount_list')
  @Get('amounts/product/loans')
  @ApiOperation({ summary: "One product's loans in the period (amountDataList): each loan's share of the product's row" })
  typeLoans(@Query() q: TypeLoansQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    this.stats.assertGroup(user, 'amount_list');
    return this.stats.typeLoans(q, langOf(req));
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('amount_list')
  @Get('amounts/product/loans/export')
  @ApiOperation({ summary: "One product's loans in the period as an Excel workbook" })
  typeLoansExport(@Query() q: TypeLoansQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    this.stats.assertGroup(user, 'amount_list');
    return this.stats.exportTypeLoans(q, langOf(req));
  }

  @ApiEnvelope(GroupStatsDto)
  @RequirePermission('amount_bank_list')
  @Get('amounts/bank')
  @ApiOperation({ summary: 'Guarantee amounts by bank' })
  byBank(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.group('bank', 'amount_bank_list', q, user, req);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('amount_bank_list')
  @Get('amounts/bank/export')
  @ApiOperation({ summary: 'Guarantee amounts by bank as an Excel workbook' })
  byBankExport(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.groupExport('bank', 'amount_bank_list', q, user, req);
  }

  @ApiEnvelope(GroupStatsDto)
  @RequirePermission('amount_region_list')
  @Get('amounts/region')
  @ApiOperation({ summary: 'Guarantee amounts by Shanghai district (GB/T 2260 codes)' })
  byRegion(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.group('region', 'amount_region_list', q, user, req);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('amount_region_list')
  @Get('amounts/region/export')
  @ApiOperation({ summary: 'Guarantee amounts by district as an Excel workbook (needs sys:statistics:region-export too)' })
  byRegionExport(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    this.stats.assertRegionExport(user);
    return this.groupExport('region', 'amount_region_list', q, user, req);
  }

  @ApiEnvelope(GroupStatsDto)
  @RequirePermission('personnel_list')
  @Get('amounts/person')
  @ApiOperation({ summary: "Guarantee amounts by person (the loans' A-post officer)" })
  byPerson(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.group('person', 'personnel_list', q, user, req);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('personnel_list')
  @Get('amounts/person/export')
  @ApiOperation({ summary: 'Guarantee amounts by person as an Excel workbook' })
  byPersonExport(@Query() q: PeriodQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.groupExport('person', 'personnel_list', q, user, req);
  }

  @ApiEnvelope(ClassificationMigrationDto)
  @RequirePermission('statistics')
  @Get('classification-migration')
  @ApiOperation({
    summary: "Risk classification migration matrix: every loan's class at the end of `from` against its class at the end of `to`, counts and balances (fen)",
  })
  classificationMigration(@Query() q: ClassificationMigrationQuery) {
    return this.stats.classificationMigration(q);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('statistics')
  @Get('classification-migration/export')
  @ApiOperation({ summary: 'The classification migration matrix as an Excel workbook: one line per cell, then the totals' })
  classificationMigrationExport(@Query() q: ClassificationMigrationQuery, @Req() req: Request) {
    return this.stats.exportClassificationMigration(q, langOf(req));
  }

  private group(
    dimension: Dimension,
    key: 'amount_list' | 'amount_bank_list' | 'amount_region_list' | 'personnel_list',
    q: PeriodQuery,
    user: AuthUser,
    req: Request,
  ) {
    this.stats.assertGroup(user, key);
    return this.stats.byDimension(dimension, q, langOf(req));
  }

  private groupExport(
    dimension: Dimension,
    key: 'amount_list' | 'amount_bank_list' | 'amount_region_list' | 'personnel_list',
    q: PeriodQuery,
    user: AuthUser,
    req: Request,
  ) {
    this.stats.assertGroup(user, key);
    return this.stats.exportDimension(dimension, q, langOf(req));
  }
}
