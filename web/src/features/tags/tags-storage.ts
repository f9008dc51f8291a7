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
