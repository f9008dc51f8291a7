import { isAdminHolder } from '@app/workflow';
import { showErrorToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { useSession } from '@/features/auth/session';
import { accessOf } from '@/navigation/route-filter';

/** Administrators change the settings, groups and classes; everyone else reads them. */
export function useIsAdmin(): boolean {
  const { user } = useSession();
  return isAdminHolder(accessOf(user ?? {}));
}

export const failed = (error: unknown, fallback: string) => showErrorToast(error instanceof ApiError ? error.message : fallback);
