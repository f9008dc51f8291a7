/**
 * Premium and counter-guarantee: the pure rules both the server (which
 * enforces them) and the web (which shows them) read. Money in whole fen; no float arithmetic.
 */

import type { Label } from '../labels';
import type { CollateralKind } from '../events';

export const COLLATERAL_KIND_LABELS: Readonly<Record<CollateralKind, Label>> = {
  MORTGAGE: { zh: '抵押', en: 'Mortgage' },
  PLEDGE: { zh: '质押', en: 'Pledge' },
  OTHER: { zh: '其他', en: 'Other' },
};

/** Text limits of a collateral row (the table's column widths). */
export const COLLATERAL_LIMITS = { owner: 100, description: 500, certificateNo: 100 } as const;
/** Largest appraised value accepted, in fen (10^13 yuan, the pipeline's largest amount): a safe integer. */
export const MAX_APPRAISED_FEN = 1e15;

/**
 * Loan-to-value in hundredths of a percent (basis points): guaranteed amount / appraised value,
 * rounded half up. Null when there is no value to compare against.
 */
export function loanToValueBp(amountFen: number, valueFen: number | null | undefined): number | null {
  if (!Number.isSafeInteger(amountFen) || amountFen < 0) throw new RangeError('loanToValueBp: amount must be whole, non-negative fen');
  if (valueFen === null || valueFen === undefined || valueFen <= 0) return null;
  if (!Number.isSafeInteger(valueFen)) throw new RangeError('loanToValueBp: value must be whole fen');
  const numerator = BigInt(amountFen) * 10000n;
  const denominator = BigInt(valueFen);
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** Basis points as a percentage with two decimals: 6250 -> "62.50%". */
export function formatPercentBp(bp: number | null): string {
  if (bp === null) return '—';
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;
}

/** The sum of the appraised values that are known, in fen. */
export function totalAppraisedFen(rows: readonly { appraisedValueFen: number | null }[]): number {
  return rows.reduce((sum, r) => sum + (r.appraisedValueFen ?? 0), 0);
}

/**
 * A yuan amount typed by a person ("1,234.5", "1234.56") as whole fen, without floats; null when it
 * is not a non-negative amount with at most two decimals.
 */
export function parseYuanToFen(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

/**
 * A premium entered by hand must give a reason when it differs from the computed one (or when none
 * could be computed, the loan naming no known loan type).
 */
export function premiumNeedsReason(suggestedFen: number | null, enteredFen: number): boolean {
  return suggestedFen === null || suggestedFen !== enteredFen;
}
