import { useMemo } from 'react';
import { useSession } from '@/features/auth/session';
import { accessOf, filterRoutes, menuOf, resolveRoutes } from '@/navigation/route-filter';
import { ROUTE_TABLE } from './route-table';

/** The signed-in user's routes: allowed groups, flat resolved routes and the menu. */
export function useAllowedRoutes() {
  const { user } = useSession();
  return useMemo(() => {
    const access = accessOf(user ?? {});
    const groups = filterRoutes(ROUTE_TABLE, access);
    return { groups, routes: resolveRoutes(groups), menu: menuOf(groups) };
  }, [user]);
}
