import { holdsAnyPermission, type PermissionHolder, type PermissionKey } from '@app/workflow';

export type { PermissionHolder };

/**
 * The element gate of spec section 5: a list of codes is mandatory ('need perms!'); whether the user
 * holds one of them is @app/workflow's holdsAnyPermission, the rule the server enforces.
 */
export function hasPerms(perms: readonly PermissionKey[] | undefined, user: PermissionHolder | null | undefined): boolean {
  // Checked at run time as well: a list built from data (or a cast) can still be missing.
  if (!Array.isArray(perms) || perms.length === 0) throw new Error('need perms!');
  if (!user) return false;
  return holdsAnyPermission(user, perms);
}
