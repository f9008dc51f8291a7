import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequirePermission } from '../auth/auth.decorators';
import { ApiEnvelope, ApiFile, ApiPage } from '../common/api-response';
import { langOf } from '../common/i18n';
import { XLSX_MIME } from '../common/spreadsheet';
import { RegulatoryExtensionRowDto, RegulatoryQuery, RegulatoryRowDto } from './regulatory-export.dto';
import { RegulatoryExportsService } from './regulatory-exports.service';

@ApiTags('regulatory-exports')
@Controller('regulatory-exports')
export class RegulatoryExportsController {
  constructor(private readonly reports: RegulatoryExportsService) {}

  @ApiPage(RegulatoryRowDto)
  @RequirePermission('guo_dan_list')
  @Get('guodan')
  @ApiOperation({ summary: 'National guarantee platform report: loans disbursed in the period, paged' })
  guodan(@Query() q: RegulatoryQuery) {
    return this.reports.list('guodan', q);
  }

  @ApiEnvelope([RegulatoryExtensionRowDto])
  @RequirePermission('guo_dan_list')
  @Get('guodan/extensions')
  @ApiOperation({ summary: "National guarantee platform report's loans extended in the period (the export's second sheet)" })
  guodanExtensions(@Query() q: RegulatoryQuery) {
    return this.reports.extensions('guodan', q);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('guo_dan_list')
  @Get('guodan/export')
  @ApiOperation({ summary: 'National guarantee platform report as .xlsx (every row of the period, streamed; columns in MAPPING.md)' })
  guodanExport(@Query() q: RegulatoryQuery, @Req() req: Request) {
    return this.reports.export('guodan', q, langOf(req));
  }

  @ApiPage(RegulatoryRowDto)
  @RequirePermission('industrial_information_list')
  @Get('industrial')
  @ApiOperation({ summary: 'Industry ministry report: loans to SMEs disbursed in the period, paged' })
  industrial(@Query() q: RegulatoryQuery) {
    return this.reports.list('industrial', q);
  }

  @ApiEnvelope([RegulatoryExtensionRowDto])
  @RequirePermission('industrial_information_list')
  @Get('industrial/extensions')
  @ApiOperation({ summary: "Industry ministry report's loans extended in the period (SMEs; the export's second sheet)" })
  industrialExtensions(@Query() q: RegulatoryQuery) {
    return this.reports.extensions('industrial', q);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('industrial_information_list')
  @Get('industrial/export')
  @ApiOperation({ summary: 'Industry ministry report as .xlsx (every row of the period, streamed; columns in MAPPING.md)' })
  industrialExport(@Query() q: RegulatoryQuery, @Req() req: Request) {
    return this.reports.export('industrial', q, langOf(req));
  }
}
