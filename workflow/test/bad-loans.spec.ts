import fc from 'fast-check';
import {
  companyShareFen,
  compensationBalanceFen,
  compensationProblem,
  compensationReserveFen,
  compensationTotalFen,
  rateOf,
  recoveryProblem,
  shareOfFen,
  unearnedPremiumReserveFen,
} from '../src/domain/bad-loans';

describe('a compensation application', () => {
  const outstanding = 300_000_000;
  it('holds whole, non-negative amounts with a total above zero and principal within the outstanding', () => {
    expect(compensationProblem({ principalFen: 300_000_000, interestFen: 1_234_567, penaltyFen: 89 }, outstanding)).toBeNull();
    expect(compensationProblem({ principalFen: 0, interestFen: 1, penaltyFen: 0 }, outstanding)).toBeNull();
    expect(compensationTotalFen({ principalFen: 300_000_000, interestFen: 1_234_567, penaltyFen: 89 })).toBe(301_234_656);
  });

  it('refuses each way of being wrong, by name', () => {
    expect(compensationProblem({ principalFen: 300_000_001, interestFen: 0, penaltyFen: 0 }, outstanding)).toBe('aboveOutstanding');
    expect(compensationProblem({ principalFen: 10, interestFen: -1, penaltyFen: 0 }, outstanding)).toBe('negative');
    expect(compensationProblem({ principalFen: 0, interestFen: 0, penaltyFen: 0 }, outstanding)).toBe('nothingToPay');
    expect(compensationProblem({ principalFen: 10.5, interestFen: 0, penaltyFen: 0 }, outstanding)).toBe('notWholeFen');
    expect(compensationProblem({ principalFen: 1e300, interestFen: 0, penaltyFen: 0 }, outstanding)).toBe('notWholeFen');
    expect(compensationProblem({ principalFen: Number.NaN, interestFen: 0, penaltyFen: 0 }, outstanding)).toBe('notWholeFen');
  });
});

describe('recovery', () => {
  it('never takes the balance below zero', () => {
    expect(recoveryProblem(100, 100)).toBeNull();
    expect(recoveryProblem(101, 100)).toBe('aboveBalance');
    expect(recoveryProblem(0, 100)).toBe('nothingToRecord');
    expect(recoveryProblem(0.5, 100)).toBe('notWholeFen');
    expect(compensationBalanceFen(1_000, 400, 100)).toBe(500);
    expect(compensationBalanceFen(1_000, 1_200)).toBe(0);
  });

  it('keeps the balance equal to paid minus recovered for any sequence of accepted recoveries', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.array(fc.integer({ min: -10, max: 1e11 })), (paid, attempts) => {
        let recovered = 0;
        for (const amount of attempts) {
          if (recoveryProblem(amount, compensationBalanceFen(paid, recovered)) === null) recovered += amount;
        }
        expect(recovered).toBeLessThanOrEqual(paid);
        expect(compensationBalanceFen(paid, recovered)).toBe(paid - recovered);
      }),
    );
  });
});

describe('rates and provisions', () => {
  it('answers no rate, with the reason, over a zero divisor', () => {
    expect(rateOf(50, 200)).toEqual({ value: 0.25, reason: null });
    expect(rateOf(50, 0)).toEqual({ value: null, reason: 'noDivisor' });
  });

  it('rounds shares half up to a whole fen, exactly at a hundred billion yuan', () => {
    expect(shareOfFen(1, 5_000)).toBe(1); // 0.5 fen -> 1
    expect(shareOfFen(3, 1_000)).toBe(0); // 0.3 fen -> 0
    expect(shareOfFen(10_000_000_000_000, 100)).toBe(100_000_000_000);
    expect(shareOfFen(9_007_199_254_740_991, 3)).toBe(2_702_159_776_422);
    expect(() => shareOfFen(-1, 100)).toThrow(RangeError);
    expect(() => shareOfFen(1.5, 100)).toThrow(RangeError);
  });

  it('reserves half the year premium income as unearned premium', () => {
    expect(unearnedPremiumReserveFen(12_345_679)).toBe(6_172_840);
  });

  it('accumulates 1 % of each year-end balance until 10 % of that year balance, in year order', () => {
    // 1 % of 1,000,000.00 yuan a year: ten years reach the cap of 10 %, the eleventh adds nothing
    const flat = Array.from({ length: 11 }, (_, i) => ({ year: 2010 + i, balanceFen: 100_000_000 }));
    expect(compensationReserveFen(flat)).toBe(10_000_000);
    // a larger balance raises the cap: the year adds its 1 % again, up to its own cap
    expect(compensationReserveFen([...flat, { year: 2021, balanceFen: 105_000_000 }])).toBe(10_500_000);
    // given out of order, the same
    expect(compensationReserveFen([...flat].reverse())).toBe(10_000_000);
    expect(compensationReserveFen([])).toBe(0);
  });

  it('counts only the company share of a loan the bank shares the risk of', () => {
    expect(companyShareFen(200_000_000, 2_000)).toBe(160_000_000);
    expect(companyShareFen(200_000_001, 0)).toBe(200_000_001);
  });
});
