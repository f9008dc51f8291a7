/** Open-page tags as pure list operations, so the rules are testable without a browser. */
import type { RouteName } from '@/navigation/types';

export interface Tag {
  /**
   * What makes a tag: pathname + search (two detail pages of different records are two tags), or
   * the pathname alone for a page whose query is its own state (a list's filters and page).
   */
  id: string;
  /** Where the tag leads: pathname + search, as the page was last seen. */
  path: string;
  name: RouteName;
  /** Cannot be closed (the dashboard). */
  affix: boolean;
  /** Bumped by "refresh": the page remounts from scratch. */
  version: number;
}

/** The tag's identity for a location: `listState` pages keep one tag whatever their query. */
export function tagId(pathname: string, search: string, listState: boolean): string {
  return listState ? pathname : pathname + search;
}

/**
 * Opens a tag, or moves an open one to the page's current query. Returns the same array when
 * nothing changes, so React sees no change.
 */
export function addTag(tags: Tag[], tag: Omit<Tag, 'version'>): Tag[] {
  const open = tags.find((t) => t.id === tag.id);
  if (!open) return [...tags, { ...tag, version: 0 }];
  if (open.path === tag.path) return tags;
  return tags.map((t) => (t === open ? { ...t, path: tag.path } : t));
}

export function closeTag(tags: readonly Tag[], path: string): Tag[] {
  return tags.filter((t) => t.affix || t.path !== path);
}

export function closeOtherTags(tags: readonly Tag[], path: string): Tag[] {
  return tags.filter((t) => t.affix || t.path === path);
}

export function closeAllTags(tags: readonly Tag[]): Tag[] {
  return tags.filter((t) => t.affix);
}

export function refreshTag(tags: readonly Tag[], path: string): Tag[] {
  return tags.map((t) => (t.path === path ? { ...t, version: t.version + 1 } : t));
}

/** Where to go after closing: stay if the active page survived, else the last remaining tag. */
export function pathAfterClose(remaining: readonly Tag[], activePath: string, fallback: string): string {
  if (remaining.some((t) => t.path === activePath)) return activePath;
  return remaining.at(-1)?.path ?? fallback;
}

/** The most tags kept open: every open tag keeps its page mounted, so the count is bounded. */
export const MAX_TAGS = 15;

/**
 * Keeps at most `max` tags: the affixed ones and the one shown now always stay; the oldest others
 * go first. Returns the same array when nothing goes.
 */
export function capTags(tags: Tag[], activeId: string, max = MAX_TAGS): Tag[] {
  let excess = tags.length - max;
  if (excess <= 0) return tags;
  return tags.filter((t) => {
    if (excess <= 0 || t.affix || t.id === activeId) return true;
    excess--;
    return false;
  });
}

/** What a reload keeps of the tags: where each leads, in order, and which one was shown. */
export interface StoredTags {
  user: string;
  paths: string[];
  active: string | null;
}

export function storedTags(user: string, tags: readonly Tag[], activePath: string): StoredTags {
  return { user, paths: tags.filter((t) => !t.affix).map((t) => t.path), active: activePath };
}

/** A stored path's route as the user may open it now (null: not a route, or not theirs any more). */
export type ResolveTagRoute = (pathname: string) => { name: RouteName; listState: boolean; affix: boolean; noTag: boolean } | null;

/**
 * The tags a reload restores, from what was stored for this user (anything else, malformed or another
 * user's, restores nothing): the affixed ones first, then the stored ones in order, each only if the
 * user may still open its route (permissions change, routes go), without duplicates, capped.
 * Names and identities come from today's route table, never from storage.
 */
export function restoreTags(stored: unknown, user: string, affixed: readonly Tag[], resolve: ResolveTagRoute, max = MAX_TAGS): Tag[] {
  const tags = [...affixed];
  if (!stored || typeof stored !== 'object') return tags;
  const { user: owner, paths, active } = stored as Partial<StoredTags>;
  if (owner !== user || !Array.isArray(paths)) return tags;
  for (const path of paths) {
    if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) continue;
    const cut = path.search(/[?#]/);
    const pathname = cut < 0 ? path : path.slice(0, cut);
    const search = cut < 0 ? '' : path.slice(cut).split('#')[0];
    const route = resolve(pathname);
    if (!route || route.noTag || route.affix) continue;
    const id = tagId(pathname, search, route.listState);
    if (tags.some((t) => t.id === id)) continue;
    tags.push({ id, path: pathname + search, name: route.name, affix: false, version: 0 });
  }
  const activeTag = tags.find((t) => t.path === active);
  return capTags(tags, activeTag?.id ?? '', max);
}

/** How many characters a tag title shows; CJK characters count double (they are twice as wide). */
export const TAG_TITLE_WIDTH = 20;

/** A page's title cut to fit a tag: whole if it fits, else its start and an ellipsis. */
export function shortTagTitle(title: string, width = TAG_TITLE_WIDTH): string {
  const chars = [...title.trim()];
  const w = (c: string) => (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(c) ? 2 : 1);
  if (chars.reduce((n, c) => n + w(c), 0) <= width) return chars.join('');
  let used = 0;
  let out = '';
  for (const c of chars) {
    if (used + w(c) > width - 1) break;
    used += w(c);
    out += c;
  }
  return `${out.trimEnd()}…`;
}
