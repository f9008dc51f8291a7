import { ROLE_ROOT } from '@app/workflow/permissions';

export interface PermissionHolder {
  roles: readonly string[];
  authorityList: readonly string[];
}

/**
 * The element gate of spec section 5: a list of codes is mandatory ('need perms!'); ROOT passes;
 * otherwise the user must hold at least one listed code in authorityList.
 */
export function hasPerms(perms: unknown, user: PermissionHolder | null | undefined): boolean {
  if (!Array.isArray(perms) || perms.length === 0) throw new Error('need perms!');
  if (!user) return false;
  if (user.roles.includes(ROLE_ROOT)) return true;
  return perms.some((code) => user.authorityList.includes(code));
}
