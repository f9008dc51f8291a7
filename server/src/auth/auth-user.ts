import { ALL_PERMISSION_KEYS, isPermissionKey, ROLE_ADMIN, ROLE_ROOT } from '@app/workflow';

/** The signed-in user as the guard resolved it for this request. */
export interface AuthUser {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  roles: string[];
  /** Permission keys granted through the user's roles. */
  permissions: string[];
  sessionId: string;
}

export function isRoot(user: Pick<AuthUser, 'roles'>): boolean {
  return user.roles.includes(ROLE_ROOT);
}

export function isAdmin(user: Pick<AuthUser, 'roles'>): boolean {
  return isRoot(user) || user.roles.includes(ROLE_ADMIN);
}

/** Every key the user holds: ROOT and ROLE_ADMIN are handed the whole tree (spec section 4, session). */
export function authorityList(user: Pick<AuthUser, 'roles' | 'permissions'>): string[] {
  return isAdmin(user) ? [...ALL_PERMISSION_KEYS] : [...new Set(user.permissions)].filter(isPermissionKey);
}

/**
 * Spec section 6: ROOT passes everything; ROLE_ADMIN passes every route (menu) gate; anyone else must
 * hold the key through a role.
 */
export function holds(user: Pick<AuthUser, 'roles' | 'permissions'>, key: string, kind: 'menu' | 'action'): boolean {
  if (isRoot(user)) return true;
  if (kind === 'menu' && user.roles.includes(ROLE_ADMIN)) return true;
  return user.permissions.includes(key);
}
