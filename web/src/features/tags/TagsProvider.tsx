import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { findRoute, type RouteMatch } from '@/app/routes/route-filter';
import { DASHBOARD_PATH } from '@/app/routes/paths';
import type { ResolvedRoute } from '@/app/routes/types';
import { useSession } from '@/features/auth/session';
import { addTag, capTags, closeAllTags, closeOtherTags, closeTag, pathAfterClose, refreshTag, restoreTags, storedTags, tagId, type Tag } from './tags-state';
import { readStoredTags, writeStoredTags } from './tags-storage';

export interface TagsApi {
  tags: Tag[];
  activePath: string;
  /** The identity of the tag of the page shown now (see Tag.id). */
  activeId: string;
  refresh: (path: string) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
}

const TagsContext = createContext<TagsApi | null>(null);

function affixTags(routes: readonly ResolvedRoute[]): Tag[] {
  return routes.filter((r) => r.affix).map((r) => ({ id: r.fullPath, path: r.fullPath, name: r.name, affix: true, version: 0 }));
}

/**
 * Keeps the list of open pages; every matched navigation opens (or re-activates) a tag. The list is
 * kept in session storage, so a reload restores it (the page shown is the URL's).
 */
export function TagsProvider({ routes, match, children }: { routes: readonly ResolvedRoute[]; match: RouteMatch | null; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const activePath = location.pathname + location.search;
  const userId = useSession().user?.id ?? '';
  // `routes` are the routes this user may open now: a stored tag whose route is not among them is dropped.
  const [tags, setTags] = useState<Tag[]>(() =>
    restoreTags(readStoredTags(), userId, affixTags(routes), (pathname) => {
      const found = findRoute(routes, pathname)?.route;
      return found ? { name: found.name, listState: Boolean(found.listState), affix: Boolean(found.affix), noTag: Boolean(found.noTag) } : null;
    }),
  );

  const route = match?.route ?? null;
  const activeId = tagId(location.pathname, location.search, Boolean(route?.listState));
  useEffect(() => {
    if (!route || route.noTag) return;
    setTags((current) => capTags(addTag(current, { id: activeId, path: activePath, name: route.name, affix: Boolean(route.affix) }), activeId));
  }, [route, activeId, activePath]);

  useEffect(() => {
    if (userId) writeStoredTags(storedTags(userId, tags, activePath));
  }, [userId, tags, activePath]);

  const leave = useCallback(
    (remaining: Tag[]) => {
      setTags(remaining);
      const next = pathAfterClose(remaining, activePath, DASHBOARD_PATH);
      if (next !== activePath) void navigate(next);
    },
    [activePath, navigate],
  );

  const api = useMemo<TagsApi>(
    () => ({
      tags,
      activePath,
      activeId,
      // Remount the page and mark cached data stale, so the fresh page loads its data again.
      refresh: (path) => {
        setTags((current) => refreshTag(current, path));
        void queryClient.invalidateQueries();
      },
      close: (path) => leave(closeTag(tags, path)),
      closeOthers: (path) => {
        setTags(closeOtherTags(tags, path));
        if (path !== activePath) void navigate(path);
      },
      closeAll: () => leave(closeAllTags(tags)),
    }),
    [tags, activePath, activeId, leave, navigate, queryClient],
  );

  return <TagsContext.Provider value={api}>{children}</TagsContext.Provider>;
}

export function useTags(): TagsApi {
  const api = useContext(TagsContext);
  if (!api) throw new Error('useTags outside TagsProvider');
  return api;
}
