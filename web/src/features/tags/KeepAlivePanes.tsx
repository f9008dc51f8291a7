import { Suspense, useMemo, useRef } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { PageErrorBoundary } from '@/ui/PageErrorBoundary';
import { CurrentRouteContext } from '@/navigation/current-route';
import type { ResolvedRoute } from '@/navigation/types';
import { PageLoading } from '@/navigation/navigation-effects';
import { useTags } from './TagsProvider';

function RoutePage({ route }: { route: ResolvedRoute }) {
  const Page = route.page;
  return (
    <CurrentRouteContext.Provider value={route}>
      <PageErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    </CurrentRouteContext.Provider>
  );
}

/** One pane renders the routes for its own tag's location, so its page sees its own params. */
function Pane({ routes, location }: { routes: RouteObject[]; location: string }) {
  return useRoutes(routes, location);
}

/**
 * Every open tag's page stays mounted and only the active one is shown: switching tags keeps a
 * page's state (form input, paging, scroll inside it). "Refresh" remounts one pane via its key.
 */
export function KeepAlivePanes({ routes }: { routes: readonly ResolvedRoute[] }) {
  const { tags, activeId } = useTags();
  const location = useLocation();
  const active = location.pathname + location.search;
  const routeObjects = useMemo<RouteObject[]>(() => routes.map((route) => ({ path: route.fullPath, element: <RoutePage route={route} /> })), [routes]);
  // The current page shows at once, even before its tag exists (or if it never gets one, like 404);
  // a list page's pane follows its query at once too (same pane, so it is not mounted again).
  const panes = tags.some((tag) => tag.id === activeId)
    ? tags.map((tag) => (tag.id === activeId ? { ...tag, path: active } : tag))
    : [...tags, { id: activeId, path: active, version: 0 }];
  // A tag's page mounts the first time it is shown (the affixed dashboard is not loaded until then),
  // and stays mounted while its tag is open.
  const visited = useRef(new Set<string>());
  visited.current.add(activeId);
  for (const id of visited.current) if (id !== activeId && !tags.some((tag) => tag.id === id)) visited.current.delete(id);

  return (
    <>
      {panes.map((pane) => (
        <div
          key={`${pane.id}#${pane.version}`}
          style={pane.id === activeId ? undefined : { display: 'none' }}
          data-testid="page-pane"
          data-active={pane.id === activeId || undefined}
          data-path={pane.path}
        >
          {visited.current.has(pane.id) && <Pane routes={routeObjects} location={pane.path} />}
        </div>
      ))}
    </>
  );
}
