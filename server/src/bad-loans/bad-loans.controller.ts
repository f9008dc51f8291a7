import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, type ApiBodyOptions, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ROLE_ADMIN } from '@app/workflow';
import type { Request } from 'express';
import { ArchivesService } from '../archives/archives.service';
import { UPLOAD_HARD_LIMIT } from '../archives/archives.controller';
import { CurrentUser, RequirePermission, RequireRole, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile, ApiPage } from '../common/api-response';
import { langOf } from '../common/i18n';
import { IdDto } from '../common/response.dto';
import { XLSX_MIME } from '../common/spreadsheet';
import { BadLoanListQuery, CompensationSettingInputDto, LitigationFeeInputDto, SeizureInputDto } from './bad-loans.dto';
import { BadLoanCaseDto, BadLoanRowDto, CompensationSettingDto, SeizureCreatedDto } from './bad-loans.responses';
import { BadLoansService } from './bad-loans.service';

const FILE_BODY: ApiBodyOptions = { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } };

/** Compensation (代偿) and recovery (追偿): a loan's case, its fees and seizures, the lists, the threshold. */
@ApiTags('bad loans')
@Controller()
export class BadLoansController {
  constructor(
    private readonly badLoans: BadLoansService,
    private readonly archives: ArchivesService,
  ) {}

  @ApiEnvelope(BadLoanCaseDto)
  // compensation_list or recovery_list (checked in the service)
  @SignedIn()
  @Get('loans/:id/bad-loan')
  @ApiOperation({ summary: "The loan's compensation and recovery: amounts, decision, payment, claim stages, recoveries, balance, fees, seizures" })
  caseOf(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.badLoans.caseOf(id, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:recovery:record')
  @Post('loans/:id/litigation-fees')
  @ApiOperation({ summary: 'Records a litigation fee (whole fen) while the loan is in recovery (409 otherwise)' })
  addFee(@Param('id') id: string, @Body() dto: LitigationFeeInputDto, @CurrentUser() user: AuthUser) {
    return this.badLoans.addFee(id, dto, user);
  }

  @ApiEnvelope(null)
  @RequirePermission('sys:recovery:record')
  @Delete('loans/:id/litigation-fees/:feeId')
  @ApiOperation({ summary: 'Deletes a litigation fee (kept, marked deleted) while the loan is in recovery' })
  deleteFee(@Param('id') id: string, @Param('feeId') feeId: string, @CurrentUser() user: AuthUser) {
    return this.badLoans.deleteFee(id, feeId, user);
  }

  @ApiEnvelope(SeizureCreatedDto)
  @RequirePermission('sys:recovery:record')
  @Post('loans/:id/seizures')
  @ApiOperation({ summary: 'Records a seizure while the loan is in recovery, with its expiry reminders (30 and 7 days before)' })
  addSeizure(@Param('id') id: string, @Body() dto: SeizureInputDto, @CurrentUser() user: AuthUser) {
    return this.badLoans.addSeizure(id, dto, user);
  }

  @ApiEnvelope(null)
  @RequirePermission('sys:recovery:record')
  @Delete('loans/:id/seizures/:seizureId')
  @ApiOperation({ summary: 'Deletes a seizure (kept, marked deleted) and cancels its reminders, while the loan is in recovery' })
  deleteSeizure(@Param('id') id: string, @Param('seizureId') seizureId: string, @CurrentUser() user: AuthUser) {
    return this.badLoans.deleteSeizure(id, seizureId, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:compensation:pay')
  @Post('loans/:id/bad-loan/compensation-voucher')
  @ApiOperation({
    summary: 'Uploads the payment voucher (attachment kind COMPENSATION_VOUCHER) that COMPENSATION_PAY stands on; 409 while the loan is not at that step',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: UPLOAD_HARD_LIMIT, files: 1 } }))
  compensationVoucher(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.archives.uploadEvidence(id, 'COMPENSATION_PAY', file, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('recovery_list')
  @Post('loans/:id/bad-loan/write-off-ruling')
  @ApiOperation({
    summary:
      'Uploads the judgment or enforcement ruling (attachment kind WRITE_OFF_RULING) that RECOVERY_WRITE_OFF_APPROVE stands on; 409 while no write-off waits',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: UPLOAD_HARD_LIMIT, files: 1 } }))
  writeOffRuling(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.archives.uploadEvidence(id, 'RECOVERY_WRITE_OFF_APPROVE', file, user);
  }

  @ApiPage(BadLoanRowDto)
  @RequirePermission('compensation_list')
  @Get('bad-loans/compensations')
  @ApiOperation({ summary: 'Compensations (every case, newest application first): filter by company and stage, sort, paging' })
  compensations(@Query() query: BadLoanListQuery) {
    return this.badLoans.list(query, false);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('compensation_list')
  @Get('bad-loans/compensations/export')
  exportCompensations(@Query() query: BadLoanListQuery, @Req() req: Request) {
    return this.badLoans.export(query, false, langOf(req));
  }

  @ApiPage(BadLoanRowDto)
  @RequirePermission('recovery_list')
  @Get('bad-loans/recoveries')
  @ApiOperation({ summary: 'Recoveries (the cases whose compensation was paid): balance, fees, next seizure expiry; filter, sort, paging' })
  recoveries(@Query() query: BadLoanListQuery) {
    return this.badLoans.list(query, true);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('recovery_list')
  @Get('bad-loans/recoveries/export')
  exportRecoveries(@Query() query: BadLoanListQuery, @Req() req: Request) {
    return this.badLoans.export(query, true, langOf(req));
  }

  @ApiEnvelope(CompensationSettingDto)
  @RequirePermission('compensation_list')
  @Get('bad-loans/settings')
  @ApiOperation({ summary: 'The leader-approval threshold in force (whole fen)' })
  settings() {
    return this.badLoans.settings();
  }

  @ApiEnvelope([CompensationSettingDto])
  @RequirePermission('compensation_list')
  @Get('bad-loans/settings/history')
  @ApiOperation({ summary: 'Every change of the threshold, newest first, with who and when' })
  settingsHistory() {
    return this.badLoans.settingsHistory();
  }

  @ApiEnvelope(CompensationSettingDto)
  @RequireRole(ROLE_ADMIN)
  @Put('bad-loans/settings')
  @ApiOperation({ summary: 'Sets the leader-approval threshold (administrators); every change is kept' })
  updateSettings(@Body() dto: CompensationSettingInputDto, @CurrentUser() user: AuthUser) {
    return this.badLoans.updateSettings(dto, user);
  }
}
