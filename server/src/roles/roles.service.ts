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
import { RolesRepository, type RoleRow } from './roles.repository';
import type { RoleDetailDto, RoleRowDto } from './roles.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARENT = new Map<string, string | null>(flattenPermissionTree().map((p) => [p.key, p.parentKey]));

function toRow(r: RoleRow, lang: Lang): RoleRowDto {
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
    private readonly roles: RolesRepository,
  ) {}

  async list(q: RoleListQuery, lang: Lang): Promise<Page<RoleRowDto>> {
    const { rows, total } = await this.roles.page(q, lang, q.pageSize, (q.pageNum - 1) * q.pageSize);
    return { list: rows.map((r) => toRow(r, lang)), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async get(id: string, lang: Lang): Promise<RoleDetailDto> {
    if (!UUID.test(id)) throw AppError.notFound('roleNotFound');
    const row = await this.roles.role(id);
    if (!row) throw AppError.notFound('roleNotFound');
    return { ...toRow(row, lang), permissions: await this.roles.permissionKeys(id) };
  }

  async create(dto: RoleDto, actor: AuthUser, lang: Lang): Promise<RoleDetailDto> {
    const keys = this.knownKeys(dto.permissions);
    // A code of its own: role codes are what sessions and the machine compare, names may change.
    const code = `R_${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
    const id = await accessTransaction(this.db, async (em) => {
      await requireHeldKeys(em, actor, { keys });
      await this.uniqueName(em, dto.name, null);
      const id = await this.roles.insert(em, code, dto.name);
      if (keys.length) await this.roles.grant(em, id, keys);
      return id;
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
      const role = await this.roles.lockOne(em, id);
      if (!role) throw AppError.notFound('roleNotFound');
      await requireHeldKeys(em, actor, { keys, roles: await rolesWithKeys(em, [id]) });
      await this.uniqueName(em, dto.name, id);
      // A built-in role keeps its two names unless renamed: an edit of its grants alone changes no name.
      const renamed = dto.name !== role.name_zh && dto.name !== role.name_en;
      if (renamed) await this.roles.rename(em, id, dto.name);
      await this.roles.replaceGrants(em, id, keys);
      return this.roles.holderIds(em, id);
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
      const roles = await this.roles.lockMany(em, unique);
      if (roles.length !== unique.length) throw AppError.notFound('roleNotFound');
      await requireHeldKeys(em, actor, { roles: await rolesWithKeys(em, unique) });
      const builtin = roles.filter((r) => r.builtin);
      if (builtin.length) {
        const names = builtin.map((r) => r.name_zh).join('、');
        throw new AppError(HttpStatus.CONFLICT, CODES.roleBuiltin, 'roleBuiltin', { names }, { ids: builtin.map((r) => r.id) }, 'RoleBuiltin');
      }
      // user_role rows are locked too, so a user given the role meanwhile waits and then fails its foreign key
      const held = await this.roles.liveHolderCounts(em, unique);
      if (held.length) {
        const names = roles
          .filter((r) => held.some((h) => h.role_id === r.id))
          .map((r) => r.name_zh)
          .join('、');
        throw new AppError(HttpStatus.CONFLICT, CODES.roleInUse, 'roleInUse', { names }, { held }, 'RoleInUse');
      }
      await this.roles.deleteMany(em, unique);
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
    await this.roles.lockNames(em);
    if (await this.roles.nameTaken(em, name, selfId))
      throw AppError.ofField(HttpStatus.CONFLICT, CODES.roleNameTaken, 'roleNameTaken', 'name', 'RoleNameTaken', { name });
  }
}
