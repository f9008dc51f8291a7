import type { Label } from '@app/workflow';
import { useTranslation } from 'react-i18next';

/** The language as the machine's and the domain's labels name it ({zh, en}). */
export type Lang = 'zh' | 'en';

export function langOf(language: string | undefined): Lang {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/** The current language as a label key, re-rendering on a switch. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return langOf(i18n.language);
}

/** A {zh, en} label in `lang` (falling back to the other language); a plain string as it is. */
export function pick(label: Label | string | null | undefined, lang: Lang): string {
  if (label === null || label === undefined) return '';
  if (typeof label === 'string') return label;
  return label[lang] || label.zh || label.en;
}
