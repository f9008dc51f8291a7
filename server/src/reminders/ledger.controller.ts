import { Controller, Get, HttpCode, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { IdDto } from '../common/response.dto';
import { downloadFile } from '../common/spreadsheet';
import { LARGEST_FILE_BYTES } from '../files/file-kinds';
import { LedgerService } from './ledger.service';
import { RepaymentReminderSentDto } from './reminders.responses';

@ApiTags('reminders')
@Controller()
export class LedgerController {
  constructor(private readonly ledger: LedgerService) {}

  @ApiEnvelope(IdDto)
  // sys:ledger:upload-repayment or the repayment voucher list (checked in the service)
  @SignedIn()
  @Post('loans/:id/instalments/:instalmentId/voucher')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: LARGEST_FILE_BYTES + 5 * 1024 * 1024, files: 1 } }))
  @ApiOperation({ summary: "Uploads an instalment's repayment voucher (kind REPAYMENT_VOUCHER) while the loan is after guarantee and the instalment open" })
  upload(
    @Param('id') id: string,
    @Param('instalmentId') instalmentId: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @CurrentUser() user: AuthUser,
  ) {
    return this.ledger.uploadVoucher(id, instalmentId, file, user);
  }

  @ApiFile('application/octet-stream')
  @SignedIn()
  @Get('loans/:id/instalments/:instalmentId/voucher')
  @ApiOperation({ summary: "An instalment's repayment voucher, for those who may see the loan's files" })
  async voucher(@Param('id') id: string, @Param('instalmentId') instalmentId: string, @CurrentUser() user: AuthUser) {
    const file = await this.ledger.voucher(id, instalmentId, user);
    return downloadFile(file.content, file.mime, file.name);
  }

  @ApiEnvelope(RepaymentReminderSentDto)
  @RequirePermission('sys:ledger:remind-repayment')
  @Post('loans/:id/repayment-reminder')
  @HttpCode(200)
  @ApiOperation({ summary: "Reminds the loan's A-post officer of the next open instalment: one message per company day (409 when none is open)" })
  remind(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.ledger.remind(id, user);
  }
}
