import { Controller, Get, Param, Post, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { langOf } from '../common/i18n';
import { IdDto } from '../common/response.dto';
import { downloadFile, XLSX_MIME } from '../common/spreadsheet';
import { LARGEST_FILE_BYTES } from '../files/file-kinds';
import { ReleaseService } from './release.service';
import { ReleaseLedgerRowDto, ReleaseViewDto, VisitsViewDto } from './visits.responses';
import { VisitsService } from './visits.service';

@ApiTags('after guarantee')
@Controller()
export class VisitsController {
  constructor(
    private readonly visits: VisitsService,
    private readonly release: ReleaseService,
  ) {}

  @ApiEnvelope(VisitsViewDto)
  // B-post list, leader review or the loan's detail (checked in the service).
  @SignedIn()
  @Get('loans/:loanId/visits')
  @ApiOperation({ summary: "The loan's visit rounds: classification history with reasons and dates, next visit due day, attachments" })
  view(@Param('loanId') loanId: string, @CurrentUser() user: AuthUser) {
    return this.visits.view(loanId, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:after-b:upload')
  @Post('loans/:loanId/visits/attachments')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: LARGEST_FILE_BYTES + 5 * 1024 * 1024, files: 1 } }))
  @ApiOperation({ summary: 'Uploads a visit report attachment (kind AFTER_GUARANTEE) while the loan is under after-guarantee management' })
  upload(@Param('loanId') loanId: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.visits.upload(loanId, file, user);
  }

  @ApiFile('application/octet-stream')
  @SignedIn()
  @Get('loans/:loanId/visits/attachments/:attachmentId')
  @ApiOperation({ summary: 'One visit report attachment, for the B-post officers and the reviewing leaders' })
  async attachment(@Param('loanId') loanId: string, @Param('attachmentId') attachmentId: string, @CurrentUser() user: AuthUser) {
    const file = await this.visits.attachment(loanId, attachmentId, user);
    return downloadFile(file.content, file.mime, file.name);
  }

  @ApiEnvelope(ReleaseViewDto)
  // Release page, release ledger or the loan's detail (checked in the service).
  @SignedIn()
  @Get('loans/:loanId/release')
  @ApiOperation({ summary: 'The guarantee and each pledged or mortgaged item of the loan, UNRESOLVED or RELEASED (when, by whom)' })
  items(@Param('loanId') loanId: string, @CurrentUser() user: AuthUser) {
    return this.release.items(loanId, user);
  }

  @ApiEnvelope([ReleaseLedgerRowDto])
  @RequirePermission('relieve_list')
  @Get('release-ledger')
  @ApiQuery({ name: 'loanId', required: false })
  @ApiOperation({ summary: 'The release ledger: every confirmed release, newest first (loan, company, item, kind, value, released at, by)' })
  ledger(@Query('loanId') loanId?: string) {
    return this.release.ledger(loanId);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('relieve_list')
  @Get('release-ledger/export')
  @ApiQuery({ name: 'loanId', required: false })
  @ApiOperation({ summary: 'The release ledger as an Excel workbook' })
  export(@Req() req: Request, @Query('loanId') loanId?: string) {
    return this.release.export(langOf(req), loanId);
  }
}
