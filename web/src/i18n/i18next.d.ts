import 'i18next';
import type zhCN from './zh-CN';

// Typed keys: t('auth.title') is checked against the Chinese dictionary at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}
