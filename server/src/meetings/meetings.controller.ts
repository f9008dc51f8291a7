import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Type, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  MEETING_PERMISSIONS,
  MEETING_STATUS_LABELS,
  VOTE_OPINION_LABELS,
  VOTE_PERMISSIONS,
  YS_MEETING_PERMISSIONS,
  type VotingMeetingKind,
} from '@app/workflow';
import type { Request } from 'express';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { langOf, pickLabel, type Lang } from '../common/i18n';
import { UPLOAD_HARD_LIMIT } from '../archives/archives.controller';
import { AllocateDto, CandidateQuery, CreateMeetingDto, MeetingListQuery, MinutesExportQuery, SessionListQuery, VoteListQuery } from './meeting.dto';
import { MeetingsService } from './meetings.service';
import { MinutesData, minutesDocx, minutesXlsx } from './minutes-export';
import { downloadFile, EXPORT_MAX_ROWS, exportSheet, pagedRows, formatAmount, formatTime, XLSX_MIME } from '../common/spreadsheet';
import { VotesService } from './votes.service';
import { YsSessionsService } from './ys-sessions.service';
import { ApiEnvelope, ApiFile, ApiPage } from '../common/api-response';
import { DeletedDto, IdDto, PersonDto } from '../common/response.dto';
import {
  CandidateDto,
  MeetingBaseDto,
  MeetingDetailDto,
  MeetingRowDto,
  SessionDetailDto,
  SessionRowDto,
  VoteDetailsDto,
  VoteItemDetailDto,
  VoteRowDto,
} from './meeting.responses';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const UPLOAD = FileInterceptor('file', { limits: { fileSize: UPLOAD_HARD_LIMIT, files: 1 } });
const FILE_BODY = { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } };

async function minutesFile(data: MinutesData, format: 'docx' | 'xlsx' | undefined, lang: Lang) {
  const suffix = lang === 'en' ? 'minutes' : '会议纪要';
  const name = `${data.title.replace(/[\\/:*?"<>|]/g, '_')}-${suffix}`;
  if (format === 'xlsx') return downloadFile(await minutesXlsx(data, lang), XLSX_MIME, `${name}.xlsx`);
  return downloadFile(minutesDocx(data, lang), DOCX_MIME, `${name}.docx`);
}

/**
 * The data-library pages of one voting meeting kind (/meeting/zbMeetingList, /meeting/bsMeetingList
 * and their detail pages). The two kinds share the code; each route still declares the permission
 * code of its own kind (spec section 6), so the guard checks it before anything runs.
 */
function meetingsControllerFor(kind: VotingMeetingKind): Type<unknown> {
  const p = MEETING_PERMISSIONS[kind];

  @ApiExtraModels(MeetingBaseDto)
  @ApiTags(`meetings (${kind})`)
  @Controller(`meetings/${kind.toLowerCase()}`)
  class MeetingsController {
    constructor(private readonly meetings: MeetingsService) {}

    @ApiPage(MeetingRowDto)
    @RequirePermission(p.list)
    @Get()
    @ApiOperation({ summary: 'Meetings, paged, with filters (title, status, days) and sort' })
    list(@Query() q: MeetingListQuery, @CurrentUser() user: AuthUser) {
      return this.meetings.list(kind, q, user);
    }

    @ApiFile(XLSX_MIME)
    @RequirePermission(p.list)
    @Get('export')
    async export(@Query() q: MeetingListQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
      const rows = await this.meetings.exportRows(kind, q, user);
      return exportSheet(
        {
          name: { zh: '会议列表', en: 'Meetings' },
          rows,
          columns: [
            { header: { zh: '会议主题', en: 'Title' }, width: 30, value: (r) => r.title },
            { header: { zh: '会议时间', en: 'Time' }, time: true, value: (r) => formatTime(r.heldAt) },
            { header: { zh: '会议地点', en: 'Place' }, value: (r) => r.place },
            { header: { zh: '状态', en: 'Status' }, value: (r, lang) => pickLabel(MEETING_STATUS_LABELS[r.status], lang) },
            { header: { zh: '参会人员', en: 'Attendees' }, width: 30, value: (r) => r.attendeeNames },
            { header: { zh: '项目数', en: 'Projects' }, value: (r) => r.loanCount },
            { header: { zh: '会议纪要', en: 'Minutes' }, value: (r) => r.minutesCount },
            { header: { zh: '创建人', en: 'Created by' }, value: (r) => r.createdByName ?? '' },
          ],
        },
        langOf(req),
        { zh: kind === 'ZB' ? '总办会' : '保审会', en: kind === 'ZB' ? 'general-office-meetings' : 'review-committee-meetings' },
      );
    }

    @ApiEnvelope([PersonDto])
    @RequirePermission(p.add)
    @Get('attendee-pool')
    @ApiOperation({ summary: 'Active attendees of this kind (to choose from when adding a meeting)' })
    pool() {
      return this.meetings.pool(kind);
    }

    @ApiEnvelope(MeetingDetailDto)
    @RequirePermission(p.add)
    @Post()
    create(@Body() dto: CreateMeetingDto, @CurrentUser() user: AuthUser) {
      return this.meetings.create(kind, dto, user);
    }

    @ApiEnvelope(MeetingDetailDto)
    @RequirePermission(p.detail)
    @Get(':id')
    detail(@Param('id') id: string, @CurrentUser() user: AuthUser) {
      return this.meetings.detail(kind, id, user);
    }

    @ApiPage(CandidateDto)
    @RequirePermission(p.allocate)
    @Get(':id/candidates')
    @ApiOperation({ summary: "Loans whose machine would accept this meeting's ALLOCATE event" })
    candidates(@Param('id') id: string, @Query() q: CandidateQuery, @CurrentUser() user: AuthUser) {
      return this.meetings.candidates(kind, id, q, user);
    }

    @ApiEnvelope(MeetingDetailDto)
    @RequirePermission(p.allocate)
    @Post(':id/allocations')
    @HttpCode(200)
    @ApiOperation({ summary: 'Allocates several loans in one transaction (all or none)' })
    allocate(@Param('id') id: string, @Body() dto: AllocateDto, @CurrentUser() user: AuthUser) {
      return this.meetings.allocate(kind, id, dto.loanIds, user);
    }

    @ApiEnvelope(MeetingDetailDto)
    @RequirePermission(p.cancelAllocation)
    @Delete(':id/allocations/:loanId')
    cancelAllocation(@Param('id') id: string, @Param('loanId') loanId: string, @CurrentUser() user: AuthUser) {
      return this.meetings.cancelAllocation(kind, id, loanId, user);
    }

    @ApiEnvelope(MeetingDetailDto)
    @RequirePermission(p.start)
    @Post(':id/start')
    @HttpCode(200)
    start(@Param('id') id: string, @CurrentUser() user: AuthUser) {
      return this.meetings.step(kind, id, 'start', user);
    }

    @ApiEnvelope(MeetingDetailDto)
    @RequirePermission(p.end)
    @Post(':id/end')
    @HttpCode(200)
    @ApiOperation({ summary: "Ends the meeting: each loan's machine tallies its votes by the meeting's rule" })
    end(@Param('id') id: string, @CurrentUser() user: AuthUser) {
      return this.meetings.step(kind, id, 'end', user);
    }

    @ApiEnvelope(MeetingDetailDto)
    @RequirePermission(p.cancel)
    @Post(':id/cancel')
    @HttpCode(200)
    cancel(@Param('id') id: string, @CurrentUser() user: AuthUser) {
      return this.meetings.step(kind, id, 'cancel', user);
    }

    @ApiEnvelope(VoteDetailsDto)
    @RequirePermission(p.voteDetail)
    @Get(':id/votes')
    @ApiOperation({ summary: 'Vote details: per loan, every attendee with opinion, comment and time' })
    votes(@Param('id') id: string) {
      return this.meetings.voteDetails(kind, id);
    }

    @ApiEnvelope(IdDto)
    @RequirePermission(p.uploadMinutes)
    @Post(':id/minutes')
    @ApiConsumes('multipart/form-data')
    @ApiBody(FILE_BODY)
    @UseInterceptors(UPLOAD)
    uploadMinutes(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
      return this.meetings.meeting(kind, id).then(() => this.meetings.uploadMinutes(kind, id, file, user));
    }

    @ApiFile(DOCX_MIME, XLSX_MIME)
    @RequirePermission(p.exportMinutes)
    @Get(':id/minutes/export')
    @ApiOperation({ summary: 'Minutes as Word (docx, default) or Excel (xlsx): the agenda and every vote' })
    async exportMinutes(@Param('id') id: string, @Query() q: MinutesExportQuery, @Req() req: Request) {
      return minutesFile(await this.meetings.minutesData(kind, id), q.format, langOf(req));
    }

    @ApiFile()
    @RequirePermission(p.detail)
    @Get(':id/minutes/:attachmentId')
    async downloadMinutes(@Param('id') id: string, @Param('attachmentId') attachmentId: string, @CurrentUser() user: AuthUser) {
      await this.meetings.meeting(kind, id);
      const file = await this.meetings.minutesFile(id, attachmentId, user);
      return downloadFile(file.content, file.mime, file.name);
    }

    @ApiEnvelope(DeletedDto)
    @RequirePermission(p.uploadMinutes)
    @Delete(':id/minutes/:attachmentId')
    async deleteMinutes(@Param('id') id: string, @Param('attachmentId') attachmentId: string, @CurrentUser() user: AuthUser) {
      await this.meetings.meeting(kind, id);
      return this.meetings.deleteMinutes(id, attachmentId, user);
    }
  }
  Object.defineProperty(MeetingsController, 'name', { value: `${kind === 'ZB' ? 'Zb' : 'Bs'}MeetingsController` });
  return MeetingsController;
}

export const ZbMeetingsController = meetingsControllerFor('ZB');
export const BsMeetingsController = meetingsControllerFor('BS');

/**
 * The voting pages (/process/zbMeetingVoteList, /process/bsMeetingVoteList and their details). The
 * vote is the loan's CAST_VOTE event, sent to POST /loans/:id/events.
 */
function votesControllerFor(kind: VotingMeetingKind): Type<unknown> {
  const p = VOTE_PERMISSIONS[kind];

  @ApiTags(`votes (${kind})`)
  @Controller(`votes/${kind.toLowerCase()}`)
  class VotesController {
    constructor(private readonly votes: VotesService) {}

    @ApiPage(VoteRowDto)
    @RequirePermission(p.list)
    @Get()
    @ApiOperation({ summary: "The caller's meetings in progress and ended, one row per loan on them" })
    list(@Query() q: VoteListQuery, @CurrentUser() user: AuthUser) {
      return this.votes.list(kind, q, user);
    }

    @ApiFile(XLSX_MIME)
    @RequirePermission(p.list)
    @Get('export')
    async export(@Query() q: VoteListQuery, @CurrentUser() user: AuthUser, @Req() req: Request) {
      const rows = pagedRows(
        async (limit, offset) => (await this.votes.list(kind, { ...q, pageNum: offset / limit + 1, pageSize: limit }, user)).list,
        EXPORT_MAX_ROWS,
      );
      return exportSheet(
        {
          name: { zh: '投票', en: 'Votes' },
          rows,
          columns: [
            { header: { zh: '会议主题', en: 'Meeting' }, width: 30, value: (r) => r.meetingTitle },
            { header: { zh: '会议时间', en: 'Time' }, time: true, value: (r) => formatTime(r.heldAt) },
            { header: { zh: '会议状态', en: 'Status' }, value: (r, lang) => pickLabel(MEETING_STATUS_LABELS[r.meetingStatus], lang) },
            { header: { zh: '企业名称', en: 'Company' }, width: 30, value: (r) => r.companyName },
            { header: { zh: '担保金额（元）', en: 'Amount (yuan)' }, value: (r) => formatAmount(r.amount) },
            { header: { zh: '期限（月）', en: 'Term (months)' }, value: (r) => r.termMonths },
            { header: { zh: '我的意见', en: 'My vote' }, value: (r, lang) => (r.myVote ? pickLabel(VOTE_OPINION_LABELS[r.myVote.opinion], lang) : '') },
          ],
        },
        langOf(req),
        { zh: kind === 'ZB' ? '总办会投票' : '保审会投票', en: kind === 'ZB' ? 'general-office-votes' : 'review-committee-votes' },
      );
    }

    @ApiEnvelope(VoteItemDetailDto)
    @RequirePermission(p.detail)
    @Get(':itemId')
    detail(@Param('itemId') itemId: string, @CurrentUser() user: AuthUser) {
      return this.votes.detail(kind, itemId, user);
    }
  }
  Object.defineProperty(VotesController, 'name', { value: `${kind === 'ZB' ? 'Zb' : 'Bs'}VotesController` });
  return VotesController;
}

export const ZbVotesController = votesControllerFor('ZB');
export const BsVotesController = votesControllerFor('BS');

/** Pre-review meetings (/meeting/ysMeetingList): sessions by day, with minutes only. */
@ApiTags('meetings (YS)')
@Controller('meetings/ys')
export class YsMeetingsController {
  constructor(private readonly sessions: YsSessionsService) {}

  @ApiPage(SessionRowDto)
  @RequirePermission(YS_MEETING_PERMISSIONS.list)
  @Get()
  @ApiOperation({ summary: 'Pre-review sessions: the days on which pre-review decisions were taken' })
  list(@Query() q: SessionListQuery) {
    return this.sessions.list(q);
  }

  @ApiFile(XLSX_MIME)
  @RequirePermission(YS_MEETING_PERMISSIONS.list)
  @Get('export')
  async export(@Query() q: SessionListQuery, @Req() req: Request) {
    const rows = pagedRows(async (limit, offset) => (await this.sessions.list({ ...q, pageNum: offset / limit + 1, pageSize: limit })).list, EXPORT_MAX_ROWS);
    return exportSheet(
      {
        name: { zh: '预审会', en: 'Pre-review meetings' },
        rows,
        columns: [
          { header: { zh: '日期', en: 'Day' }, value: (r) => r.day },
          { header: { zh: '项目数', en: 'Projects' }, value: (r) => r.loanCount },
          { header: { zh: '通过', en: 'Approved' }, value: (r) => r.approved },
          { header: { zh: '不通过', en: 'Rejected' }, value: (r) => r.rejected },
          { header: { zh: '退回', en: 'Returned' }, value: (r) => r.returned },
          { header: { zh: '审批人', en: 'Approvers' }, width: 30, value: (r) => r.approvers },
          { header: { zh: '会议纪要', en: 'Minutes' }, value: (r) => r.minutesCount },
        ],
      },
      langOf(req),
      { zh: '预审会', en: 'pre-review-meetings' },
    );
  }

  @ApiEnvelope(SessionDetailDto)
  @RequirePermission(YS_MEETING_PERMISSIONS.list)
  @Get(':day')
  detail(@Param('day') day: string) {
    return this.sessions.detail(day);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission(YS_MEETING_PERMISSIONS.uploadMinutes)
  @Post(':day/minutes')
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(UPLOAD)
  uploadMinutes(@Param('day') day: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.sessions.uploadMinutes(day, file, user);
  }

  @ApiFile(DOCX_MIME, XLSX_MIME)
  @RequirePermission(YS_MEETING_PERMISSIONS.exportMinutes)
  @Get(':day/minutes/export')
  async exportMinutes(@Param('day') day: string, @Query() q: MinutesExportQuery, @Req() req: Request) {
    return minutesFile(await this.sessions.minutesData(day), q.format, langOf(req));
  }

  @ApiFile()
  @RequirePermission(YS_MEETING_PERMISSIONS.list)
  @Get(':day/minutes/:attachmentId')
  async downloadMinutes(@Param('day') day: string, @Param('attachmentId') attachmentId: string, @CurrentUser() user: AuthUser) {
    const file = await this.sessions.minutesFile(day, attachmentId, user);
    return downloadFile(file.content, file.mime, file.name);
  }

  @ApiEnvelope(DeletedDto)
  @RequirePermission(YS_MEETING_PERMISSIONS.uploadMinutes)
  @Delete(':day/minutes/:attachmentId')
  deleteMinutes(@Param('day') day: string, @Param('attachmentId') attachmentId: string, @CurrentUser() user: AuthUser) {
    return this.sessions.deleteMinutes(day, attachmentId, user.id);
  }
}
