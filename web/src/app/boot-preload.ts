/**
 * Loaded at boot (main.tsx) when a token is present: fetches the code of the page the address names,
 * so that it arrives while the current-user request is under way rather than after it. Which routes
 * the user may open is decided later, by the shell; a page fetched for nothing costs one request.
 */
import { findRoute, resolveRoutes } from '@/navigation/route-filter';
import type { PreloadablePage } from './routes/preload';
import { ROUTE_TABLE } from './routes/route-table';

export function preloadPageOf(pathname: string): void {
  const match = findRoute(resolveRoutes(ROUTE_TABLE), pathname);
  const page = match?.route.page as Partial<PreloadablePage> | undefined;
  void page?.preload?.().catch(() => undefined);
}
