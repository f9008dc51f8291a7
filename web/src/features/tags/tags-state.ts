/** Open-page tags as pure list operations, so the rules are testable without a browser. */
import type { RouteName } from '@/app/routes/types';

export interface Tag {
  /** pathname + search: two detail pages of different records are two tags. */
  path: string;
  name: RouteName;
  /** Cannot be closed (the dashboard). */
  affix: boolean;
  /** Bumped by "refresh": the page remounts from scratch. */
  version: number;
}

/** Returns the same array when the tag is already open, so React sees no change. */
export function addTag(tags: Tag[], tag: Omit<Tag, 'version'>): Tag[] {
  if (tags.some((t) => t.path === tag.path)) return tags;
  return [...tags, { ...tag, version: 0 }];
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
