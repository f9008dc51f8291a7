/**
 * The money rules of a loan that went bad: what a compensation application and a recovery may carry,
 * the compensation receivable (代偿余额), the regulator's rates and the two provisions. Pure and in whole
 * fen; the server's events and the regulatory figures use them, the web's dialogs check with them.
 */

/** The amounts of COMPENSATION_APPLY, whole fen. */
export interface CompensationAmounts {
  principalFen: number;
  interestFen: number;
  penaltyFen: number;
}

/** Why a compensation application's amounts are refused, as a key the server words; null when they hold. */
export type CompensationProblem = 'notWholeFen' | 'negative' | 'nothingToPay' | 'aboveOutstanding';

function wholeFen(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n);
}

/** Principal at most the loan's outstanding principal, nothing negative, the total above zero. */
export function compensationProblem(amounts: CompensationAmounts, outstandingPrincipalFen: number): CompensationProblem | null {
  const parts = [amounts.principalFen, amounts.interestFen, amounts.penaltyFen];
  if (!parts.every(wholeFen)) return 'notWholeFen';
  if (parts.some((n) => n < 0)) return 'negative';
  if (parts.reduce((a, b) => a + b, 0) <= 0) return 'nothingToPay';
  if (amounts.principalFen > outstandingPrincipalFen) return 'aboveOutstanding';
  return null;
}

export function compensationTotalFen(amounts: CompensationAmounts): number {
  return amounts.principalFen + amounts.interestFen + amounts.penaltyFen;
}

/** What the company may still recover: paid minus recovered minus written off, never below zero. */
export function compensationBalanceFen(paidFen: number, recoveredFen: number, writtenOffFen = 0): number {
  return Math.max(0, paidFen - recoveredFen - writtenOffFen);
}

/** Why a recovery is refused: a positive whole amount, at most the balance still to recover. */
export function recoveryProblem(amountFen: number, balanceFen: number): 'notWholeFen' | 'nothingToRecord' | 'aboveBalance' | null {
  if (!wholeFen(amountFen)) return 'notWholeFen';
  if (amountFen <= 0) return 'nothingToRecord';
  if (amountFen > balanceFen) return 'aboveBalance';
  return null;
}

/** A rate of the regulator's: a decimal, or null with the reason when its divisor is zero. */
export type Rate = { value: number; reason: null } | { value: null; reason: 'noDivisor' };

export function rateOf(numeratorFen: number, divisorFen: number): Rate {
  return divisorFen > 0 ? { value: numeratorFen / divisorFen, reason: null } : { value: null, reason: 'noDivisor' };
}

/**
 * `fen` times `bp` basis points, rounded half up to a whole fen. In BigInt: a balance of a hundred
 * billion yuan times 10,000 passes the doubles' exact integers.
 */
export function shareOfFen(fen: number, bp: number): number {
  if (!wholeFen(fen) || fen < 0 || !Number.isInteger(bp) || bp < 0) throw new RangeError(`shareOfFen(${fen}, ${bp}): whole, not negative`);
  return Number((BigInt(fen) * BigInt(bp) + 5_000n) / 10_000n);
}

/** 未到期责任准备金: a share (default 50 %) of the premium income of the year to the day asked. */
export function unearnedPremiumReserveFen(premiumIncomeFen: number, rateBp = 5_000): number {
  return shareOfFen(premiumIncomeFen, rateBp);
}

/**
 * 担保赔偿准备金: each past year adds a share (default 1 %) of its year-end liability balance, until what
 * has accumulated reaches a cap (default 10 %) of that year's balance; the year that reaches the cap adds
 * only what is left under it, a later year with a larger balance may add again.
 */
export function compensationReserveFen(yearEndBalances: readonly { year: number; balanceFen: number }[], rateBp = 100, capBp = 1_000): number {
  let accumulated = 0;
  for (const { balanceFen } of [...yearEndBalances].sort((a, b) => a.year - b.year)) {
    const cap = shareOfFen(balanceFen, capBp);
    accumulated += Math.max(0, Math.min(shareOfFen(balanceFen, rateBp), cap - accumulated));
  }
  return accumulated;
}

/** The company's share of a loan's liability when its bank carries `bankShareBp` of the risk. */
export function companyShareFen(liabilityFen: number, bankShareBp: number): number {
  return liabilityFen - shareOfFen(liabilityFen, bankShareBp);
}
