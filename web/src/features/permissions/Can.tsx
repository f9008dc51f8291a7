import { type ReactNode, useCallback } from 'react';
import { useSession } from '@/features/auth/session';
import { hasPerms } from './has-perms';

/** `const can = useCan(); can(['sys:user:add'])`; calling it without a list throws 'need perms!'. */
export function useCan(): (perms: readonly string[]) => boolean {
  const { user } = useSession();
  return useCallback((perms: readonly string[]) => hasPerms(perms, user), [user]);
}

export interface CanProps {
  perms: readonly string[];
  children: ReactNode;
  /** Shown instead when the user lacks every listed code; nothing by default (the element is removed). */
  fallback?: ReactNode;
}

/** Renders its children only for users holding one of `perms` (ROOT always). */
export function Can({ perms, children, fallback = null }: CanProps) {
  const can = useCan();
  return <>{can(perms) ? children : fallback}</>;
}
