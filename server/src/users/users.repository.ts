import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { UserListQuery } from './user.dto';

const SORT_COLUMNS = { username: 'u.username', nickname: 'u.nickname', createdAt: 'u.created_at' } as const;

const USER_COLUMNS = `u.id, u.username, u.nickname, u.avatar, u.disabled, u.phone, u.email, u.created_at,
  COALESCE((SELECT array_agg(r.code ORDER BY r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
  COALESCE((SELECT array_agg(r.id::text ORDER BY r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS role_ids`;

/** A user as listed: the account's columns with its role codes and role ids (both in role-code order). */
export interface UserRow {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  disabled: boolean;
  phone: string | null;
  email: string | null;
  created_at: Date;
  roles: string[];
  role_ids: string[];
}

export interface NewUser {
  username: string;
  nickname: string;
  passwordHash: string;
  phone: string | null;
  email: string | null;
}

/** The SQL of the accounts (app_user) and their roles (user_role). */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: DataSource) {}

  /** One page of the live users under the list's filters and order, with how many there are in all. */
  async page(q: UserListQuery, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
    const like = (text: string | undefined) => (text ? `%${text.replace(/[%_\\]/g, '\\$&')}%` : null);
    const params = [like(q.username), like(q.phone ?? undefined), q.status ?? null, q.roleId ?? null];
    const sort = SORT_COLUMNS[q.sort ?? 'createdAt'];
    const order = q.order === 'desc' || (!q.order && !q.sort) ? 'DESC' : 'ASC';
    const where = `WHERE u.deleted_at IS NULL
      AND ($1::text IS NULL OR u.username ILIKE $1 OR u.nickname ILIKE $1)
      AND ($2::text IS NULL OR u.phone LIKE $2)
      AND ($3::text IS NULL OR u.disabled = ($3 = 'disabled'))
      AND ($4::uuid IS NULL OR EXISTS (SELECT 1 FROM user_role ur WHERE ur.user_id = u.id AND ur.role_id = $4))`;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`SELECT ${USER_COLUMNS} FROM app_user u ${where} ORDER BY ${sort} ${order}, u.id LIMIT $5 OFFSET $6`, [...params, limit, offset]),
      this.db.query(`SELECT count(*)::int AS total FROM app_user u ${where}`, params),
    ]);
    return { rows, total };
  }

  /** The live user, or null. */
  async user(userId: string): Promise<UserRow | null> {
    const [row] = await this.db.query(`SELECT ${USER_COLUMNS} FROM app_user u WHERE u.id = $1 AND u.deleted_at IS NULL`, [userId]);
    return row ?? null;
  }

  /** Whether any user, deleted or not, has the name in any case. */
  async usernameExists(em: EntityManager, username: string): Promise<boolean> {
    const [taken] = await em.query(`SELECT 1 FROM app_user WHERE lower(username) = lower($1)`, [username]);
    return !!taken;
  }

  /** Inserts the user; its id. Fails with PostgreSQL's 23505 when the name was taken in between. */
  async insert(em: EntityManager, user: NewUser): Promise<string> {
    const inserted: { id: string }[] = await em.query(
      `INSERT INTO app_user (username, nickname, password_hash, phone, email) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [user.username, user.nickname, user.passwordHash, user.phone, user.email],
    );
    return inserted[0].id;
  }

  async addRoles(em: EntityManager, userId: string, roleIds: string[]): Promise<void> {
    await em.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, unnest($2::uuid[])`, [userId, roleIds]);
  }

  async updateProfile(em: EntityManager, userId: string, profile: { nickname: string; phone: string | null; email: string | null }): Promise<void> {
    await em.query(`UPDATE app_user SET nickname = $2, phone = $3, email = $4, updated_at = now() WHERE id = $1`, [
      userId,
      profile.nickname,
      profile.phone,
      profile.email,
    ]);
  }

  /** The user's roles become exactly `roleIds`: the others are dropped, the missing added. */
  async replaceRoles(em: EntityManager, userId: string, roleIds: string[]): Promise<void> {
    await em.query(`DELETE FROM user_role WHERE user_id = $1 AND NOT (role_id = ANY($2::uuid[]))`, [userId, roleIds]);
    await em.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [userId, roleIds]);
  }

  /** Soft delete: the row stays, deleted and disabled. */
  async markDeleted(em: EntityManager, userId: string): Promise<void> {
    await em.query(`UPDATE app_user SET deleted_at = now(), disabled = true, updated_at = now() WHERE id = $1`, [userId]);
  }

  /** A password set by an administrator: it also lifts the lock. */
  async resetPassword(em: EntityManager, userId: string, hash: string): Promise<void> {
    await em.query(`UPDATE app_user SET password_hash = $2, locked_until = NULL, updated_at = now() WHERE id = $1`, [userId, hash]);
  }

  /** The live user's role ids, its row locked until the transaction ends; null when there is no such user. */
  async lockRoleIds(em: EntityManager, userId: string): Promise<string[] | null> {
    const [row] = await em.query(
      `SELECT COALESCE((SELECT array_agg(ur.role_id::text) FROM user_role ur WHERE ur.user_id = u.id), '{}') AS role_ids
         FROM app_user u WHERE u.id = $1 AND u.deleted_at IS NULL FOR UPDATE`,
      [userId],
    );
    return row ? row.role_ids : null;
  }

  /** Whether the user uploaded the file at this address. */
  async ownsUpload(userId: string, url: string): Promise<boolean> {
    const [upload] = await this.db.query(`SELECT 1 FROM uploaded_file WHERE url = $1 AND owner_id = $2`, [url, userId]);
    return !!upload;
  }

  async setAvatar(userId: string, avatar: string): Promise<void> {
    await this.db.query(`UPDATE app_user SET avatar = $2, updated_at = now() WHERE id = $1`, [userId, avatar]);
  }

  /** The stored password hash, or null when there is no such user. */
  async passwordHash(userId: string): Promise<string | null> {
    const [row] = await this.db.query(`SELECT password_hash FROM app_user WHERE id = $1`, [userId]);
    return row ? row.password_hash : null;
  }

  /** A password the user changed. */
  async setPassword(em: EntityManager, userId: string, hash: string): Promise<void> {
    await em.query(`UPDATE app_user SET password_hash = $2, updated_at = now() WHERE id = $1`, [userId, hash]);
  }

  async setLanguage(userId: string, language: string): Promise<void> {
    await this.db.query(`UPDATE app_user SET language = $2, updated_at = now() WHERE id = $1`, [userId, language]);
  }

  async setDisabled(em: EntityManager, userId: string, disabled: boolean): Promise<void> {
    await em.query(`UPDATE app_user SET disabled = $2, updated_at = now() WHERE id = $1`, [userId, disabled]);
  }
}
