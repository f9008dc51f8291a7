import { COMPANY_ENUM_FIELDS, companyEnumOption, type CompanyEnumField, type CompanyEnumOption } from '@app/workflow';
import type { Lang } from '@/i18n/use-lang';

export const optionLabel = (option: CompanyEnumOption, lang: Lang) => (lang === 'en' ? option.en : option.zh);

/** Select data of an enumerated company field, in the current language. */
export function enumData(field: CompanyEnumField, lang: Lang): { value: string; label: string }[] {
  return COMPANY_ENUM_FIELDS[field].options.map((option) => ({ value: option.key, label: optionLabel(option, lang) }));
}

/** The words of stored keys (unknown keys shown as they are). */
export function enumWords(field: CompanyEnumField, keys: string | string[] | null | undefined, lang: Lang): string {
  const list = keys === null || keys === undefined ? [] : Array.isArray(keys) ? keys : [keys];
  return list
    .map((key) => {
      const option = companyEnumOption(field, key);
      return option ? optionLabel(option, lang) : key;
    })
    .join(lang === 'en' ? ', ' : '、');
}
