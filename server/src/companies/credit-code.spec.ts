import { creditCodeCheckChar, isValidCreditCode, withCheckChar } from './credit-code';

describe('unified social credit code', () => {
  it('accepts published codes and computes their check character', () => {
    // Codes of well-known companies, as printed on their business licences.
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('914403001922038216')).toBe(true);
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });

  it('refuses a wrong check character, wrong length, lower case and letters outside the alphabet', () => {
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100m000100y43')).toBe(false);
    expect(isValidCreditCode('91350100I000100Y43')).toBe(false);
    expect(isValidCreditCode(null)).toBe(false);
  });

  it('completes 17 characters into a valid code', () => {
    const code = withCheckChar('91310000MA1FL0000');
    expect(code).toHaveLength(18);
    expect(isValidCreditCode(code)).toBe(true);
  });
});
