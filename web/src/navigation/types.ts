import type { RouteGate } from '@app/workflow';
import type { ComponentType, LazyExoticComponent } from 'react';
import type zhCN from '@/i18n/zh-CN';

/**
 * Route names double as i18n keys (routes.pages.<name>): a route without a title fails to compile.
 * The worklists' names are among them (their titles come from the registry's WORKLIST_LABELS).
 */
export type RouteName = keyof typeof zhCN.routes.pages;
export type GroupKey = keyof typeof zhCN.routes.groups;

export type PageComponent = LazyExoticComponent<ComponentType>;

/**
 * Who may open a route (spec sections 2, 5, 6), decided by @app/workflow's passesRouteGate. `perms`
 * takes keys of the permission tree only: an unknown key does not compile.
 */
export type RouteAccessRule = RouteGate;

export interface PageRoute extends RouteAccessRule {
  name: RouteName;
  /** Relative to the group's path; may hold :params. */
  path: string;
  page: PageComponent;
  /** Not listed in the menu (detail pages, drill-downs). */
  hidden?: boolean;
  /** Full path of the menu entry highlighted while this page is open. */
  activeMenu?: string;
  /** Its tag cannot be closed and is open from the start. */
  affix?: boolean;
  /** Never opens a tag (error pages). */
  noTag?: boolean;
  /**
   * The query holds the page's own state (a list's filters, sort and page), not what it shows: the
   * page keeps one tag whose query follows it, rather than a tag per query.
   */
  listState?: boolean;
}

export interface RouteGroup extends RouteAccessRule {
  key: GroupKey;
  /** '' for the root children (/dashboard, /401, /404). */
  path: string;
  hidden?: boolean;
  children: PageRoute[];
}

/** A page route with its absolute path and the group it belongs to. */
export interface ResolvedRoute extends PageRoute {
  fullPath: string;
  group: RouteGroup;
}
