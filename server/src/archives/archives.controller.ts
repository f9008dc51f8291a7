import { Body, Controller, Delete, Get, Param, Post, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { langOf, pickLabel } from '../common/i18n';
import { downloadFile, EXPORT_MAX_ROWS, exportSheet, pagedRows, formatAmount, formatTime, XLSX_MIME } from '../common/spreadsheet';
import { ArchiveListQuery, UploadAttachmentDto } from './archive.dto';
import { ArchivesService } from './archives.service';
import { LARGEST_FILE_BYTES } from '../files/file-kinds';
import { ApiEnvelope, ApiFile, ApiPage } from '../common/api-response';
import { DeletedDto, IdDto } from '../common/response.dto';
import { ArchiveDetailDto, ArchiveRowDto } from './archive.responses';

/** Above every kind's own limit, so that the storage answers a too-large file with its clear message. */
export const UPLOAD_HARD_LIMIT = LARGEST_FILE_BYTES + 5 * 1024 * 1024;

@ApiTags('archives')
@Controller('archives')
export class ArchivesController {
  constructor(private readonly archives: ArchivesService) {}

  @ApiPage(ArchiveRowDto)
  @RequirePermission('files_list')
  @Get()
  @ApiOperation({ summary: 'Loans with their attachment counts, paged, filtered and sorted' })
  list(@Query() q: ArchiveListQuery, @CurrentUser() user: AuthUser) {
    return this.archives.list(q, user);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('files_list')
  @Get('export')
  async export(@Query() q: ArchiveListQuery, @Req() req: Request, @CurrentUser() user: AuthUser) {
    const rows = pagedRows(
      async (limit, offset) => (await this.archives.list({ ...q, pageNum: offset / limit + 1, pageSize: limit }, user)).list,
      EXPORT_MAX_ROWS,
    );
    return exportSheet(
      {
        name: { zh: '档案管理', en: 'Archives' },
        rows,
        columns: [
          { header: { zh: '企业名称', en: 'Company' }, width: 36, value: (r) => r.companyName },
          { header: { zh: '担保金额（元）', en: 'Amount (yuan)' }, value: (r) => formatAmount(r.amount) },
          { header: { zh: '期限（月）', en: 'Term (months)' }, value: (r) => r.termMonths },
          { header: { zh: '贷款银行', en: 'Bank' }, value: (r) => r.bank ?? '' },
          { header: { zh: '所处阶段', en: 'Stage' }, width: 24, value: (r, lang) => pickLabel(r.stage, lang) },
          { header: { zh: '附件数', en: 'Attachments' }, value: (r) => r.attachmentCount },
          { header: { zh: '最近上传', en: 'Last upload' }, time: true, value: (r) => formatTime(r.lastUploadAt) },
        ],
      },
      langOf(req),
      { zh: '档案管理', en: 'archives' },
    );
  }

  @ApiFile()
  @RequirePermission('sys:archive:detail')
  @Get('files/:attachmentId')
  @ApiOperation({ summary: 'One attachment (of the loan or minutes of its meetings), for those who may see the loan or meeting it belongs to' })
  async download(@Param('attachmentId') id: string, @CurrentUser() user: AuthUser) {
    const file = await this.archives.file(id, user);
    return downloadFile(file.content, file.mime, file.name);
  }

  @ApiEnvelope(DeletedDto)
  @RequirePermission('sys:archive:delete')
  @Delete('files/:attachmentId')
  @ApiOperation({ summary: "Soft delete of one of the loan's own attachments (kept on disk, actor recorded)" })
  remove(@Param('attachmentId') id: string, @CurrentUser() user: AuthUser) {
    return this.archives.remove(id, user);
  }

  @ApiEnvelope(ArchiveDetailDto)
  @RequirePermission('sys:archive:detail')
  @Get(':loanId')
  @ApiOperation({ summary: "The loan's attachments grouped by kind" })
  detail(@Param('loanId') loanId: string, @CurrentUser() user: AuthUser) {
    return this.archives.detail(loanId, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:archive:upload')
  @Post(':loanId/files')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { kind: { type: 'string' }, file: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: UPLOAD_HARD_LIMIT, files: 1 } }))
  upload(
    @Param('loanId') loanId: string,
    @Body() dto: UploadAttachmentDto,
    @UploadedFile() file: Express.Multer.File | undefined,
    @CurrentUser() user: AuthUser,
  ) {
    return this.archives.upload(loanId, dto.kind, file, user);
  }

  @ApiFile('application/zip')
  @RequirePermission('sys:archive:archive-all')
  @Get(':loanId/zip')
  @ApiOperation({ summary: 'One-click archive: a zip of every attachment, a folder per kind' })
  async zip(@Param('loanId') loanId: string, @Req() req: Request, @CurrentUser() user: AuthUser) {
    const zip = await this.archives.zip(loanId, langOf(req), user);
    return downloadFile(zip.content, 'application/zip', zip.name);
  }
}
