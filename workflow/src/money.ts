/**
 * Money as numbers with at most two decimals (yuan and fen). Sums and differences are computed in
 * whole fen so that repaying 0.1 + 0.2 of a 0.3 loan leaves exactly 0, never 5.55e-17.
 */

/** Largest amount accepted, in yuan: keeps every value in fen a safe integer. */
export const MAX_AMOUNT = 1e13;

export function toFen(amount: number): number {
  return Math.round(amount * 100);
}

export function fromFen(fen: number): number {
  return fen / 100;
}

/** A positive, finite amount with no more than two decimals, at most MAX_AMOUNT. */
export function isValidAmount(amount: unknown): amount is number {
  return (
    typeof amount === 'number' && Number.isFinite(amount) && amount > 0 && amount <= MAX_AMOUNT && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6
  );
}

export function subtractAmounts(from: number, amount: number): number {
  return fromFen(toFen(from) - toFen(amount));
}

export function sameAmount(a: number, b: number): boolean {
  return toFen(a) === toFen(b);
}
