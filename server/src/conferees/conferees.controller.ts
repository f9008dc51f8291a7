import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MEETING_KIND_LABELS, type VotingMeetingKind } from '@app/workflow';
import type { Request } from 'express';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { langOf } from '../common/i18n';
import { EXPORT_MAX_ROWS, exportSheet, pagedRows, formatTime, XLSX_MIME } from '../common/spreadsheet';
import { AddConfereesDto, ConfereeListQuery, ConfereeUserQuery, ManageConfereeDto } from './conferee.dto';
import { ConfereeItem, ConfereesService } from './conferees.service';
import { ApiEnvelope, ApiFile, ApiPage } from '../common/api-response';
import { PersonDto } from '../common/response.dto';
import { ConfereeChangedDto, ConfereeRemovedDto, ConfereeRowDto, ConfereesAddedDto } from './conferee.responses';

@ApiTags('conferees')
@Controller('conferees')
export class ConfereesController {
  constructor(private readonly conferees: ConfereesService) {}

  @ApiPage(ConfereeRowDto)
  @RequirePermission('sys:conferee:load')
  @Get()
  @ApiOperation({ summary: 'The attendee pool, paged, with filters (keyword, kind, active) and sort' })
  list(@Query() q: ConfereeListQuery) {
    return this.conferees.list(q);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission('sys:conferee:load')
  @Get('export')
  async export(@Query() q: ConfereeListQuery, @Req() req: Request) {
    const rows = pagedRows(async (limit, offset) => (await this.conferees.list({ ...q, pageNum: offset / limit + 1, pageSize: limit })).list, EXPORT_MAX_ROWS);
    const kinds = (r: ConfereeItem, lang: string) =>
      r.meetingKinds.map((k: VotingMeetingKind) => (lang === 'en' ? MEETING_KIND_LABELS[k].en : MEETING_KIND_LABELS[k].zh)).join(', ');
    return exportSheet(
      {
        name: { zh: '参会人员', en: 'Attendees' },
        rows,
        columns: [
          { header: { zh: '用户名', en: 'User name' }, value: (r) => r.username },
          { header: { zh: '姓名', en: 'Name' }, value: (r) => r.nickname },
          { header: { zh: '会议类型', en: 'Meeting types' }, width: 30, value: kinds },
          { header: { zh: '状态', en: 'Status' }, value: (r, lang) => (r.active ? (lang === 'en' ? 'Active' : '启用') : lang === 'en' ? 'Inactive' : '停用') },
          { header: { zh: '参会次数', en: 'Meetings' }, value: (r) => r.meetingCount },
          { header: { zh: '添加时间', en: 'Added' }, time: true, value: (r) => formatTime(r.createdAt) },
        ],
      },
      langOf(req),
      { zh: '参会人员', en: 'attendees' },
    );
  }

  @ApiEnvelope([PersonDto])
  @RequirePermission('sys:conferee:add')
  @Get('users')
  @ApiOperation({ summary: 'Enabled users not yet in the pool (for the add dialog)' })
  users(@Query() q: ConfereeUserQuery) {
    return this.conferees.users(q.keyword);
  }

  @ApiEnvelope(ConfereesAddedDto)
  @RequirePermission('sys:conferee:add')
  @Post()
  add(@Body() dto: AddConfereesDto, @CurrentUser() user: AuthUser) {
    return this.conferees.add(dto, user);
  }

  @ApiEnvelope(ConfereeChangedDto)
  @RequirePermission('sys:conferee:manage')
  @Patch(':userId')
  @ApiOperation({ summary: 'Change the meeting types of an attendee, or (de)activate them' })
  manage(@Param('userId') userId: string, @Body() dto: ManageConfereeDto) {
    return this.conferees.manage(userId, dto);
  }

  @ApiEnvelope(ConfereeRemovedDto)
  @RequirePermission('sys:conferee:delete')
  @Delete(':userId')
  remove(@Param('userId') userId: string) {
    return this.conferees.remove(userId);
  }
}
