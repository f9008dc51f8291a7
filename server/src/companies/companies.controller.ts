import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { langOf } from '../common/i18n';
import { CompaniesService } from './companies.service';
import { CompanyDto, CompanyListQuery } from './company.dto';
import { ApiEnvelope, ApiFile, ApiPage } from '../common/api-response';
import { IdDto } from '../common/response.dto';
import { XLSX_MIME } from '../common/spreadsheet';
import { CompanyDetailDto, CompanyRowDto } from './company.responses';

@ApiTags('companies')
@Controller('companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @ApiPage(CompanyRowDto)
  @RequirePermission('company_list')
  @Get()
  @ApiOperation({ summary: 'Companies: filters (name, code, district, kind, qualification), sort, paging' })
  list(@Query() query: CompanyListQuery) {
    return this.companies.list(query);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('company_list')
  @Get('export')
  @ApiOperation({ summary: 'The list under the same filters as an Excel workbook (headers in the request language)' })
  export(@Query() query: CompanyListQuery, @Req() req: Request) {
    return this.companies.export(query, langOf(req));
  }

  @ApiEnvelope(CompanyRowDto)
  @RequirePermission('sys:company:add')
  @Post()
  create(@Body() dto: CompanyDto, @CurrentUser() user: AuthUser) {
    return this.companies.create(dto, user);
  }

  @ApiEnvelope(CompanyDetailDto)
  @RequirePermission('sys:company:detail')
  @Get(':id')
  get(@Param('id') id: string) {
    return this.companies.get(id);
  }

  @ApiEnvelope(CompanyRowDto)
  @RequirePermission('sys:company:edit')
  @Put(':id')
  update(@Param('id') id: string, @Body() dto: CompanyDto, @CurrentUser() user: AuthUser) {
    return this.companies.update(id, dto, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:company:delete')
  @Delete(':id')
  @ApiOperation({ summary: 'Soft delete; 409 while a loan of the company is neither closed nor discontinued' })
  remove(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.companies.remove(id, user);
  }
}
