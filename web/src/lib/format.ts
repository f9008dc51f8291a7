/**
 * How amounts, times and sizes look on every page: one place, so that lists, drawers and exports agree.
 * Each answers '' for a missing value.
 */
import dayjs from 'dayjs';
import type { Lang } from '@/i18n/use-lang';

type Maybe<T> = T | null | undefined;

/** An amount with thousands separators and two decimals: 1,234,567.80. */
export function formatAmount(amount: Maybe<number>): string {
  if (amount === null || amount === undefined) return '';
  return amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** An amount in yuan with the currency sign of the language: ¥1,234.50 / CN¥1,234.50. */
export function formatCurrency(amount: Maybe<number>, lang: Lang): string {
  if (amount === null || amount === undefined) return '';
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'zh-CN', { style: 'currency', currency: 'CNY' }).format(amount);
}

/** A day: 2026-03-01. */
export function formatDate(value: Maybe<string | Date>): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '';
}

/** A moment to the minute, as lists show it: 2026-03-01 09:05. */
export function formatTime(value: Maybe<string | Date>): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '';
}

/** A moment to the second, as histories show it: 2026-03-01 09:05:07. */
export function formatTimeWithSeconds(value: Maybe<string | Date>): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';
}

/** A file size: 512 B, 1.5 KB, 2.0 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
