/**
 * The repayment plan of a disbursed loan: instalment dates from the disbursement day and
 * the term, principal in whole fen summing exactly to the amount lent, and how recorded repayments
 * cover the instalments in order. Pure: the server stores what these functions answer.
 */

export const REPAYMENT_METHODS = ['EQUAL_PRINCIPAL', 'EQUAL_INSTALMENT', 'INTEREST_ONLY', 'BULLET'] as const;
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number];

/** The method a plan gets on VOUCHER_CONFIRM when nothing else is known: one repayment at maturity. */
export const DEFAULT_REPAYMENT_METHOD: RepaymentMethod = 'BULLET';

export const REPAYMENT_METHOD_LABELS: Readonly<Record<RepaymentMethod, { zh: string; en: string }>> = {
  EQUAL_PRINCIPAL: { zh: '等额本金', en: 'Equal principal' },
  EQUAL_INSTALMENT: { zh: '等额本息', en: 'Equal instalment' },
  INTEREST_ONLY: { zh: '按月付息、到期还本', en: 'Interest only, principal at maturity' },
  BULLET: { zh: '到期一次还本付息', en: 'Bullet (all at maturity)' },
};

/** Methods whose instalments cannot be computed without an annual interest rate. */
export function methodNeedsRate(method: RepaymentMethod): boolean {
  return method === 'EQUAL_INSTALMENT';
}

export function isRepaymentMethod(value: unknown): value is RepaymentMethod {
  return typeof value === 'string' && (REPAYMENT_METHODS as readonly string[]).includes(value);
}

export interface PlanInput {
  method: RepaymentMethod;
  /** Company calendar day the bank lent, YYYY-MM-DD. */
  disbursedOn: string;
  /** Amount lent, whole fen (> 0). */
  principalFen: number;
  termMonths: number;
  /** Annual rate in basis points (4.35 % = 435); required by EQUAL_INSTALMENT, optional otherwise. */
  annualRateBp?: number | null;
}

export interface PlannedInstalment {
  /** 1-based. */
  seq: number;
  /** YYYY-MM-DD. */
  dueOn: string;
  principalFen: number;
  /** Interest in fen when a rate is known, else null. */
  interestFen: number | null;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

/**
 * The day `months` calendar months after `day`, clamped to the month's end (Jan 31 + 1 -> Feb 28 or
 * 29). Always counted from the anchor, so Jan 31 + 2 is Mar 31, not Mar 28.
 */
export function addMonthsClamped(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month1 = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month1)}-${pad(Math.min(d, daysInMonth(year, month1)))}`;
}

/** The maturity day: the term's months after the disbursement day (month-end clamped). */
export function maturityDay(disbursedOn: string, termMonths: number): string {
  return addMonthsClamped(disbursedOn, termMonths);
}

/** `days` calendar days before (negative: after) a YYYY-MM-DD day. */
export function daysBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d - days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Monthly interest on a balance, rounded half up to whole fen. */
function monthlyInterest(balanceFen: number, annualRateBp: number): number {
  // balance * bp / 10000 / 12, in integers until the one rounding
  return Math.round((balanceFen * annualRateBp) / 120_000);
}

/**
 * The instalments of a plan. Every method's principal sums exactly to `principalFen`:
 * - EQUAL_PRINCIPAL: floor(L/n) each month, the last takes the remainder;
 * - EQUAL_INSTALMENT: the annuity payment rounded to fen, interest on the balance each month, the
 *   last instalment takes the remaining principal (a zero rate falls back to equal principal);
 * - INTEREST_ONLY: interest each month, the whole principal with the last;
 * - BULLET: one instalment at maturity.
 */
export function buildRepaymentPlan(input: PlanInput): PlannedInstalment[] {
  const { method, disbursedOn, principalFen: total, termMonths: n } = input;
  const rate = input.annualRateBp ?? null;
  if (!Number.isSafeInteger(total) || total <= 0) throw new Error('principalFen must be a positive whole number of fen');
  if (!Number.isInteger(n) || n < 1) throw new Error('termMonths must be a positive integer');
  if (rate !== null && (!Number.isInteger(rate) || rate < 0)) throw new Error('annualRateBp must be a whole number of basis points');
  if (methodNeedsRate(method) && rate === null) throw new Error(`${method} needs an annual interest rate`);
  const due = (seq: number) => addMonthsClamped(disbursedOn, seq);

  if (method === 'BULLET') {
    // interest for the whole term, simple, when a rate is known
    const interest = rate === null ? null : Math.round((total * rate * n) / 120_000);
    return [{ seq: 1, dueOn: due(n), principalFen: total, interestFen: interest }];
  }
  const out: PlannedInstalment[] = [];
  if (method === 'INTEREST_ONLY') {
    for (let seq = 1; seq <= n; seq++) {
      out.push({ seq, dueOn: due(seq), principalFen: seq === n ? total : 0, interestFen: rate === null ? null : monthlyInterest(total, rate) });
    }
    return out;
  }
  if (method === 'EQUAL_PRINCIPAL' || rate === 0) {
    const each = Math.floor(total / n);
    let balance = total;
    for (let seq = 1; seq <= n; seq++) {
      const principal = seq === n ? balance : each;
      out.push({ seq, dueOn: due(seq), principalFen: principal, interestFen: rate === null ? null : monthlyInterest(balance, rate) });
      balance -= principal;
    }
    return out;
  }
  // EQUAL_INSTALMENT with a positive rate
  const r = rate! / 120_000;
  const payment = Math.round((total * r) / (1 - Math.pow(1 + r, -n)));
  let balance = total;
  for (let seq = 1; seq <= n; seq++) {
    const interest = monthlyInterest(balance, rate!);
    const principal = seq === n ? balance : Math.min(balance, Math.max(0, payment - interest));
    out.push({ seq, dueOn: due(seq), principalFen: principal, interestFen: interest });
    balance -= principal;
  }
  return out;
}

export type InstalmentState = 'DUE' | 'REPAID';

/**
 * How `repaidFen` (the sum of every recorded repayment) covers the instalments, in order: each takes
 * what is left after the earlier ones. An instalment with principal is REPAID once fully covered; one
 * without (interest-only months) once the whole principal is repaid.
 */
export function allocateRepayments(
  instalments: readonly Pick<PlannedInstalment, 'principalFen'>[],
  repaidFen: number,
): { repaidFen: number; state: InstalmentState }[] {
  const total = instalments.reduce((sum, i) => sum + i.principalFen, 0);
  let left = Math.max(0, repaidFen);
  return instalments.map((i) => {
    const covered = Math.min(i.principalFen, left);
    left -= covered;
    const state: InstalmentState = (i.principalFen > 0 ? covered === i.principalFen : repaidFen >= total) ? 'REPAID' : 'DUE';
    return { repaidFen: covered, state };
  });
}

/** A percent with at most two decimals (4.35) as basis points (435); null when it is not one. */
export function percentToBp(percent: unknown): number | null {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const bp = Math.round(percent * 100);
  return Math.abs(percent * 100 - bp) < 1e-6 ? bp : null;
}

/** The maturity reminder offsets a loan type has unless it says otherwise: days before maturity. */
export const DEFAULT_MATURITY_REMINDER_OFFSETS: readonly number[] = [30, 15, 7, 1];
