// Unified social credit code (GB 32100-2015): 18 characters from a 31-letter alphabet, the last a
// check character computed from the first 17 with weights 3^i mod 31.
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = ALPHABET.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * WEIGHTS[i];
  }
  return ALPHABET[(31 - (sum % 31)) % 31];
}

export function isValidCreditCode(code: unknown): boolean {
  if (typeof code !== 'string' || !/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** A valid code for demo data and tests, from any 17 allowed characters. */
export function withCheckChar(first17: string): string {
  const c = creditCodeCheckChar(first17);
  if (!c) throw new Error(`not 17 credit-code characters: ${first17}`);
  return first17 + c;
}
