import { Controller, HttpCode, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, type ApiBodyOptions, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope } from '../common/api-response';
import { LoanDocumentDto } from '../contracts/contracts.responses';
import { FILE_KINDS } from '../files/file-kinds';
import { LettersService } from './letters.service';
import { DisbursementReminderService } from './disbursement-reminder';
import { DisbursementReminderDto } from './letters.responses';

const FILE_BODY: ApiBodyOptions = { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } };
// the hard cap protects memory; the kind's own limit answers with its message
const ONE_FILE = FileInterceptor('file', { limits: { fileSize: FILE_KINDS.document.maxBytes + 1024 * 1024, files: 1 } });

/** The uploads that LETTER_UPLOAD_SEALED and VOUCHER_UPLOAD stand on. */
@ApiTags('letters')
@Controller()
export class LettersController {
  constructor(
    private readonly letters: LettersService,
    private readonly reminders: DisbursementReminderService,
  ) {}

  @ApiEnvelope(LoanDocumentDto)
  @RequirePermission('sys:letter:upload-sealed')
  @Post('loans/:id/sealed-letter')
  @ApiOperation({ summary: 'Uploads the sealed guarantee letter (pdf or docx) while the letter stands sealed; 409 otherwise' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(ONE_FILE)
  uploadSealed(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.letters.uploadSealed(id, file, user);
  }

  @ApiEnvelope(LoanDocumentDto)
  @RequirePermission('sys:voucher:upload')
  @Post('loans/:id/disbursement-voucher')
  @ApiOperation({ summary: 'Uploads the disbursement voucher (pdf or docx) while the loan awaits disbursement; 409 otherwise' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(ONE_FILE)
  uploadVoucher(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.letters.uploadVoucher(id, file, user);
  }

  @ApiEnvelope(DisbursementReminderDto)
  @RequirePermission('sys:voucher:remind')
  @Post('loans/:id/disbursement-reminder')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Reminds the loan's A-post officer (a dashboard message in their language) to chase the bank for disbursement; only while the loan awaits disbursement (409 otherwise), once per loan and day: a repeated request answers with the day's message",
  })
  remind(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.reminders.send(id, user);
  }
}
