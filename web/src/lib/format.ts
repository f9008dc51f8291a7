/**
 * How amounts, times and sizes look on every page: one place, so that lists, drawers and exports agree.
 * Each answers '' for a missing value. Times are shown in the company's time zone (the server's
 * COMPANY_TIME_ZONE, learnt with the signed-in user), not the browser's, so that a page, a preview and
 * an export say the same time; the shell names the zone.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Lang } from '@/i18n/use-lang';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_COMPANY_TIME_ZONE = 'Asia/Shanghai';
let companyZone = DEFAULT_COMPANY_TIME_ZONE;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Set from the server's answer (GET /user/current); a name the browser does not know is ignored. */
export function setCompanyTimeZone(zone: string | null | undefined): void {
  if (zone && isTimeZone(zone)) companyZone = zone;
}

export function companyTimeZone(): string {
  return companyZone;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A moment in the company's zone (a bare day stays that day: it names no moment). */
const inZone = (value: string | Date) => dayjs(value).tz(companyZone);

type Maybe<T> = T | null | undefined;

/** Made at first use, then kept: a formatter costs far more to make than to use (a list formats every row's amount). */
function kept<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
const AMOUNT = kept(() => new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const CURRENCY_ZH = kept(() => new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY' }));
const CURRENCY_EN = kept(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CNY' }));

/** An amount with thousands separators and two decimals: 1,234,567.80. */
export function formatAmount(amount: Maybe<number>): string {
  if (amount === null || amount === undefined) return '';
  return AMOUNT().format(amount);
}

/** An amount in yuan with the currency sign of the language: ¥1,234.50 / CN¥1,234.50. */
export function formatCurrency(amount: Maybe<number>, lang: Lang): string {
  if (amount === null || amount === undefined) return '';
  return (lang === 'en' ? CURRENCY_EN : CURRENCY_ZH)().format(amount);
}

/** A day: 2026-03-01 (of a moment: its day in the company's zone). */
export function formatDate(value: Maybe<string | Date>): string {
  if (!value) return '';
  if (typeof value === 'string' && DAY.test(value)) return value;
  return inZone(value).format('YYYY-MM-DD');
}

/** A moment to the minute, as lists show it: 2026-03-01 09:05. */
export function formatTime(value: Maybe<string | Date>): string {
  return value ? inZone(value).format('YYYY-MM-DD HH:mm') : '';
}

/** A moment to the minute with the zone named, where it stands alone: 2026-03-01 09:05 (Asia/Shanghai). */
export function formatZonedTime(value: Maybe<string | Date>): string {
  return value ? `${formatTime(value)} (${companyZone})` : '';
}

/** A moment to the second, as histories show it: 2026-03-01 09:05:07. */
export function formatTimeWithSeconds(value: Maybe<string | Date>): string {
  return value ? inZone(value).format('YYYY-MM-DD HH:mm:ss') : '';
}

/** Today in the company's zone: YYYY-MM-DD (export names, "not after today" rules). */
export function companyToday(now: Date = new Date()): string {
  return inZone(now).format('YYYY-MM-DD');
}

/** A company-zone wall time (YYYY-MM-DD HH:mm[:ss]) as an ISO moment; '' when it is no time. */
export function companyWallTimeToIso(wall: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(wall);
  if (!match) return '';
  const wallText = `${match[1]} ${match[2]}${match[3] ?? ':00'}`;
  const moment = dayjs.tz(wallText, companyZone);
  // A date that does not exist (2026-13-40) would roll over: it must read back as it was written.
  return moment.isValid() && moment.tz(companyZone).format('YYYY-MM-DD HH:mm:ss') === wallText ? moment.toISOString() : '';
}

/** A file size: 512 B, 1.5 KB, 2.0 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
