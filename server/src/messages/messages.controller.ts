import { Controller, Get, Param, Patch, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { CurrentUser, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { AppError } from '../common/errors';
import { langOf } from '../common/i18n';
import { PageQuery } from '../common/paging.dto';
import { ApiEnvelope, ApiPage } from '../common/api-response';
import { MessageDto, MessageReadDto, UnreadCountDto } from '../common/misc.responses';
import { MessagesReadAllDto } from './messages.responses';
import { localizedNotice } from './notices';

/** The signed-in user's own messages (the dashboard): nobody reads another user's. */
@ApiTags('messages')
@Controller('messages')
export class MessagesController {
  constructor(private readonly db: DataSource) {}

  @ApiPage(MessageDto)
  @SignedIn()
  @Get()
  async list(@CurrentUser() user: AuthUser, @Query() q: PageQuery, @Req() req: Request) {
    const lang = langOf(req);
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT id, title, content, type, link, source_key AS "sourceKey", created_at AS "createdAt", (read_at IS NOT NULL) AS read
           FROM message WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [user.id, q.pageSize, (q.pageNum - 1) * q.pageSize],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM message WHERE user_id = $1`, [user.id]),
    ]);
    const list = rows.map(({ sourceKey, ...m }: MessageDto & { sourceKey: string | null }) => localizedNotice(m, sourceKey, lang));
    return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  @ApiEnvelope(UnreadCountDto)
  @SignedIn()
  @Get('unread-count')
  async unread(@CurrentUser() user: AuthUser) {
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM message WHERE user_id = $1 AND read_at IS NULL`, [user.id]);
    return { count };
  }

  /** Every unread message of the caller, read now; one statement, so nothing is half-marked. */
  @ApiEnvelope(MessagesReadAllDto)
  @SignedIn()
  @Patch('read-all')
  async markAllRead(@CurrentUser() user: AuthUser) {
    const [, count] = await this.db.query(`UPDATE message SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [user.id]);
    return { count: Number(count) };
  }

  @ApiEnvelope(MessageReadDto)
  @SignedIn()
  @Patch(':id/read')
  async markRead(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw AppError.notFound('messageNotFound');
    const [rows] = await this.db.query(`UPDATE message SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id`, [id, user.id]);
    if (!rows.length) throw AppError.notFound('messageNotFound');
    return { id, read: true };
  }
}
