import { Injectable } from '@nestjs/common';
import type { VotingMeetingKind } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import type { ConfereeListQuery } from './conferee.dto';

const SORT_COLUMNS = { username: 'u.username', nickname: 'u.nickname', createdAt: 'c.created_at' } as const;

const like = (text: string | undefined) => (text ? `%${text.trim().replace(/[%_\\]/g, '\\$&')}%` : null);

/** A member of the pool as listed, with how many meetings the person attends. */
export interface ConfereeRow {
  userId: string;
  username: string;
  nickname: string;
  userDisabled: boolean;
  meetingKinds: VotingMeetingKind[];
  active: boolean;
  meetingCount: number;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The SQL of the attendee pool (conferee) and of the users it is chosen from. */
@Injectable()
export class ConfereesRepository {
  constructor(private readonly db: DataSource) {}

  /** The pool under the list's filters and order, `limit` rows from `offset`, with how many there are in all. */
  async page(q: ConfereeListQuery, limit: number, offset: number): Promise<{ rows: ConfereeRow[]; total: number }> {
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
        [...params, limit, offset],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM conferee c JOIN app_user u ON u.id = c.user_id ${where}`, params),
    ]);
    return { rows, total };
  }

  /** Enabled users not in the pool yet whose name holds the keyword, 50 at most. */
  usersOutside(keyword: string | undefined): Promise<{ id: string; username: string; nickname: string }[]> {
    return this.db.query(
      `SELECT u.id, u.username, u.nickname FROM app_user u
        WHERE NOT u.disabled AND NOT EXISTS (SELECT 1 FROM conferee c WHERE c.user_id = u.id)
          AND ($1::text IS NULL OR u.username ILIKE $1 OR u.nickname ILIKE $1)
        ORDER BY u.nickname, u.username LIMIT 50`,
      [like(keyword)],
    );
  }

  /** The enabled users among these ids. */
  enabledUsers(em: EntityManager, userIds: string[]): Promise<{ id: string; nickname: string }[]> {
    return em.query(`SELECT id, nickname FROM app_user WHERE id = ANY($1::uuid[]) AND NOT disabled`, [userIds]);
  }

  /** The nicknames of those of these users already in the pool, in order. */
  async alreadyIn(em: EntityManager, userIds: string[]): Promise<string[]> {
    const existing: { nickname: string }[] = await em.query(
      `SELECT u.nickname FROM conferee c JOIN app_user u ON u.id = c.user_id WHERE c.user_id = ANY($1::uuid[]) ORDER BY u.nickname`,
      [userIds],
    );
    return existing.map((r) => r.nickname);
  }

  async insert(em: EntityManager, userIds: string[], meetingKinds: VotingMeetingKind[], createdBy: string): Promise<void> {
    await em.query(`INSERT INTO conferee (user_id, meeting_kinds, created_by) SELECT unnest($1::uuid[]), $2::varchar[], $3`, [
      userIds,
      meetingKinds,
      createdBy,
    ]);
  }

  /** Changes what is given (null keeps it); the member as it is now, or null when the user is not in the pool. */
  async update(
    userId: string,
    change: { meetingKinds: VotingMeetingKind[] | null; active: boolean | null },
  ): Promise<{ userId: string; meetingKinds: VotingMeetingKind[]; active: boolean } | null> {
    const [rows] = await this.db.query(
      `UPDATE conferee SET meeting_kinds = coalesce($2::varchar[], meeting_kinds), active = coalesce($3, active), updated_at = now()
        WHERE user_id = $1 RETURNING user_id AS "userId", meeting_kinds AS "meetingKinds", active`,
      [userId, change.meetingKinds, change.active],
    );
    return rows[0] ?? null;
  }

  /** Takes the user out of the pool; false when the user was not in it. */
  async delete(userId: string): Promise<boolean> {
    const [, count] = await this.db.query(`DELETE FROM conferee WHERE user_id = $1`, [userId]);
    return !!count;
  }
}
