import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type AppLanguage, persistLanguage, storedLanguage } from './language';
import zhCN from './zh-CN';

// Chinese, the default and the fallback, comes with the first page; English is fetched the first time
// it is wanted (at boot for an English session, else on the switch), so a Chinese session never loads it.
export const resources = {
  'zh-CN': { translation: zhCN },
} as const;

const englishOnDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language !== 'en') return callback(null, {});
    import('./en').then(
      (m) => callback(null, m.default as unknown as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function applyToDocument(lang: AppLanguage) {
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

const initial = storedLanguage();
persistLanguage(initial);
applyToDocument(initial);

/** Settles once the stored language's words are there (at once for Chinese): main.tsx renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(englishOnDemand)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: 'zh-CN',
    supportedLngs: ['zh-CN', 'en'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  })
  .catch(() => undefined);

/** The one way to switch language: storage keys, i18next, dayjs and <html lang> together. */
export async function setLanguage(lang: AppLanguage): Promise<void> {
  persistLanguage(lang);
  applyToDocument(lang);
  await i18n.changeLanguage(lang);
}

export default i18n;
