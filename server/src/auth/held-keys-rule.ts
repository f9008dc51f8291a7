import { HttpStatus } from '@nestjs/common';
import { flattenPermissionTree, isAdminHolder, isRootHolder, ROLE_ADMIN, ROLE_ROOT, type Label, type PermissionHolder } from '@app/workflow';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { rolesWithKeyRows, storedRolesAndKeys, takeAdvisoryLock } from './access.repository';
import type { AuthUser } from './auth-user';

/**
 * The one rule for administering users and roles. A manager who is not an administrator
 * may act on a user or a role only when it holds every key involved itself: the keys a role gets or
 * loses, every key of a role given, taken, edited or deleted, every key of the user acted on (its
 * roles now and after). Otherwise a manager with user or role keys alone could make an account
 * holding what it lacks, sign in as one (reset its password) or strip a post's role. Only ROOT
 * touches ROOT and its holders; only administrators touch ROLE_ADMIN and its holders.
 */

/** One lock for every check-then-write of user and role administration (see accessTransaction). */
const ACCESS_LOCK = 7_463_020;

/** A role involved in a change, with every key it grants. */
export interface InvolvedRole {
  id: string;
  code: string;
  nameZh: string;
  nameEn: string;
  keys: string[];
}

export interface Involvement {
  /** Keys granted or taken directly (a role's new keys). */
  keys?: readonly string[];
  /** Roles whose keys are all involved: given, taken, edited, deleted, or held by the user acted on. */
  roles?: readonly InvolvedRole[];
}

/**
 * A transaction that first takes the access lock, so the checks below and the writes after them see
 * and leave one state: two administrations never interleave (they are rare; the lock is cheap).
 */
export function accessTransaction<T>(db: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return db.transaction(async (em) => {
    await takeAdvisoryLock(em, ACCESS_LOCK);
    return work(em);
  });
}

/** The roles with their keys, in code order; ids that name no role are left out (the caller says 400 or 404). */
export async function rolesWithKeys(em: EntityManager, ids: readonly string[]): Promise<InvolvedRole[]> {
  if (ids.length === 0) return [];
  const rows = await rolesWithKeyRows(em, ids);
  return rows.map((r) => ({ id: r.id, code: r.code, nameZh: r.name_zh, nameEn: r.name_en, keys: r.keys }));
}

/**
 * The actor's roles and keys as stored now (inside the access lock), not as its session cached them:
 * a manager whose keys were just taken away cannot use them in a request already under way.
 */
async function storedHolder(em: EntityManager, actor: AuthUser): Promise<PermissionHolder> {
  const row = await storedRolesAndKeys(em, actor.id);
  if (!row) throw AppError.unauthorized();
  return { roles: row.roles, authorityList: row.keys };
}

/** 403 unless the actor may act on everything involved (the rule above); call inside accessTransaction. */
export async function requireHeldKeys(em: EntityManager, actor: AuthUser, involved: Involvement): Promise<void> {
  const holder = await storedHolder(em, actor);
  const roles = involved.roles ?? [];
  const rootRoles = roles.filter((r) => r.code === ROLE_ROOT);
  if (rootRoles.length && !isRootHolder(holder)) throw refusal('rootRoleOnly', [ROLE_ROOT], rootRoles);
  if (isAdminHolder(holder)) return;
  const adminRoles = roles.filter((r) => r.code === ROLE_ADMIN);
  if (adminRoles.length) throw refusal('adminRoleOnly', [ROLE_ADMIN], adminRoles);
  // holdsPermission for a holder that is neither ROOT nor ROLE_ADMIN: the key among its grants
  const held = new Set(holder.authorityList);
  const involvedKeys = new Set([...(involved.keys ?? []), ...roles.flatMap((r) => r.keys)]);
  const missing = ORDER.filter((k) => involvedKeys.has(k) && !held.has(k));
  // a key outside the tree (none should be stored) is refused too, after the known ones
  missing.push(...[...involvedKeys].filter((k) => !LABELS.has(k) && !held.has(k)));
  if (!missing.length) return;
  const beyond = roles.filter((r) => r.keys.some((k) => missing.includes(k)));
  throw beyond.length ? refusal('rolesBeyondYourKeys', missing, beyond) : refusal('keysBeyondYours', missing, []);
}

const FLAT = flattenPermissionTree();
const ORDER = FLAT.map((p) => p.key as string);
const BY_KEY = new Map(FLAT.map((p) => [p.key as string, p]));
/** A key as staff read it: an action with its menu ("用户列表·新增" / "Users: Add"), a menu by its name. */
const LABELS = new Map(
  FLAT.map((p) => {
    const parent = p.parentKey && p.kind === 'action' ? BY_KEY.get(p.parentKey) : undefined;
    const label: Label = parent ? { zh: `${parent.zh}·${p.zh}`, en: `${parent.en}: ${p.en}` } : { zh: p.zh, en: p.en };
    return [p.key as string, label];
  }),
);
const SHOWN = 6;

function listOf(items: Label[]): Label {
  const shown = items.slice(0, SHOWN);
  const more = items.length - shown.length;
  return {
    zh: shown.map((i) => i.zh).join('、') + (more > 0 ? ` 等 ${items.length} 项` : ''),
    en: shown.map((i) => i.en).join(', ') + (more > 0 ? ` and ${more} more` : ''),
  };
}

type RefusalKey = 'rootRoleOnly' | 'adminRoleOnly' | 'rolesBeyondYourKeys' | 'keysBeyondYours';

/** 403 naming the roles and the keys the actor lacks; data carries both for a client. */
function refusal(messageKey: RefusalKey, required: string[], roles: readonly InvolvedRole[]): AppError {
  const params = {
    roles: listOf(roles.map((r) => ({ zh: r.nameZh, en: r.nameEn }))),
    keys: listOf(required.map((k) => LABELS.get(k) ?? { zh: k, en: k })),
  };
  const data = { required, roles: roles.map((r) => r.code) };
  return new AppError(HttpStatus.FORBIDDEN, CODES.forbidden, messageKey, params, data, 'Forbidden');
}
