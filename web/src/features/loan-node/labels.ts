/**
 * Words of the machine (stage, status, action labels come as {zh, en}) in the current language, and
 * the page's own words for payload fields and their values.
 */
import { EVENT_LABELS, isEventType } from '@app/workflow';
import type { TFunction } from 'i18next';
import i18n from '@/i18n';
import { pick, type Lang } from '@/i18n/use-lang';

/** An event type's button label; an unknown type shows as it is. */
export function eventLabel(type: string | null | undefined, lang: Lang): string {
  if (!type) return '';
  return isEventType(type) ? pick(EVENT_LABELS[type], lang) : type;
}

/** A payload field's name for people (`loanNode.fields.<name>`), or the name itself. */
export function fieldLabel(t: TFunction, name: string): string {
  const key = `loanNode.fields.${name}`;
  return i18n.exists(key) ? String(t(key as never)) : name;
}

/** A value of an enum field for people (`loanNode.enums.<field>.<value>`), or the value itself. */
export function enumLabel(t: TFunction, field: string, value: string): string {
  const key = `loanNode.enums.${field}.${value}`;
  return i18n.exists(key) ? String(t(key as never)) : value;
}
