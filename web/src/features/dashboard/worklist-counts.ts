/** How the dashboard arranges the worklist counts (GET /server/worklists/counts, dashboard-api.ts). */
import type { WorklistCount } from './dashboard-api';

export type { WorklistCount };

export interface DashboardEntry {
  name: WorklistCount['name'];
  path: string;
  total: number;
  totalCapped: boolean;
  totalEstimated: boolean;
  todo: number | null;
  todoCapped: boolean;
  todoEstimated: boolean;
}

export interface DashboardModel {
  /** Lists with loans waiting for the user, in pipeline (registry) order. */
  todos: DashboardEntry[];
  /** Every list the user may open, by route group, in the registry's order. */
  groups: { group: WorklistCount['group']; entries: DashboardEntry[] }[];
}

/**
 * Arranges the server's counts; a list without a route the user may open here (`pathOf` answers null)
 * is left out, so every entry is a link that opens.
 */
export function dashboardModel(counts: readonly WorklistCount[], pathOf: (name: WorklistCount['name']) => string | null): DashboardModel {
  const entries: (DashboardEntry & { group: WorklistCount['group'] })[] = [];
  for (const c of counts) {
    const path = pathOf(c.name);
    if (path)
      entries.push({
        name: c.name,
        group: c.group,
        path,
        total: c.total,
        totalCapped: c.totalCapped,
        totalEstimated: c.totalEstimated,
        todo: c.todo,
        todoCapped: c.todoCapped,
        todoEstimated: c.todoEstimated,
      });
  }
  const groups: DashboardModel['groups'] = [];
  for (const { group, ...entry } of entries) {
    const last = groups.find((g) => g.group === group);
    if (last) last.entries.push(entry);
    else groups.push({ group, entries: [entry] });
  }
  return {
    todos: entries.filter((e) => (e.todo ?? 0) > 0).map(({ group: _group, ...entry }) => entry),
    groups,
  };
}

/** A count as shown: the planner's estimate of a large list says "about", a bounded count "at least". */
export function formatCount(n: number, capped: boolean, estimated = false): string {
  if (estimated) return `≈${n.toLocaleString('en')}`;
  return capped ? `${n}+` : String(n);
}
