import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { findRoute, type RouteMatch } from '@/navigation/route-filter';
import { DASHBOARD_PATH } from '@/navigation/paths';
import type { ResolvedRoute } from '@/navigation/types';
import { useSession } from '@/features/auth/session';
import { addTag, capTags, closeAllTags, closeOtherTags, closeTag, pathAfterClose, refreshTag, restoreTags, storedTags, tagId, type Tag } from './tags-state';
import { readStoredTagTitles, readStoredTags, writeStoredTagTitles, writeStoredTags } from './tags-storage';

export interface TagsApi {
  tags: Tag[];
  activePath: string;
  /** The identity of the tag of the page shown now (see Tag.id). */
  activeId: string;
  refresh: (path: string) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  /** Titles that pages gave their own tag (a loan's tag names its company), by tag id. */
  titles: Readonly<Record<string, string>>;
  setTitle: (id: string, title: string | null) => void;
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

  // Kept over a reload like the tags, so a restored tag keeps its page's title before the page loads.
  const [titles, setTitles] = useState<Record<string, string>>(() => readStoredTagTitles());
  const setTitle = useCallback((id: string, title: string | null) => {
    setTitles((current) => {
      if ((current[id] ?? null) === title) return current;
      const next = { ...current };
      if (title) next[id] = title;
      else delete next[id];
      return next;
    });
  }, []);
  useEffect(() => {
    // Only the titles of open tags are kept.
    const open = new Set(tags.map((t) => t.id));
    writeStoredTagTitles(Object.fromEntries(Object.entries(titles).filter(([id]) => open.has(id))));
  }, [tags, titles]);

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
      titles,
      setTitle,
    }),
    [tags, activePath, activeId, leave, navigate, queryClient, titles, setTitle],
  );

  return <TagsContext.Provider value={api}>{children}</TagsContext.Provider>;
}

/**
 * Titles the tag of the page this is called in (its own pane's location), e.g. by the loan's company;
 * null keeps the route's name. The title is shortened; the tag shows the whole of it on hover.
 */
export function usePageTagTitle(title: string | null | undefined): void {
  const location = useLocation();
  const api = useContext(TagsContext);
  const setTitle = api?.setTitle;
  const id = tagId(location.pathname, location.search, false);
  useEffect(() => {
    if (setTitle && title) setTitle(id, title);
  }, [setTitle, id, title]);
}

export function useTags(): TagsApi {
  const api = useContext(TagsContext);
  if (!api) throw new Error('useTags outside TagsProvider');
  return api;
}
