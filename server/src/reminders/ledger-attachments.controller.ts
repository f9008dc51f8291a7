import { Controller, Get, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { IdDto } from '../common/response.dto';
import { downloadFile } from '../common/spreadsheet';
import { LARGEST_FILE_BYTES } from '../files/file-kinds';
import { LedgerAttachmentsService } from './ledger-attachments.service';
import { LedgerAttachmentsViewDto } from './reminders.responses';

const FILE_BODY = { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } };
const ONE_FILE = { limits: { fileSize: LARGEST_FILE_BYTES + 5 * 1024 * 1024, files: 1 } };

@ApiTags('reminders')
@Controller()
export class LedgerAttachmentsController {
  constructor(private readonly ledger: LedgerAttachmentsService) {}

  @ApiEnvelope(LedgerAttachmentsViewDto)
  // the ledger, its attachments, the attachment list or the loan's detail (checked in the service)
  @SignedIn()
  @Get('loans/:id/ledger')
  @ApiOperation({ summary: "The ledger's page of a loan: balance, repayments, reports and repayment vouchers" })
  view(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.ledger.view(id, user);
  }

  @ApiEnvelope(IdDto)
  // sys:attachment:add-report or sys:after-b:upload (checked in the service)
  @SignedIn()
  @Post('loans/:id/ledger/reports')
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(FileInterceptor('file', ONE_FILE))
  @ApiOperation({ summary: '新增报告: adds a report (kind AFTER_GUARANTEE) while the loan is after guarantee or awaiting release' })
  addReport(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.ledger.addReport(id, file, user);
  }

  @ApiEnvelope(IdDto)
  // sys:attachment:reupload (checked in the service)
  @SignedIn()
  @Post('loans/:id/ledger/reports/:attachmentId')
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(FileInterceptor('file', ONE_FILE))
  @ApiOperation({ summary: '重新上传: replaces a report by a new file (the old one marked deleted in the same transaction)' })
  reupload(
    @Param('id') id: string,
    @Param('attachmentId') attachmentId: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @CurrentUser() user: AuthUser,
  ) {
    return this.ledger.reupload(id, attachmentId, file, user);
  }

  @ApiFile('application/octet-stream')
  @SignedIn()
  @Get('loans/:id/ledger/attachments/:attachmentId')
  @ApiOperation({ summary: "A report or repayment voucher of the loan's ledger" })
  async download(@Param('id') id: string, @Param('attachmentId') attachmentId: string, @CurrentUser() user: AuthUser) {
    const file = await this.ledger.download(id, attachmentId, user);
    return downloadFile(file.content, file.mime, file.name);
  }
}
