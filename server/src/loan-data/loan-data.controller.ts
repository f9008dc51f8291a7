import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { langOf } from '../common/i18n';
import { CopyLoanDto, PreviewQuery, SaveDataDto, SaveDraftDto } from './loan-data.dto';
import { LoanDataService } from './loan-data.service';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { LoanDetailDto } from '../loans/loan.responses';
import { CompletenessDto, DataVersionDto, DraftDiscardedDto, DraftSavedDto, LoanDataViewDto, SaveFailureDto } from './loan-data.responses';
import { contentDisposition } from '../common/content-disposition';

/**
 * A loan's data (CLIENT, INQUIRY, AGENT, REPORT). Reading needs sys:loan:detail or risk_control_detail,
 * previews sys:loan:preview or sys:risk:preview; editing depends on the data type, the post and the
 * loan's state (DATA_EDIT_WINDOWS of @app/workflow). Those "any of" rules are checked in the service.
 */
@ApiExtraModels(SaveFailureDto)
@ApiTags('loan data')
@Controller('loans')
export class LoanDataController {
  constructor(private readonly data: LoanDataService) {}

  // Declared before ':type' so that "completeness" is not taken for a data type.
  @ApiEnvelope(CompletenessDto)
  @SignedIn()
  @Get(':id/data/completeness')
  @ApiOperation({ summary: 'Which data types and sections are complete, what is missing, and whether the materials may be submitted' })
  completeness(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.data.completeness(id, user);
  }

  @ApiEnvelope(LoanDataViewDto)
  @SignedIn()
  @Get(':id/data/:type')
  @ApiOperation({ summary: "One data type: saved content and version, the caller's draft, what the caller may edit now, completeness" })
  get(@Param('id') id: string, @Param('type') type: string, @CurrentUser() user: AuthUser) {
    return this.data.get(id, type, user);
  }

  @ApiEnvelope(LoanDataViewDto)
  @SignedIn()
  @Put(':id/data/:type')
  @ApiOperation({ summary: 'Save (validated; 409 when the loan is at a step that does not allow it or the version moved)' })
  save(@Param('id') id: string, @Param('type') type: string, @Body() dto: SaveDataDto, @CurrentUser() user: AuthUser) {
    return this.data.save(id, type, dto, user);
  }

  @ApiEnvelope(DraftSavedDto)
  @SignedIn()
  @Put(':id/data/:type/draft')
  @ApiOperation({ summary: "Autosave of the caller's draft (any partial content)" })
  saveDraft(@Param('id') id: string, @Param('type') type: string, @Body() dto: SaveDraftDto, @CurrentUser() user: AuthUser) {
    return this.data.saveDraft(id, type, dto, user);
  }

  @ApiEnvelope(DraftDiscardedDto)
  @SignedIn()
  @Delete(':id/data/:type/draft')
  discardDraft(@Param('id') id: string, @Param('type') type: string, @CurrentUser() user: AuthUser) {
    return this.data.discardDraft(id, type, user);
  }

  @ApiEnvelope([DataVersionDto])
  @SignedIn()
  @Get(':id/data/:type/versions')
  @ApiOperation({ summary: 'The saved versions, newest first (who and when)' })
  versions(@Param('id') id: string, @Param('type') type: string, @CurrentUser() user: AuthUser) {
    return this.data.versions(id, type, user);
  }

  @ApiFile('text/html')
  @SignedIn()
  @Get(':id/data/:type/preview')
  @ApiOperation({ summary: 'Print-ready HTML of a data type (or ALL); REPORT takes part=A|B|ALL' })
  async preview(@Param('id') id: string, @Param('type') type: string, @Query() query: PreviewQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    const { html } = await this.data.preview(id, type, query.part, user, langOf(req));
    return new StreamableFile(Buffer.from(html, 'utf8'), { type: 'text/html; charset=utf-8' });
  }

  @ApiFile('application/pdf')
  @SignedIn()
  @Get(':id/data/:type/pdf')
  @ApiOperation({ summary: 'The preview as a PDF (503 when Chromium is not installed on the server)' })
  async pdf(@Param('id') id: string, @Param('type') type: string, @Query() query: PreviewQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
    const { pdf, fileName } = await this.data.pdfOf(id, type, query.part, user, langOf(req));
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: contentDisposition(fileName), length: pdf.length });
  }

  @ApiEnvelope(LoanDetailDto)
  @RequirePermission('sys:loan:copy')
  @Post(':id/copy')
  @HttpCode(201)
  @ApiOperation({ summary: "A new loan for the same company, prefilled with this loan's data, at the start of data collection" })
  copy(@Param('id') id: string, @Body() dto: CopyLoanDto, @CurrentUser() user: AuthUser) {
    return this.data.copy(id, dto, user);
  }
}
