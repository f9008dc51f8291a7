import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { langOf } from '../common/i18n';
import { LoanFilterQuery } from '../loans/loan.dto';
import { PROCESS_LISTS } from './process-lists';
import { ProcessService } from './process.service';

const LIST_PARAM = { name: 'list', enum: Object.keys(PROCESS_LISTS) };

/**
 * The stage lists of the meeting flow. Every one needs `meeting` (checked here) and its own key
 * (checked by the service). Actions are the machine's: POST /server/loans/:id/events.
 */
@ApiTags('process')
@Controller('process')
export class ProcessController {
  constructor(private readonly process: ProcessService) {}

  @RequirePermission('meeting')
  @Get(':list')
  @ApiParam(LIST_PARAM)
  @ApiOperation({ summary: "A stage list's loans with filters, sort, paging; each row with the list's legal actions for the caller" })
  list(@Param('list') list: string, @Query() filter: LoanFilterQuery, @CurrentUser() user: AuthUser) {
    return this.process.page(list, filter, user);
  }

  @RequirePermission('meeting')
  @Get(':list/export')
  @ApiParam(LIST_PARAM)
  export(@Param('list') list: string, @Query() filter: LoanFilterQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.process.export(list, filter, user, langOf(req));
  }
}
