import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en';
import { type AppLanguage, persistLanguage, storedLanguage } from './language';
import zhCN from './zh-CN';

export const resources = {
  'zh-CN': { translation: zhCN },
  en: { translation: en },
} as const;

function applyToDocument(lang: AppLanguage) {
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

const initial = storedLanguage();
persistLanguage(initial);
applyToDocument(initial);

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'zh-CN',
  supportedLngs: ['zh-CN', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The one way to switch language: storage keys, i18next, dayjs and <html lang> together. */
export async function setLanguage(lang: AppLanguage): Promise<void> {
  persistLanguage(lang);
  applyToDocument(lang);
  await i18n.changeLanguage(lang);
}

export default i18n;
