import { heldKeys, holdsPermission, isAdminHolder, isRootHolder, type PermissionHolder, type PermissionKey } from '@app/workflow';

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

/** The user as @app/workflow's permission check sees it: roles and the keys their roles grant. */
export function permissionHolder(user: Pick<AuthUser, 'roles' | 'permissions'>): PermissionHolder {
  return { roles: user.roles, authorityList: user.permissions };
}

export function isRoot(user: Pick<AuthUser, 'roles'>): boolean {
  return isRootHolder(user);
}

export function isAdmin(user: Pick<AuthUser, 'roles'>): boolean {
  return isAdminHolder(user);
}

/**
 * Every key the user holds by @app/workflow's holdsPermission: ROOT the whole tree, ROLE_ADMIN every
 * route key plus the action codes its roles grant (spec section 4: the full route set), anyone else
 * what their roles grant. The web and the machine look keys up in this list.
 */
export function authorityList(user: Pick<AuthUser, 'roles' | 'permissions'>): PermissionKey[] {
  return heldKeys(permissionHolder(user));
}

/** Whether the user holds `key` (spec sections 5-6, decided in @app/workflow's permission-check). */
export function holds(user: Pick<AuthUser, 'roles' | 'permissions'>, key: PermissionKey): boolean {
  return holdsPermission(permissionHolder(user), key);
}
