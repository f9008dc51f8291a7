import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile, ApiPage } from '../common/api-response';
import { langOf } from '../common/i18n';
import { IdDto } from '../common/response.dto';
import { XLSX_MIME } from '../common/spreadsheet';
import { LoanTypeDto, LoanTypeListQuery } from './basic-data.dto';
import { LoanTypeOptionDto, LoanTypeRowDto } from './basic-data.responses';
import { LoanTypesService } from './loan-types.service';

@ApiTags('basic data')
@Controller('loan-types')
export class LoanTypesController {
  constructor(private readonly loanTypes: LoanTypesService) {}

  @ApiPage(LoanTypeRowDto)
  @RequirePermission('loan_type_list')
  @Get()
  @ApiOperation({ summary: 'Loan types: filter by name, sort, paging' })
  list(@Query() query: LoanTypeListQuery) {
    return this.loanTypes.list(query);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('loan_type_list')
  @Get('export')
  export(@Query() query: LoanTypeListQuery, @Req() req: Request) {
    return this.loanTypes.export(query, langOf(req));
  }

  @ApiEnvelope([LoanTypeOptionDto])
  @SignedIn()
  @Get('options')
  @ApiOperation({ summary: 'Every loan type by name with its rate: the choosers of loan initiation and the premium' })
  options() {
    return this.loanTypes.options();
  }

  @ApiEnvelope(LoanTypeRowDto)
  @RequirePermission('sys:loan-type:add')
  @Post()
  @ApiOperation({ summary: 'Adds a loan type; feeRate is an annual percent with two decimals at most' })
  create(@Body() dto: LoanTypeDto, @CurrentUser() user: AuthUser) {
    return this.loanTypes.create(dto, user);
  }

  @ApiEnvelope(LoanTypeRowDto)
  @RequirePermission('loan_type_list')
  @Get(':id')
  get(@Param('id') id: string) {
    return this.loanTypes.get(id);
  }

  @ApiEnvelope(LoanTypeRowDto)
  @RequirePermission('sys:loan-type:edit')
  @Put(':id')
  update(@Param('id') id: string, @Body() dto: LoanTypeDto, @CurrentUser() user: AuthUser) {
    return this.loanTypes.update(id, dto, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:loan-type:delete')
  @Delete(':id')
  @ApiOperation({ summary: 'Deletes the loan type; 409 while a loan names it' })
  remove(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.loanTypes.remove(id, user);
  }
}
