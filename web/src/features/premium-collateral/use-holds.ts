import { holdsPermission, type PermissionKey } from '@app/workflow';
import { accessOf } from '@/navigation/route-filter';
import { useSession } from '@/features/auth/session';

/** Whether the signed-in user holds `key` (the server checks again; this only hides what would be refused). */
export function useHolds(...keys: PermissionKey[]): boolean {
  const { user } = useSession();
  const access = accessOf(user ?? {});
  return keys.some((key) => holdsPermission(access, key));
}
