import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { DataSource } from 'typeorm';
import { ROLE_ADMIN } from '@app/workflow';
import { RequireRole } from '../auth/auth.decorators';
import { PageQuery } from '../common/paging.dto';
import { ApiPage } from '../common/api-response';
import { HistoryEntryDto } from '../common/misc.responses';

class HistoryQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  actor?: string;
}

/** Spec: /history/historyLog is for administrators only. */
@ApiTags('history')
@Controller('history')
export class HistoryController {
  constructor(private readonly db: DataSource) {}

  @ApiPage(HistoryEntryDto)
  @RequireRole(ROLE_ADMIN)
  @Get()
  async list(@Query() q: HistoryQuery) {
    // Newest first by time, then by the numeric id: a bare `id` here would name the text column selected above.
    const where = `WHERE ($1::text IS NULL OR actor_name ILIKE $1)`;
    const actor = q.actor ? `%${q.actor.replace(/[%_\\]/g, '\\$&')}%` : null;
    const [list, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT id::text, actor_id AS "actorId", actor_name AS actor, method, action, target, status,
                code, ip, created_at AS "createdAt", (CASE WHEN status < 400 THEN 'SUCCESS' ELSE 'FAILURE' END) AS outcome
           FROM history_log ${where} ORDER BY created_at DESC, history_log.id DESC LIMIT $2 OFFSET $3`,
        [actor, q.pageSize, (q.pageNum - 1) * q.pageSize],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM history_log ${where}`, [actor]),
    ]);
    return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }
}
