/**
 * Local-storage keys of spec sections 3 and 9, spelled exactly as the spec names them: other tools
 * (and the browser tests) read them, so never rename one.
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  pcToken: 'pcToken',
  acceptLanguage: 'Accept-Language',
  device: 'device',
  size: 'size',
  language: 'language',
  sidebarStatus: 'sidebarStatus',
  activeTop: 'activeTop',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, quota); a settings write failing must never break the page.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* ignored: the value simply is not remembered */
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* ignored */
  }
}

/** Spec: signing out and an expired session both clear ALL local storage (and the tab's session storage: the open tags). */
export function clearStorage(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    /* ignored */
  }
}

export function getAccessToken(): string | null {
  return readStorage(STORAGE_KEYS.accessToken);
}

/** Stores the login answer's extras: the token under accessToken and the whole object under pcToken. */
export function saveLoginExtras(extras: Record<string, unknown>): string {
  const token = extras['x-platform-token'];
  if (typeof token !== 'string' || token.length === 0) throw new Error('login answer carries no x-platform-token');
  writeStorage(STORAGE_KEYS.accessToken, token);
  writeStorage(STORAGE_KEYS.pcToken, JSON.stringify(extras));
  return token;
}

/** Forgets the session only (used when loading the current user fails); settings stay. */
export function clearSessionTokens(): void {
  removeStorage(STORAGE_KEYS.accessToken);
  removeStorage(STORAGE_KEYS.pcToken);
}

/** Client-side settings defaults of spec section 3, written once so the keys always exist. */
export function ensureSettingDefaults(): void {
  const defaults: [StorageKey, string][] = [
    [STORAGE_KEYS.device, 'desktop'],
    [STORAGE_KEYS.size, 'default'],
    [STORAGE_KEYS.sidebarStatus, 'closed'],
  ];
  for (const [key, value] of defaults) if (readStorage(key) === null) writeStorage(key, value);
}
