import type { PermissionKey } from '@app/workflow';
import { type ReactNode, useCallback } from 'react';
import { useSession } from '@/features/auth/session';
import { hasPerms } from './has-perms';

/**
 * `const can = useCan(); can(['sys:user:add'])`; calling it without a list throws 'need perms!'. Only
 * keys of the permission tree compile.
 */
export function useCan(): (perms: readonly PermissionKey[]) => boolean {
  const { user } = useSession();
  return useCallback((perms: readonly PermissionKey[]) => hasPerms(perms, user), [user]);
}

export interface CanProps {
  perms: readonly PermissionKey[];
  children: ReactNode;
  /** Shown instead when the user lacks every listed code; nothing by default (the element is removed). */
  fallback?: ReactNode;
}

/** Renders its children only for users holding one of `perms` (ROOT always). */
export function Can({ perms, children, fallback = null }: CanProps) {
  const can = useCan();
  return <>{can(perms) ? children : fallback}</>;
}
