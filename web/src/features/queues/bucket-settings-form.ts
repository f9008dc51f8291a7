/**
 * The overdue bucket settings as a form: each bucket's key, last day and words; its first day follows
 * from the one before (day 1 for the first) and the last bucket is open, so the rules of
 * @app/workflow's bucketsProblem (from day 1, contiguous, the last open) hold by construction; what is
 * left to check is each row: a key of letters, digits and underscores not used twice, a last day not
 * before the first, words in both languages.
 */
import type { OverdueBucketDto } from '@/api/schema.gen';

export interface BucketRow {
  key: string;
  /** The last day, as typed; ignored for the last (open) bucket. */
  toDay: number | string;
  zh: string;
  en: string;
}

export type BucketRowError = 'key' | 'keyRepeated' | 'toDay' | 'zh' | 'en';
/** Errors by `${index}.${field}`. */
export type BucketErrors = Record<string, BucketRowError>;

const KEY = /^[A-Za-z0-9_]{1,30}$/;
const MAX_DAY = 36500;

export function toRows(buckets: readonly OverdueBucketDto[]): BucketRow[] {
  return buckets.map((b) => ({ key: b.key, toDay: b.toDay ?? '', zh: b.label.zh, en: b.label.en }));
}

const dayOf = (value: number | string): number | null => {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(n) ? n : null;
};

/** Each bucket's first day: 1, then the day after the last day before (null once a last day is wrong). */
export function fromDays(rows: readonly BucketRow[]): (number | null)[] {
  const days: (number | null)[] = [];
  let next: number | null = 1;
  for (const row of rows) {
    days.push(next);
    const to = dayOf(row.toDay);
    next = next !== null && to !== null && to >= next ? to + 1 : null;
  }
  return days;
}

export function bucketErrors(rows: readonly BucketRow[]): BucketErrors {
  const errors: BucketErrors = {};
  const seen = new Set<string>();
  const starts = fromDays(rows);
  rows.forEach((row, i) => {
    const key = row.key.trim();
    if (!KEY.test(key)) errors[`${i}.key`] = 'key';
    else if (seen.has(key)) errors[`${i}.key`] = 'keyRepeated';
    seen.add(key);
    if (i < rows.length - 1) {
      const to = dayOf(row.toDay);
      const from = starts[i];
      if (to === null || to > MAX_DAY || (from !== null && to < from)) errors[`${i}.toDay`] = 'toDay';
    }
    if (!row.zh.trim() || row.zh.trim().length > 40) errors[`${i}.zh`] = 'zh';
    if (!row.en.trim() || row.en.trim().length > 60) errors[`${i}.en`] = 'en';
  });
  return errors;
}

/** The body of PUT /server/admin/close-of-business/buckets (call after bucketErrors found none). */
export function toBuckets(rows: readonly BucketRow[]): OverdueBucketDto[] {
  const starts = fromDays(rows);
  return rows.map((row, i) => ({
    key: row.key.trim(),
    fromDay: starts[i] as number,
    toDay: i === rows.length - 1 ? null : (dayOf(row.toDay) as number),
    label: { zh: row.zh.trim(), en: row.en.trim() },
  }));
}
