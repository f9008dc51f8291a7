/** The open tags in session storage: they survive a reload of the tab, not the tab's closing. */
import type { StoredTags } from './tags-state';

const KEY = 'tagsView';

export function readStoredTags(): unknown {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null; // unreadable or not JSON: start with the affixed tags only
  }
}

export function writeStoredTags(value: StoredTags): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    /* ignored: the tags are simply not kept over a reload */
  }
}

const TITLES_KEY = 'tagTitles';

/** The titles pages gave their tags (tag id: title); anything malformed reads as none. */
export function readStoredTagTitles(): Record<string, string> {
  try {
    const raw = window.sessionStorage.getItem(TITLES_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const titles: Record<string, string> = {};
    for (const [id, title] of Object.entries(parsed)) if (typeof title === 'string' && title) titles[id] = title.slice(0, 200);
    return titles;
  } catch {
    return {};
  }
}

export function writeStoredTagTitles(value: Record<string, string>): void {
  try {
    window.sessionStorage.setItem(TITLES_KEY, JSON.stringify(value));
  } catch {
    /* ignored: restored tags show their route's name until their page loads */
  }
}
