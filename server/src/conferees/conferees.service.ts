import { HttpStatus, Injectable } from '@nestjs/common';
import type { VotingMeetingKind } from '@app/workflow';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { AddConfereesDto, ConfereeListQuery, ManageConfereeDto } from './conferee.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORT_COLUMNS = { username: 'u.username', nickname: 'u.nickname', createdAt: 'c.created_at' } as const;

export interface ConfereeItem {
  userId: string;
  username: string;
  nickname: string;
  userDisabled: boolean;
  meetingKinds: VotingMeetingKind[];
  active: boolean;
  meetingCount: number;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

const like = (text: string | undefined) => (text ? `%${text.trim().replace(/[%_\\]/g, '\\$&')}%` : null);

/**
 * The attendee pool (/user/participation): who may be chosen as an attendee of a general-office (ZB)
 * or review-committee (BS) meeting. Meetings copy their attendees when created, so changing the pool
 * never changes a meeting already set up.
 */
@Injectable()
export class ConfereesService {
  constructor(private readonly db: DataSource) {}

  async list(q: ConfereeListQuery, limit?: number): Promise<Page<ConfereeItem>> {
    const params = [like(q.keyword), q.kind ?? null, q.active ?? null];
    const where = `WHERE ($1::text IS NULL OR u.username ILIKE $1 OR u.nickname ILIKE $1)
      AND ($2::text IS NULL OR $2 = ANY(c.meeting_kinds)) AND ($3::boolean IS NULL OR c.active = $3)`;
    const sort = SORT_COLUMNS[q.sort ?? 'createdAt'];
    const order = q.order === 'desc' || (!q.order && !q.sort) ? 'DESC' : 'ASC';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT c.user_id AS "userId", u.username, u.nickname, u.disabled AS "userDisabled", c.meeting_kinds AS "meetingKinds", c.active,
                (SELECT count(*)::int FROM meeting_attendee ma WHERE ma.user_id = c.user_id) AS "meetingCount",
                cb.nickname AS "createdByName", c.created_at AS "createdAt", c.updated_at AS "updatedAt"
           FROM conferee c JOIN app_user u ON u.id = c.user_id LEFT JOIN app_user cb ON cb.id = c.created_by
           ${where} ORDER BY ${sort} ${order}, c.user_id LIMIT $4 OFFSET $5`,
        [...params, limit ?? q.pageSize, limit ? 0 : (q.pageNum - 1) * q.pageSize],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM conferee c JOIN app_user u ON u.id = c.user_id ${where}`, params),
    ]);
    return {
      list: rows.map((r: Record<string, any>) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), updatedAt: new Date(r.updatedAt).toISOString() })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  /** Users who could be added: enabled and not in the pool yet. */
  users(keyword: string | undefined) {
    return this.db.query(
      `SELECT u.id, u.username, u.nickname FROM app_user u
        WHERE NOT u.disabled AND NOT EXISTS (SELECT 1 FROM conferee c WHERE c.user_id = u.id)
          AND ($1::text IS NULL OR u.username ILIKE $1 OR u.nickname ILIKE $1)
        ORDER BY u.nickname, u.username LIMIT 50`,
      [like(keyword)],
    );
  }

  async add(dto: AddConfereesDto, actor: AuthUser) {
    return this.db.transaction(async (em) => {
      const users = await em.query(`SELECT id, nickname FROM app_user WHERE id = ANY($1::uuid[]) AND NOT disabled`, [dto.userIds]);
      if (users.length !== dto.userIds.length) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.badRequest, 'userMissing', 'userIds', 'userMissing');
      const existing = await em.query(
        `SELECT u.nickname FROM conferee c JOIN app_user u ON u.id = c.user_id WHERE c.user_id = ANY($1::uuid[]) ORDER BY u.nickname`,
        [dto.userIds],
      );
      if (existing.length) {
        const names = existing.map((r: { nickname: string }) => r.nickname).join('、');
        throw AppError.ofField(HttpStatus.CONFLICT, CODES.confereeExists, 'confereeExists', 'userIds', 'ConfereeExists', { names });
      }
      await em.query(`INSERT INTO conferee (user_id, meeting_kinds, created_by) SELECT unnest($1::uuid[]), $2::varchar[], $3`, [
        dto.userIds,
        dto.meetingKinds,
        actor.id,
      ]);
      return { added: dto.userIds.length };
    });
  }

  async manage(userId: string, dto: ManageConfereeDto) {
    if (dto.meetingKinds === undefined && dto.active === undefined) throw AppError.badRequest('badRequest');
    if (!UUID.test(userId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.confereeNotFound, 'confereeNotFound');
    const [rows] = await this.db.query(
      `UPDATE conferee SET meeting_kinds = coalesce($2::varchar[], meeting_kinds), active = coalesce($3, active), updated_at = now()
        WHERE user_id = $1 RETURNING user_id AS "userId", meeting_kinds AS "meetingKinds", active`,
      [userId, dto.meetingKinds ?? null, dto.active ?? null],
    );
    const row = rows[0];
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.confereeNotFound, 'confereeNotFound');
    return row;
  }

  /** Out of the pool; meetings that already have the person keep them. */
  async remove(userId: string) {
    if (!UUID.test(userId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.confereeNotFound, 'confereeNotFound');
    const [, count] = await this.db.query(`DELETE FROM conferee WHERE user_id = $1`, [userId]);
    if (!count) throw new AppError(HttpStatus.NOT_FOUND, CODES.confereeNotFound, 'confereeNotFound');
    return { userId, deleted: true };
  }
}
