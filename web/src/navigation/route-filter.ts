/**
 * Which routes a user may open (spec sections 2, 5, 6): ROLE_ADMIN and ROOT pass every route gate;
 * a route without keys is open to anyone signed in; otherwise the user must hold one of its keys.
 * Applied to the group first, then to each child, so a child is never reachable under a closed group.
 */
import { isAdminHolder, passesRouteGate, type PermissionHolder } from '@app/workflow';
import { matchPath } from 'react-router-dom';
import type { GroupKey, PageRoute, ResolvedRoute, RouteAccessRule, RouteGroup } from './types';

/** The user as the permission check sees it: roles and every key held (route keys and action codes). */
export type UserAccess = PermissionHolder;

export interface AccessSource {
  roles?: readonly string[] | null;
  perms?: readonly string[] | null;
  authorityList?: readonly string[] | null;
}

export function accessOf(user: AccessSource): UserAccess {
  return {
    roles: user.roles ?? [],
    authorityList: [...new Set([...(user.perms ?? []), ...(user.authorityList ?? [])])],
  };
}

export function isAdmin(access: UserAccess): boolean {
  return isAdminHolder(access);
}

export function canOpen(rule: RouteAccessRule, access: UserAccess): boolean {
  return passesRouteGate(access, rule);
}

/** The route table cut down to what this user may open; groups left empty disappear. */
export function filterRoutes(table: readonly RouteGroup[], access: UserAccess): RouteGroup[] {
  const out: RouteGroup[] = [];
  for (const group of table) {
    if (!canOpen(group, access)) continue;
    const children = group.children.filter((child) => canOpen(child, access));
    if (children.length > 0) out.push({ ...group, children });
  }
  return out;
}

export function joinPath(base: string, child: string): string {
  return `${base}/${child}`.replace(/\/+/g, '/');
}

export function resolveRoutes(groups: readonly RouteGroup[]): ResolvedRoute[] {
  return groups.flatMap((group) => group.children.map((child) => ({ ...child, fullPath: joinPath(group.path, child.path), group })));
}

export interface MenuGroup {
  key: GroupKey;
  items: ResolvedRoute[];
}

/** What the menu lists: visible groups with their visible pages, in table order. */
export function menuOf(groups: readonly RouteGroup[]): MenuGroup[] {
  return groups
    .filter((group) => !group.hidden)
    .map((group) => ({
      key: group.key,
      items: group.children.filter((c) => !c.hidden).map((c) => ({ ...c, fullPath: joinPath(group.path, c.path), group })),
    }))
    .filter((group) => group.items.length > 0);
}

export interface RouteMatch {
  route: ResolvedRoute;
  params: Record<string, string | undefined>;
}

export function findRoute(routes: readonly ResolvedRoute[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const match = matchPath({ path: route.fullPath, end: true, caseSensitive: false }, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}

/** The menu entry to highlight for a route: its activeMenu, else itself. */
export function menuPathOf(route: Pick<PageRoute, 'activeMenu'> & { fullPath: string }): string {
  return route.activeMenu ?? route.fullPath;
}
