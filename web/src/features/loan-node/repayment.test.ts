import { describe, expect, it } from 'vitest';
import { repaymentSummary } from './repayment';

const plan = {
  repaidFen: 0,
  instalments: Array.from({ length: 11 }, (_, n) => ({
    seq: n + 1,
    dueOn: `2027-${String(n + 1).padStart(2, '0')}-15`,
    principalFen: 30_000_000,
    repaidFen: 0,
    state: 'DUE',
  })),
};

describe('what a repayment would do', () => {
  it('names the open instalment and its due; its own amount is no early settlement', () => {
    const s = repaymentSummary(plan, 30_000_000)!;
    expect(s).toMatchObject({
      seq: 1,
      dueOn: '2027-01-15',
      dueFen: 30_000_000,
      outstandingFen: 330_000_000,
      early: false,
      covers: null,
      remainingFen: 300_000_000,
    });
  });

  it('states the early settlement: the instalments it repays and what remains', () => {
    expect(repaymentSummary(plan, 95_000_000)).toMatchObject({ early: true, covers: { from: 1, to: 3, count: 3 }, remainingFen: 235_000_000 });
    // the whole outstanding principal (one careless click): every instalment
    expect(repaymentSummary(plan, 330_000_000)).toMatchObject({ early: true, covers: { from: 1, to: 11, count: 11 }, remainingFen: 0 });
  });

  it('starts from what the earlier repayments left open', () => {
    const part = {
      repaidFen: 40_000_000,
      instalments: plan.instalments.map((i, n) => (n === 0 ? { ...i, repaidFen: 30_000_000, state: 'REPAID' } : n === 1 ? { ...i, repaidFen: 10_000_000 } : i)),
    };
    expect(repaymentSummary(part, 20_000_000)).toMatchObject({ seq: 2, dueFen: 20_000_000, early: false });
    expect(repaymentSummary(part, 50_000_000)).toMatchObject({ seq: 2, early: true, covers: { from: 2, to: 3, count: 2 } });
  });
});
