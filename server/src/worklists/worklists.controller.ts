import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { WORKLIST_NAMES } from '@app/workflow';
import type { Request } from 'express';
import { CurrentUser, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { langOf } from '../common/i18n';
import { LoanFilterQuery } from '../loans/loan.dto';
import { XLSX_MIME } from '../common/spreadsheet';
import { LoanPageDto, WorklistCountDto, WorklistDto } from './worklist.dto';
import { WorklistsService } from './worklists.service';

const NAME_PARAM = { name: 'name', enum: WORKLIST_NAMES, description: 'The route name of the list (spec section 2)' };

/**
 * The worklists of the registry. Each list has its own keys (its group's and its own), so the route
 * admits any signed-in user and the service gates each list (403), as the registry says.
 * Actions are the machine's: POST /server/loans/:id/events.
 */
@ApiTags('worklists')
@Controller('worklists')
export class WorklistsController {
  constructor(private readonly worklists: WorklistsService) {}

  @ApiEnvelope([WorklistDto])
  @SignedIn()
  @Get()
  @ApiOperation({ summary: 'The worklists the caller may open' })
  list(@CurrentUser() user: AuthUser) {
    return this.worklists.catalogue(user);
  }

  // Before ':name', which would take "counts" for a list's name.
  @ApiEnvelope([WorklistCountDto])
  @SignedIn()
  @Get('counts')
  @ApiOperation({ summary: "The dashboard's counts: loans in each list the caller may open, and those waiting for the caller's actions" })
  counts(@CurrentUser() user: AuthUser) {
    return this.worklists.counts(user);
  }

  @ApiEnvelope(LoanPageDto)
  @SignedIn()
  @Get(':name')
  @ApiParam(NAME_PARAM)
  @ApiOperation({ summary: "A worklist's loans with filters, sort, paging; each row with the list's legal actions for the caller" })
  page(@Param('name') name: string, @Query() filter: LoanFilterQuery, @CurrentUser() user: AuthUser) {
    return this.worklists.page(name, filter, user);
  }

  @ApiFile(XLSX_MIME)
  @SignedIn()
  @Get(':name/export')
  @ApiParam(NAME_PARAM)
  @ApiOperation({ summary: 'The worklist under the same filters as an Excel workbook (its columns)' })
  export(@Param('name') name: string, @Query() filter: LoanFilterQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.worklists.export(name, filter, user, langOf(req));
  }
}
