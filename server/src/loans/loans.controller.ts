import { Body, Controller, Delete, Get, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { EventType } from '@app/workflow';
import type { Request } from 'express';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { langOf } from '../common/i18n';
import { CreateLoanDto, LoanListQuery, OfficerQuery } from './loan.dto';
import { LoanPageDto } from '../worklists/worklist.dto';
import { LoanListRepository } from './loan-list.repository';
import { LoansService } from './loans.service';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { IdDto, PersonDto } from '../common/response.dto';
import { XLSX_MIME } from '../common/spreadsheet';
import { LoanDetailDto } from './loan.responses';

/**
 * The loan list's own machine actions (data collection); the rest of each row's legal actions belong
 * to the stage lists and the node page.
 */
export const LOAN_LIST_EVENTS: readonly EventType[] = [
  'SUBMIT_MATERIALS',
  'RETURN_MATERIALS',
  'CONFIRM_RECEIPT',
  'SUBMIT_TO_PRE_REVIEW',
  'COLLECTION_DISCONTINUE',
];
const LOAN_LIST_NAME = { zh: '贷款列表', en: 'Loans' };

@ApiTags('loans')
@Controller('loans')
export class LoansController {
  constructor(
    private readonly loans: LoansService,
    private readonly query: LoanListRepository,
  ) {}

  @ApiEnvelope(LoanPageDto)
  @RequirePermission('loan_list')
  @Get()
  @ApiOperation({ summary: 'Loans: filters (company, stage, status, amount, created days, officer), sort, paging; each row with its legal actions' })
  list(@Query() filter: LoanListQuery, @CurrentUser() user: AuthUser) {
    return this.query.page({ filter, events: LOAN_LIST_EVENTS }, user);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('loan_list')
  @Get('export')
  @ApiOperation({ summary: 'The list under the same filters as an Excel workbook' })
  export(@Query() filter: LoanListQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.query.export({ filter }, user, langOf(req), LOAN_LIST_NAME);
  }

  /** Access is checked in the service: any of the forms that pick an officer may ask. */
  @ApiEnvelope([PersonDto])
  @SignedIn()
  @Get('officers')
  @ApiOperation({ summary: 'Active users holding the A-post or B-post role (id and name)' })
  officers(@Query() query: OfficerQuery, @CurrentUser() user: AuthUser) {
    return this.loans.officers(query.role, user);
  }

  @ApiEnvelope(LoanDetailDto)
  @RequirePermission('sys:company:initiate-loan')
  @Post()
  create(@Body() dto: CreateLoanDto, @CurrentUser() user: AuthUser) {
    return this.loans.create(dto, user);
  }

  @ApiEnvelope(LoanDetailDto)
  @RequirePermission('sys:loan:detail')
  @Get(':id')
  get(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.loans.get(id, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:loan:delete')
  @Delete(':id')
  @ApiOperation({ summary: 'Soft delete, only while the loan is in data collection (409 after)' })
  remove(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.loans.remove(id, user);
  }
}
