import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, type ApiBodyOptions, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ROLE_ADMIN } from '@app/workflow';
import type { Request } from 'express';
import { UPLOAD_HARD_LIMIT } from '../archives/archives.controller';
import { CurrentUser, RequirePermission, RequireRole, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { langOf } from '../common/i18n';
import { XLSX_MIME } from '../common/spreadsheet';
import {
  CancelInputDto,
  CertificateInputDto,
  CustodySettingInputDto,
  InventoryQuery,
  LendInputDto,
  MoveNoteDto,
  MovesQuery,
  RevalueInputDto,
} from './custody.dto';
import { BorrowerDto, CertificateDto, CustodySettingDto, InventoryPageDto, LoanCustodyDto, MovePageDto } from './custody.responses';
import { CustodyService } from './custody.service';

const FILE_BODY: ApiBodyOptions = { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } };

/**
 * Custody of certificates: read with `custody_list`; moved by a vault keeper (`sys:custody:keep`),
 * returned by the borrower too; revalued with `sys:custody:revalue`; settings by administrators.
 */
@ApiTags('custody')
@Controller()
export class CustodyController {
  constructor(private readonly custody: CustodyService) {}

  @ApiEnvelope(LoanCustodyDto)
  @RequirePermission('custody_list')
  @Get('loans/:loanId/custody')
  @ApiOperation({
    summary: "The loan's collateral items with their certificates (and the moves the user may make), values, next revaluation and loan-to-value",
  })
  loan(@Param('loanId') loanId: string, @CurrentUser() user: AuthUser) {
    return this.custody.loanCustody(loanId, user);
  }

  @ApiEnvelope(CertificateDto)
  @RequirePermission('sys:custody:keep')
  @Post('loans/:loanId/certificates')
  @ApiOperation({ summary: 'Registers a certificate of a confirmed collateral item, awaiting deposit (409 for an item not confirmed or released)' })
  register(@Param('loanId') loanId: string, @Body() dto: CertificateInputDto, @CurrentUser() user: AuthUser) {
    return this.custody.register(loanId, dto, user);
  }

  @ApiEnvelope(LoanCustodyDto)
  @RequirePermission('sys:custody:revalue')
  @Post('loans/:loanId/revaluations')
  @ApiOperation({
    summary:
      'A new appraised value of an item with its day; replaces its revaluation reminder; tells the officers and leaders once when the loan-to-value rises above the threshold',
  })
  revalue(@Param('loanId') loanId: string, @Body() dto: RevalueInputDto, @CurrentUser() user: AuthUser) {
    return this.custody.revalue(loanId, dto, user);
  }

  @ApiEnvelope(CertificateDto)
  @RequirePermission('sys:custody:keep')
  @HttpCode(HttpStatus.OK)
  @Post('custody/certificates/:id/deposit')
  @ApiOperation({ summary: 'Awaiting deposit -> in the vault (409 from any other state)' })
  deposit(@Param('id') id: string, @Body() dto: MoveNoteDto, @CurrentUser() user: AuthUser) {
    return this.custody.deposit(id, dto, user);
  }

  @ApiEnvelope(CertificateDto)
  @RequirePermission('sys:custody:keep')
  @HttpCode(HttpStatus.OK)
  @Post('custody/certificates/:id/lend')
  @ApiOperation({
    summary: 'In the vault -> lent out to a user, with the reason, the return day and the receiver’s confirmation; schedules the return reminders',
  })
  lend(@Param('id') id: string, @Body() dto: LendInputDto, @CurrentUser() user: AuthUser) {
    return this.custody.lend(id, dto, user);
  }

  @ApiEnvelope(CertificateDto)
  // the borrower or a vault keeper (checked in the service: 403 for anyone else)
  @SignedIn()
  @HttpCode(HttpStatus.OK)
  @Post('custody/certificates/:id/return')
  @ApiOperation({ summary: 'Lent out -> back in the vault, recorded by the borrower or a vault keeper; cancels the return reminders' })
  giveBack(@Param('id') id: string, @Body() dto: MoveNoteDto, @CurrentUser() user: AuthUser) {
    return this.custody.giveBack(id, dto, user);
  }

  @ApiEnvelope(CertificateDto)
  @RequirePermission('sys:custody:keep')
  @HttpCode(HttpStatus.OK)
  @Post('custody/certificates/:id/cancel')
  @ApiOperation({ summary: 'Cancels a certificate (awaiting deposit, in the vault, or out at release) with a reason' })
  cancel(@Param('id') id: string, @Body() dto: CancelInputDto, @CurrentUser() user: AuthUser) {
    return this.custody.cancel(id, dto, user);
  }

  @ApiEnvelope(CertificateDto)
  @RequirePermission('sys:custody:keep')
  @Post('custody/certificates/:id/scan')
  @ApiOperation({ summary: "Uploads the certificate's scan (the attachments' types and size limit)" })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: UPLOAD_HARD_LIMIT, files: 1 } }))
  uploadScan(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.custody.uploadScan(id, file, user);
  }

  @ApiFile()
  @RequirePermission('custody_list')
  @Get('custody/certificates/:id/scan')
  @ApiOperation({ summary: "The certificate's scan" })
  scan(@Param('id') id: string) {
    return this.custody.scan(id);
  }

  @ApiEnvelope([BorrowerDto])
  @RequirePermission('sys:custody:keep')
  @Get('custody/borrowers')
  @ApiOperation({ summary: 'The active users a certificate may be lent to' })
  borrowers() {
    return this.custody.borrowers();
  }

  @ApiEnvelope(InventoryPageDto)
  @RequirePermission('custody_list')
  @Get('custody/inventory')
  @ApiOperation({ summary: 'The vault inventory: filter by state (or OVERDUE returns), loan, bank; sort; keyset paging by cursor (or pageNum)' })
  inventory(@Query() q: InventoryQuery, @CurrentUser() user: AuthUser) {
    return this.custody.inventory(q, user);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('custody_list')
  @Get('custody/inventory/export')
  exportInventory(@Query() q: InventoryQuery, @Req() req: Request, @CurrentUser() user: AuthUser) {
    return this.custody.exportInventory(q, user, langOf(req));
  }

  @ApiEnvelope(MovePageDto)
  @RequirePermission('custody_list')
  @Get('custody/moves')
  @ApiOperation({ summary: "The moves of a certificate (or of a loan's certificates, or all), oldest first" })
  moves(@Query() q: MovesQuery) {
    return this.custody.moves(q);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('custody_list')
  @Get('custody/moves/export')
  exportMoves(@Query() q: MovesQuery, @Req() req: Request) {
    return this.custody.exportMoves(q, langOf(req));
  }

  @ApiEnvelope(CustodySettingDto)
  @RequirePermission('custody_list')
  @Get('custody/settings')
  @ApiOperation({ summary: 'The revaluation intervals per collateral kind (months) and the loan-to-value threshold in force' })
  settings() {
    return this.custody.settings();
  }

  @ApiEnvelope(CustodySettingDto)
  @RequireRole(ROLE_ADMIN)
  @Put('custody/settings')
  @ApiOperation({ summary: 'Sets the revaluation intervals and the loan-to-value threshold (administrators); every change is kept' })
  updateSettings(@Body() dto: CustodySettingInputDto, @CurrentUser() user: AuthUser) {
    return this.custody.updateSettings(dto, user);
  }
}
