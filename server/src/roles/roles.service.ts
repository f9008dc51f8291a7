import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { flattenPermissionTree, isPermissionKey } from '@app/workflow';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { accessTransaction, requireHeldKeys, rolesWithKeys } from '../auth/held-keys-rule';
import { SessionRepository } from '../auth/session.repository';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import type { RoleDto, RoleListQuery } from './roles.dto';
import type { RoleDetailDto, RoleRowDto } from './roles.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARENT = new Map<string, string | null>(flattenPermissionTree().map((p) => [p.key, p.parentKey]));
const SORT_COLUMNS = { name: 'r.name_zh', createdAt: 'r.created_at', userCount: 'user_count' } as const;

const COLUMNS = `r.id, r.code, r.name_zh, r.name_en, r.builtin, r.created_at,
  (SELECT count(*)::int FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE ur.role_id = r.id AND u.deleted_at IS NULL) AS user_count,
  (SELECT count(*)::int FROM role_permission rp WHERE rp.role_id = r.id) AS permission_count`;

function toRow(r: Record<string, any>, lang: Lang): RoleRowDto {
  return {
    id: r.id,
    code: r.code,
    name: lang === 'en' ? r.name_en : r.name_zh,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    builtin: r.builtin,
    userCount: r.user_count,
    permissionCount: r.permission_count,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * The chosen keys with every menu above them: a checked action is reachable only through its menus
 * (the tree of checkboxes sends what was ticked; a half-ticked parent is implied).
 */
export function withAncestors(keys: readonly string[]): string[] {
  const all = new Set<string>();
  for (const key of keys) {
    for (let k: string | null | undefined = key; k && !all.has(k); k = PARENT.get(k)) all.add(k);
  }
  return [...all];
}

/** Roles and their permission trees (spec sections 5-6). */
@Injectable()
export class RolesService {
  private readonly logger = new Logger(RolesService.name);

  constructor(
    private readonly db: DataSource,
    private readonly sessions: SessionRepository,
  ) {}

  async list(q: RoleListQuery, lang: Lang): Promise<Page<RoleRowDto>> {
    const like = q.name ? `%${q.name.replace(/[%_\\]/g, '\\$&')}%` : null;
    const where = `WHERE ($1::text IS NULL OR r.name_zh ILIKE $1 OR r.name_en ILIKE $1 OR r.code ILIKE $1)`;
    const sort = q.sort === 'name' && lang === 'en' ? 'r.name_en' : SORT_COLUMNS[q.sort ?? 'createdAt'];
    const order = q.order === 'desc' ? 'DESC' : 'ASC';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`SELECT ${COLUMNS} FROM role r ${where} ORDER BY ${sort} ${order}, r.code LIMIT $2 OFFSET $3`, [
        like,
        q.pageSize,
        (q.pageNum - 1) * q.pageSize,
      ]),
      this.db.query(`SELECT count(*)::int AS total FROM role r ${where}`, [like]),
    ]);
    return { list: rows.map((r: Record<string, any>) => toRow(r, lang)), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async get(id: string, lang: Lang, em: EntityManager = this.db.manager): Promise<RoleDetailDto> {
    if (!UUID.test(id)) throw AppError.notFound('roleNotFound');
    const [row] = await em.query(`SELECT ${COLUMNS} FROM role r WHERE r.id = $1`, [id]);
    if (!row) throw AppError.notFound('roleNotFound');
    const keys: { permission_key: string }[] = await em.query(
      `SELECT rp.permission_key FROM role_permission rp JOIN permission p ON p.key = rp.permission_key WHERE rp.role_id = $1 ORDER BY p.sort`,
      [id],
    );
    return { ...toRow(row, lang), permissions: keys.map((k) => k.permission_key) };
  }

  async create(dto: RoleDto, actor: AuthUser, lang: Lang): Promise<RoleDetailDto> {
    const keys = this.knownKeys(dto.permissions);
    // A code of its own: role codes are what sessions and the machine compare, names may change.
    const code = `R_${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
    const id = await accessTransaction(this.db, async (em) => {
      await requireHeldKeys(em, actor, { keys });
      await this.uniqueName(em, dto.name, null);
      const [{ id }] = await em.query(`INSERT INTO role (code, name_zh, name_en) VALUES ($1, $2, $2) RETURNING id`, [code, dto.name]);
      if (keys.length) await em.query(`INSERT INTO role_permission (role_id, permission_key) SELECT $1, unnest($2::varchar[])`, [id, keys]);
      return id as string;
    });
    this.logger.log(`role ${dto.name} (${code}) added by ${actor.username}`);
    return this.get(id, lang);
  }

  /**
   * New name and grants in one transaction; then every holder's cached session is dropped, so their
   * next request resolves the new grants (the cache of every process, through Redis). A manager who
   * is not an administrator edits only a role whose keys, now and after, it holds all itself.
   */
  async update(id: string, dto: RoleDto, actor: AuthUser, lang: Lang): Promise<RoleDetailDto> {
    if (!UUID.test(id)) throw AppError.notFound('roleNotFound');
    const keys = this.knownKeys(dto.permissions);
    const holders = await accessTransaction(this.db, async (em) => {
      const [role] = await em.query(`SELECT code, builtin, name_zh, name_en FROM role WHERE id = $1 FOR UPDATE`, [id]);
      if (!role) throw AppError.notFound('roleNotFound');
      await requireHeldKeys(em, actor, { keys, roles: await rolesWithKeys(em, [id]) });
      await this.uniqueName(em, dto.name, id);
      // A built-in role keeps its two names unless renamed: an edit of its grants alone changes no name.
      const renamed = dto.name !== role.name_zh && dto.name !== role.name_en;
      if (renamed) await em.query(`UPDATE role SET name_zh = $2, name_en = $2 WHERE id = $1`, [id, dto.name]);
      await em.query(`DELETE FROM role_permission WHERE role_id = $1 AND NOT (permission_key = ANY($2::varchar[]))`, [id, keys]);
      if (keys.length) {
        await em.query(`INSERT INTO role_permission (role_id, permission_key) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [id, keys]);
      }
      const rows: { user_id: string }[] = await em.query(`SELECT user_id FROM user_role WHERE role_id = $1`, [id]);
      return rows.map((r) => r.user_id);
    });
    for (const userId of holders) await this.sessions.forgetUser(userId);
    return this.get(id, lang);
  }

  /**
   * All the selected roles or none: refused while a live user holds one, for built-in roles, and (403)
   * to a manager who is not an administrator for a role with a key it lacks.
   */
  async remove(ids: string[], actor: AuthUser): Promise<{ ids: string[] }> {
    const unique = [...new Set(ids)];
    await accessTransaction(this.db, async (em) => {
      const roles: { id: string; code: string; name_zh: string; builtin: boolean }[] = await em.query(
        `SELECT id, code, name_zh, builtin FROM role WHERE id = ANY($1::uuid[]) ORDER BY code FOR UPDATE`,
        [unique],
      );
      if (roles.length !== unique.length) throw AppError.notFound('roleNotFound');
      await requireHeldKeys(em, actor, { roles: await rolesWithKeys(em, unique) });
      const builtin = roles.filter((r) => r.builtin);
      if (builtin.length) {
        const names = builtin.map((r) => r.name_zh).join('、');
        throw new AppError(HttpStatus.CONFLICT, CODES.roleBuiltin, 'roleBuiltin', { names }, { ids: builtin.map((r) => r.id) }, 'RoleBuiltin');
      }
      // user_role rows are locked too, so a user given the role meanwhile waits and then fails its foreign key
      const held: { role_id: string; users: number }[] = await em.query(
        `SELECT ur.role_id, count(*)::int AS users FROM user_role ur JOIN app_user u ON u.id = ur.user_id
          WHERE ur.role_id = ANY($1::uuid[]) AND u.deleted_at IS NULL GROUP BY ur.role_id`,
        [unique],
      );
      if (held.length) {
        const names = roles
          .filter((r) => held.some((h) => h.role_id === r.id))
          .map((r) => r.name_zh)
          .join('、');
        throw new AppError(HttpStatus.CONFLICT, CODES.roleInUse, 'roleInUse', { names }, { held }, 'RoleInUse');
      }
      await em.query(`DELETE FROM role WHERE id = ANY($1::uuid[])`, [unique]);
    });
    this.logger.log(`roles ${unique.join(', ')} deleted by ${actor.username}`);
    return { ids: unique };
  }

  /** The keys to store: known keys only (400 naming the others), with their menus. */
  private knownKeys(permissions: string[]): string[] {
    const unknown = permissions.filter((k) => !isPermissionKey(k));
    if (unknown.length) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.permissionUnknown, 'permissionUnknown', 'permissions', 'PermissionUnknown', {
        keys: unknown.slice(0, 5).join(', '),
      });
    }
    return withAncestors(permissions);
  }

  /**
   * 409 for a name another role has (in either language, any case). Names have no unique index (the
   * built-in roles carry two), so saves of roles take one lock for the check and the write.
   */
  private async uniqueName(em: EntityManager, name: string, selfId: string | null): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('role-name'))`);
    const [other] = await em.query(`SELECT 1 FROM role WHERE (lower(name_zh) = lower($1) OR lower(name_en) = lower($1)) AND id IS DISTINCT FROM $2::uuid`, [
      name,
      selfId,
    ]);
    if (other) throw AppError.ofField(HttpStatus.CONFLICT, CODES.roleNameTaken, 'roleNameTaken', 'name', 'RoleNameTaken', { name });
  }
}
