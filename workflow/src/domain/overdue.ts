/**
 * Overdue: how many days a loan after guarantee is past due, and its bucket. Pure rules shared by the
 * nightly close of business (which keeps a row per loan and changed day), the ledger, the worklists and
 * the visit report's classification rule. Days are company calendar days, YYYY-MM-DD.
 */
import type { Label } from '../labels';
import { RISK_CLASSIFICATIONS, type RiskClassification } from '../events';

/** One bucket of days past due: from `fromDay` to `toDay` inclusive; the last is open (`toDay` null). */
export interface OverdueBucket {
  key: string;
  fromDay: number;
  toDay: number | null;
  label: Label;
}

/** The default buckets (an administrator setting may replace them): 1-30, 31-60, 61-90, over 90 days. */
export const DEFAULT_OVERDUE_BUCKETS: readonly OverdueBucket[] = [
  { key: 'D1_30', fromDay: 1, toDay: 30, label: { zh: '逾期1-30天', en: '1-30 days past due' } },
  { key: 'D31_60', fromDay: 31, toDay: 60, label: { zh: '逾期31-60天', en: '31-60 days past due' } },
  { key: 'D61_90', fromDay: 61, toDay: 90, label: { zh: '逾期61-90天', en: '61-90 days past due' } },
  { key: 'D90_PLUS', fromDay: 91, toDay: null, label: { zh: '逾期90天以上', en: 'Over 90 days past due' } },
];

/** Past this many days a visit report may not classify the loan better than SUBSTANDARD without a reason. */
export const SUBSTANDARD_FLOOR_DAYS = 90;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real calendar day (2026-02-30 is not one); null otherwise. */
export function dayNumber(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = Date.UTC(year, month - 1, date);
  const back = new Date(at);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return null;
  return at / 86_400_000;
}

function requireDay(day: string, what: string): number {
  const n = dayNumber(day);
  if (n === null) throw new RangeError(`${what} is not a calendar day (YYYY-MM-DD): ${day}`);
  return n;
}

/** An instalment as the overdue rule reads it: due on a day, its principal and what of it was repaid. */
export interface InstalmentDue {
  dueOn: string;
  principalFen: number;
  repaidFen: number;
}

/**
 * Days past due on `day`: counted from the oldest instalment that fell due before `day` and is not
 * fully repaid (an instalment is due on its day, one day past due the day after); 0 when none is.
 * An instalment without principal (interest-only months) is never the one that makes a loan overdue.
 */
export function daysPastDue(instalments: readonly InstalmentDue[], day: string): number {
  const today = requireDay(day, 'day');
  let oldest: number | null = null;
  for (const i of instalments) {
    if (i.principalFen <= 0 || i.repaidFen >= i.principalFen) continue;
    const due = requireDay(i.dueOn, 'dueOn');
    if (due < today && (oldest === null || due < oldest)) oldest = due;
  }
  return oldest === null ? 0 : today - oldest;
}

/** The bucket of `days` past due; null when the loan is not overdue (0 days) or no bucket holds it. */
export function bucketOf(days: number, buckets: readonly OverdueBucket[] = DEFAULT_OVERDUE_BUCKETS): OverdueBucket | null {
  if (!Number.isInteger(days) || days <= 0) return null;
  return buckets.find((b) => days >= b.fromDay && (b.toDay === null || days <= b.toDay)) ?? null;
}

/**
 * Why a set of buckets is not usable, or null when it is: keys unique and non-empty, the first from day
 * 1, each from the day after the one before, bounds whole and ascending, only the last open.
 */
export function bucketsProblem(buckets: readonly OverdueBucket[]): string | null {
  if (buckets.length === 0) return 'no buckets';
  const keys = new Set<string>();
  let next = 1;
  for (const [i, b] of buckets.entries()) {
    if (!b.key || keys.has(b.key)) return `bucket ${i + 1}: its key is empty or repeated`;
    keys.add(b.key);
    if (b.fromDay !== next) return `bucket ${i + 1} must start on day ${next}`;
    const last = i === buckets.length - 1;
    if (b.toDay === null) {
      if (!last) return `bucket ${i + 1}: only the last bucket may be open`;
    } else {
      if (!Number.isInteger(b.toDay) || b.toDay < b.fromDay) return `bucket ${i + 1}: its last day must be a whole day not before its first`;
      if (last) return 'the last bucket must be open (no last day)';
      next = b.toDay + 1;
    }
  }
  return null;
}

/**
 * A visit report's classification of a loan `days` past due needs a reason when it is better than
 * SUBSTANDARD and the loan is more than SUBSTANDARD_FLOOR_DAYS past due.
 */
export function classificationNeedsReason(days: number, classification: RiskClassification): boolean {
  return days > SUBSTANDARD_FLOOR_DAYS && RISK_CLASSIFICATIONS.indexOf(classification) < RISK_CLASSIFICATIONS.indexOf('SUBSTANDARD');
}
