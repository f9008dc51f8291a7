import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONTRACT_TYPES } from '@app/workflow';
import type { Request } from 'express';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile, ApiPage } from '../common/api-response';
import { langOf } from '../common/i18n';
import { IdDto } from '../common/response.dto';
import { XLSX_MIME } from '../common/spreadsheet';
import { BanksService } from './banks.service';
import { BankDto, BankListQuery, TemplateListQuery, UploadTemplateDto } from './basic-data.dto';
import { BankOptionDto, BankRowDto, TemplateRowDto, UploadedTemplateDto } from './basic-data.responses';
import { TEMPLATE_MAX_BYTES, TemplatesService } from './templates.service';

@ApiTags('basic data')
@Controller('banks')
export class BanksController {
  constructor(
    private readonly banks: BanksService,
    private readonly templates: TemplatesService,
  ) {}

  @ApiPage(BankRowDto)
  @RequirePermission('bank_list')
  @Get()
  @ApiOperation({ summary: 'Banks: filter by name and category, sort, paging' })
  list(@Query() query: BankListQuery) {
    return this.banks.list(query);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('bank_list')
  @Get('export')
  @ApiOperation({ summary: 'The list under the same filters as an Excel workbook' })
  export(@Query() query: BankListQuery, @Req() req: Request) {
    return this.banks.export(query, langOf(req));
  }

  @ApiEnvelope([BankOptionDto])
  @SignedIn()
  @Get('options')
  @ApiOperation({ summary: 'Every bank by name (id, name, category): the choosers of contract generation and letters' })
  options() {
    return this.banks.options();
  }

  @ApiEnvelope(BankRowDto)
  @RequirePermission('sys:bank:add')
  @Post()
  @ApiOperation({ summary: 'Adds a bank: {name, category, phone?, address?} -> the bank with its id (409 when the name is taken)' })
  create(@Body() dto: BankDto, @CurrentUser() user: AuthUser) {
    return this.banks.create(dto, user);
  }

  @ApiEnvelope(BankRowDto)
  @RequirePermission('bank_list')
  @Get(':id')
  get(@Param('id') id: string) {
    return this.banks.get(id);
  }

  @ApiEnvelope(BankRowDto)
  @RequirePermission('sys:bank:edit')
  @Put(':id')
  @ApiOperation({ summary: 'Replaces the bank; a new name is carried to the loans that named the old one' })
  update(@Param('id') id: string, @Body() dto: BankDto, @CurrentUser() user: AuthUser) {
    return this.banks.update(id, dto, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:bank:delete')
  @Delete(':id')
  @ApiOperation({ summary: 'Deletes the bank; 409 while a loan names it or a template of it is kept' })
  remove(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.banks.remove(id, user);
  }

  @ApiEnvelope([TemplateRowDto])
  @RequirePermission('template_list')
  @Get(':bankId/templates')
  @ApiOperation({ summary: "The bank's contract templates, every kept version, by type then newest first" })
  templatesOf(@Param('bankId') bankId: string, @Query() query: TemplateListQuery) {
    return this.templates.list(bankId, query.contractType);
  }

  @ApiEnvelope(UploadedTemplateDto)
  @RequirePermission('sys:template:add')
  @Post(':bankId/templates')
  @ApiOperation({
    summary:
      'Uploads a .docx template as the next version of its contract type (and enables it) -> {id, version, placeholders, …}; 400 naming unknown placeholders',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'contractType'],
      properties: { contractType: { type: 'string', enum: [...CONTRACT_TYPES] }, file: { type: 'string', format: 'binary' } },
    },
  })
  // the hard cap protects memory; the 10 MB rule is the service's, with its message
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: TEMPLATE_MAX_BYTES + 1024 * 1024, files: 1 } }))
  upload(
    @Param('bankId') bankId: string,
    @Body() dto: UploadTemplateDto,
    @UploadedFile() file: Express.Multer.File | undefined,
    @CurrentUser() user: AuthUser,
  ) {
    return this.templates.upload(bankId, dto.contractType, file, user);
  }
}
