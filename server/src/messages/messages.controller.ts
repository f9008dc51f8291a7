import { Controller, Get, Param, Patch, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { AppError } from '../common/errors';
import { langOf } from '../common/i18n';
import { PageQuery } from '../common/paging.dto';
import { ApiEnvelope, ApiPage } from '../common/api-response';
import { MessageDto, MessageReadDto, UnreadCountDto } from '../common/misc.responses';
import { MessagesReadAllDto } from './messages.responses';
import { MessagesRepository, type MessageRow } from './messages.repository';
import { localizedNotice } from './notices';

/** The signed-in user's own messages (the dashboard): nobody reads another user's. */
@ApiTags('messages')
@Controller('messages')
export class MessagesController {
  constructor(private readonly messages: MessagesRepository) {}

  @ApiPage(MessageDto)
  @SignedIn()
  @Get()
  async list(@CurrentUser() user: AuthUser, @Query() q: PageQuery, @Req() req: Request) {
    const lang = langOf(req);
    const [rows, total] = await Promise.all([this.messages.page(user.id, q.pageSize, (q.pageNum - 1) * q.pageSize), this.messages.count(user.id)]);
    const list = rows.map(({ sourceKey, ...m }: MessageRow) => localizedNotice(m, sourceKey, lang));
    return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  @ApiEnvelope(UnreadCountDto)
  @SignedIn()
  @Get('unread-count')
  async unread(@CurrentUser() user: AuthUser) {
    return { count: await this.messages.countUnread(user.id) };
  }

  /** Every unread message of the caller, read now; one statement, so nothing is half-marked. */
  @ApiEnvelope(MessagesReadAllDto)
  @SignedIn()
  @Patch('read-all')
  async markAllRead(@CurrentUser() user: AuthUser) {
    return { count: await this.messages.markAllRead(user.id) };
  }

  @ApiEnvelope(MessageReadDto)
  @SignedIn()
  @Patch(':id/read')
  async markRead(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw AppError.notFound('messageNotFound');
    if (!(await this.messages.markRead(id, user.id))) throw AppError.notFound('messageNotFound');
    return { id, read: true };
  }
}
