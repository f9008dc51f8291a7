import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** i18next language codes; the spec stores them differently (see below). */
export type AppLanguage = 'zh-CN' | 'en';
export const LANGUAGES: AppLanguage[] = ['zh-CN', 'en'];
export const DEFAULT_LANGUAGE: AppLanguage = 'zh-CN';

/** `language` holds 'zh-cn' or 'en' (spec section 3); anything but 'en' means Chinese. */
export function storedLanguage(): AppLanguage {
  const value = (readStorage(STORAGE_KEYS.language) ?? '').toLowerCase();
  return value === 'en' || value === 'en-us' ? 'en' : 'zh-CN';
}

/** Writes both keys: `language` for the client, `Accept-Language` for every request. */
export function persistLanguage(lang: AppLanguage): void {
  writeStorage(STORAGE_KEYS.language, lang === 'en' ? 'en' : 'zh-cn');
  writeStorage(STORAGE_KEYS.acceptLanguage, lang);
}

export function acceptLanguageHeader(): string {
  const stored = readStorage(STORAGE_KEYS.acceptLanguage);
  return stored === 'en' || stored === 'zh-CN' ? stored : storedLanguage();
}
