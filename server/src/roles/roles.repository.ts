import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Lang } from '../common/i18n';
import type { RoleListQuery } from './roles.dto';

const SORT_COLUMNS = { name: 'r.name_zh', createdAt: 'r.created_at', userCount: 'user_count' } as const;

const COLUMNS = `r.id, r.code, r.name_zh, r.name_en, r.builtin, r.created_at,
  (SELECT count(*)::int FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE ur.role_id = r.id AND u.deleted_at IS NULL) AS user_count,
  (SELECT count(*)::int FROM role_permission rp WHERE rp.role_id = r.id) AS permission_count`;

/** A role as listed: its columns with how many live users hold it and how many keys it grants. */
export interface RoleRow {
  id: string;
  code: string;
  name_zh: string;
  name_en: string;
  builtin: boolean;
  created_at: Date;
  user_count: number;
  permission_count: number;
}

/** The SQL of roles (role), their grants (role_permission) and who holds them (user_role). */
@Injectable()
export class RolesRepository {
  constructor(private readonly db: DataSource) {}

  /** One page of the roles whose name or code holds `q.name`, in the list's order (by name: in the reader's language). */
  async page(q: RoleListQuery, lang: Lang, limit: number, offset: number): Promise<{ rows: RoleRow[]; total: number }> {
    const like = q.name ? `%${q.name.replace(/[%_\\]/g, '\\$&')}%` : null;
    const where = `WHERE ($1::text IS NULL OR r.name_zh ILIKE $1 OR r.name_en ILIKE $1 OR r.code ILIKE $1)`;
    const sort = q.sort === 'name' && lang === 'en' ? 'r.name_en' : SORT_COLUMNS[q.sort ?? 'createdAt'];
    const order = q.order === 'desc' ? 'DESC' : 'ASC';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`SELECT ${COLUMNS} FROM role r ${where} ORDER BY ${sort} ${order}, r.code LIMIT $2 OFFSET $3`, [like, limit, offset]),
      this.db.query(`SELECT count(*)::int AS total FROM role r ${where}`, [like]),
    ]);
    return { rows, total };
  }

  async role(id: string): Promise<RoleRow | null> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM role r WHERE r.id = $1`, [id]);
    return row ?? null;
  }

  /** The keys the role grants, in the permission tree's order. */
  async permissionKeys(id: string): Promise<string[]> {
    const keys: { permission_key: string }[] = await this.db.query(
      `SELECT rp.permission_key FROM role_permission rp JOIN permission p ON p.key = rp.permission_key WHERE rp.role_id = $1 ORDER BY p.sort`,
      [id],
    );
    return keys.map((k) => k.permission_key);
  }

  /** A new role named `name` in both languages; its id. */
  async insert(em: EntityManager, code: string, name: string): Promise<string> {
    const [{ id }] = await em.query(`INSERT INTO role (code, name_zh, name_en) VALUES ($1, $2, $2) RETURNING id`, [code, name]);
    return id;
  }

  /** Grants the keys to a new role. */
  async grant(em: EntityManager, roleId: string, keys: string[]): Promise<void> {
    await em.query(`INSERT INTO role_permission (role_id, permission_key) SELECT $1, unnest($2::varchar[])`, [roleId, keys]);
  }

  /** The role's code, names and whether it is built in, its row locked until the transaction ends. */
  async lockOne(em: EntityManager, id: string): Promise<{ code: string; builtin: boolean; name_zh: string; name_en: string } | null> {
    const [role] = await em.query(`SELECT code, builtin, name_zh, name_en FROM role WHERE id = $1 FOR UPDATE`, [id]);
    return role ?? null;
  }

  /** The role's one name in both languages. */
  async rename(em: EntityManager, id: string, name: string): Promise<void> {
    await em.query(`UPDATE role SET name_zh = $2, name_en = $2 WHERE id = $1`, [id, name]);
  }

  /** The role grants exactly `keys`: the others are revoked, the missing granted. */
  async replaceGrants(em: EntityManager, id: string, keys: string[]): Promise<void> {
    await em.query(`DELETE FROM role_permission WHERE role_id = $1 AND NOT (permission_key = ANY($2::varchar[]))`, [id, keys]);
    if (keys.length) {
      await em.query(`INSERT INTO role_permission (role_id, permission_key) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [id, keys]);
    }
  }

  /** The ids of the users holding the role (deleted ones too). */
  async holderIds(em: EntityManager, id: string): Promise<string[]> {
    const rows: { user_id: string }[] = await em.query(`SELECT user_id FROM user_role WHERE role_id = $1`, [id]);
    return rows.map((r) => r.user_id);
  }

  /** The roles of these ids, in code order, their rows locked until the transaction ends. */
  lockMany(em: EntityManager, ids: string[]): Promise<{ id: string; code: string; name_zh: string; builtin: boolean }[]> {
    return em.query(`SELECT id, code, name_zh, builtin FROM role WHERE id = ANY($1::uuid[]) ORDER BY code FOR UPDATE`, [ids]);
  }

  /** How many live users hold each of these roles (the roles nobody holds left out). */
  liveHolderCounts(em: EntityManager, ids: string[]): Promise<{ role_id: string; users: number }[]> {
    return em.query(
      `SELECT ur.role_id, count(*)::int AS users FROM user_role ur JOIN app_user u ON u.id = ur.user_id
        WHERE ur.role_id = ANY($1::uuid[]) AND u.deleted_at IS NULL GROUP BY ur.role_id`,
      [ids],
    );
  }

  async deleteMany(em: EntityManager, ids: string[]): Promise<void> {
    await em.query(`DELETE FROM role WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Holds the one lock that serializes the saves of role names until the transaction ends. */
  async lockNames(em: EntityManager): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('role-name'))`);
  }

  /** Whether a role other than `selfId` has the name, in either language and any case. */
  async nameTaken(em: EntityManager, name: string, selfId: string | null): Promise<boolean> {
    const [other] = await em.query(`SELECT 1 FROM role WHERE (lower(name_zh) = lower($1) OR lower(name_en) = lower($1)) AND id IS DISTINCT FROM $2::uuid`, [
      name,
      selfId,
    ]);
    return !!other;
  }
}
