/** Open-page tags as pure list operations, so the rules are testable without a browser. */
import type { RouteName } from '@/app/routes/types';

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
