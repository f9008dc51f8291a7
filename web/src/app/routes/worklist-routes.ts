/**
 * The routes of the worklists (@app/workflow's registry): one per entry, in its group, on the one
 * worklist page. A new registry entry needs nothing here: its route, menu entry and gate follow.
 */
import { WORKLIST_NAMES, WORKLISTS, type WorklistDef, type WorklistGroup, type WorklistName } from '@app/workflow';
import { WORKLIST_PATHS } from '@/navigation/paths';
import { worklistPage } from './pages';
import type { PageRoute, RouteName } from '@/navigation/types';

/** A worklist with keys that open it besides its own (the letter sealing accepts three). */
type Entry = WorklistDef & { alsoAccepted?: readonly string[] };

export function worklistRoute(name: WorklistName): PageRoute {
  const def: Entry = WORKLISTS[name];
  const route: PageRoute = {
    name,
    path: WORKLIST_PATHS[name] ?? name,
    page: worklistPage,
    perms: [def.permission, ...(def.alsoAccepted ?? [])],
    listState: true,
  };
  // The statistics drill-downs open from the overview, which stays highlighted.
  if (def.group === 'statistics') return { ...route, hidden: true, activeMenu: '/statistics/list' };
  return route;
}

export function worklistRoutes(group: WorklistGroup): PageRoute[] {
  return WORKLIST_NAMES.filter((name) => WORKLISTS[name].group === group).map(worklistRoute);
}

/** A fixed route of a group with worklists; `after`: the route it follows in the menu. */
export type FixedRoute = PageRoute & { after?: RouteName };

/**
 * A group's children: its worklists and its fixed routes. A fixed route named like a worklist is a
 * placeholder: the worklist's route takes its place. The other worklists come first, in registry
 * order; a fixed route with `after` follows that route, the others come last in their order.
 */
export function withWorklists(group: WorklistGroup, fixed: readonly FixedRoute[]): PageRoute[] {
  const generated = worklistRoutes(group);
  const placeholders = new Set<string>(fixed.map((route) => route.name));
  const out = generated.filter((route) => !placeholders.has(route.name));
  for (const { after, ...route } of fixed) {
    const own = generated.find((g) => g.name === route.name) ?? route;
    const at = after ? out.findIndex((r) => r.name === after) : -1;
    if (at >= 0) out.splice(at + 1, 0, own);
    else out.push(own);
  }
  return out;
}
