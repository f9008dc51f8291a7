import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { IdDto } from '../common/response.dto';
import { TemplateEnabledDto } from './basic-data.dto';
import { TemplateRowDto } from './basic-data.responses';
import { DOCX_MIME, TemplatesService } from './templates.service';

@ApiTags('basic data')
@Controller('templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @ApiEnvelope(TemplateRowDto)
  @RequirePermission('template_list')
  @Get(':id')
  get(@Param('id') id: string) {
    return this.templates.get(id);
  }

  @ApiFile(DOCX_MIME)
  @RequirePermission('template_list')
  @Get(':id/file')
  @ApiOperation({ summary: 'The template as uploaded (its bytes checked against the recorded sha256)' })
  download(@Param('id') id: string) {
    return this.templates.download(id);
  }

  @ApiEnvelope(TemplateRowDto)
  @RequirePermission('sys:template:enable')
  @Put(':id/enabled')
  @ApiOperation({ summary: 'Enables this version (disabling the other versions of its bank and type) or disables it' })
  setEnabled(@Param('id') id: string, @Body() dto: TemplateEnabledDto, @CurrentUser() user: AuthUser) {
    return this.templates.setEnabled(id, dto.enabled, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:template:delete')
  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a version (kept for the documents generated from it; its number is not reused)' })
  remove(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.templates.remove(id, user);
  }
}
