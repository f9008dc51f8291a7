/**
 * The one place that decides whether someone holds a permission key (spec sections 5-6). The server's
 * guard and services, the web's routes and <Can>, and the machine's legalActions all ask here.
 *
 * - ROOT passes every check.
 * - ROLE_ADMIN passes every route (menu) key and every route gate, but an action code only when one
 *   of its roles grants it: administering the system is not the same as acting on a loan.
 * - Anyone else needs the key among the keys granted through their roles.
 */

import { ALL_PERMISSION_KEYS, permissionKind, ROLE_ADMIN, ROLE_ROOT, type PermissionKey } from './permissions';

export interface PermissionHolder {
  roles: readonly string[];
  /** The keys granted to the holder (the server's role grants, the web's authorityList). */
  authorityList: readonly string[];
}

export function isRootHolder(holder: Pick<PermissionHolder, 'roles'>): boolean {
  return holder.roles.includes(ROLE_ROOT);
}

/** ROOT or ROLE_ADMIN: receives every route (spec section 4, session). */
export function isAdminHolder(holder: Pick<PermissionHolder, 'roles'>): boolean {
  return isRootHolder(holder) || holder.roles.includes(ROLE_ADMIN);
}

/** Whether `holder` holds `key`, by the rules above. */
export function holdsPermission(holder: PermissionHolder, key: PermissionKey): boolean {
  if (isRootHolder(holder)) return true;
  if (holder.roles.includes(ROLE_ADMIN) && permissionKind(key) === 'menu') return true;
  return holder.authorityList.includes(key);
}

/** Whether `holder` holds at least one of `keys` (the element directive of spec section 5). */
export function holdsAnyPermission(holder: PermissionHolder, keys: readonly PermissionKey[]): boolean {
  return keys.some((key) => holdsPermission(holder, key));
}

/** Who may open a route: the web's route table and the server's list of worklists use the same rule. */
export interface RouteGate {
  /** Any one of these keys lets the user in. No list: anyone signed in. */
  perms?: readonly PermissionKey[];
  /** Only ROLE_ADMIN (or ROOT) may open it, whatever keys the user holds. */
  adminOnly?: boolean;
}

/** Route gates of spec section 5: ROOT and ROLE_ADMIN pass every one, whatever keys it names. */
export function passesRouteGate(holder: PermissionHolder, gate: RouteGate): boolean {
  if (isAdminHolder(holder)) return true;
  if (gate.adminOnly) return false;
  if (!gate.perms || gate.perms.length === 0) return true;
  return holdsAnyPermission(holder, gate.perms);
}

/**
 * The keys to hand a signed-in user as authorityList: exactly those that pass holdsPermission, so a
 * client that only looks the key up in the list decides as this module does.
 */
export function heldKeys(holder: PermissionHolder): PermissionKey[] {
  return ALL_PERMISSION_KEYS.filter((key) => holdsPermission(holder, key));
}
