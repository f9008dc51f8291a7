import {
  addMonthsClamped,
  allocateRepayments,
  buildRepaymentPlan,
  daysBefore,
  maturityDay,
  percentToBp,
  REPAYMENT_METHODS,
  validateEvent,
  type PlannedInstalment,
} from '../src';

const sum = (plan: PlannedInstalment[]) => plan.reduce((s, i) => s + i.principalFen, 0);

describe('instalment dates', () => {
  it('clamps to the month end and counts every date from the anchor day', () => {
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonthsClamped('2026-01-31', 3)).toBe('2026-04-30');
    expect(addMonthsClamped('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonthsClamped('2026-08-31', 18)).toBe('2028-02-29');
    expect(maturityDay('2026-01-05', 12)).toBe('2027-01-05');
  });

  it('counts days back across months and years', () => {
    expect(daysBefore('2027-01-05', 30)).toBe('2026-12-06');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2028-03-01', 1)).toBe('2028-02-29');
    expect(daysBefore('2026-03-01', 0)).toBe('2026-03-01');
  });

  it('gives a plan from Jan 31 its clamped monthly dates', () => {
    const plan = buildRepaymentPlan({ method: 'EQUAL_PRINCIPAL', disbursedOn: '2026-01-31', principalFen: 1_000_00, termMonths: 4 });
    expect(plan.map((i) => i.dueOn)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });
});

describe('principal in whole fen', () => {
  it.each(REPAYMENT_METHODS)('%s sums exactly to the amount lent, in whole fen, for awkward amounts and terms', (method) => {
    for (const principalFen of [1, 7, 99, 100_000_01, 199_999_900, 3_333_333_33]) {
      for (const termMonths of [1, 3, 7, 12, 36, 360]) {
        const plan = buildRepaymentPlan({ method, disbursedOn: '2026-01-31', principalFen, termMonths, annualRateBp: 435 });
        expect(sum(plan)).toBe(principalFen);
        for (const i of plan) {
          expect(Number.isInteger(i.principalFen)).toBe(true);
          expect(i.principalFen).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('EQUAL_PRINCIPAL: equal shares, the last takes the remainder; interest on the falling balance when a rate is known', () => {
    const plan = buildRepaymentPlan({ method: 'EQUAL_PRINCIPAL', disbursedOn: '2026-01-05', principalFen: 1_000_00, termMonths: 3, annualRateBp: 1200 });
    expect(plan).toEqual([
      { seq: 1, dueOn: '2026-02-05', principalFen: 333_33, interestFen: 1_000 },
      { seq: 2, dueOn: '2026-03-05', principalFen: 333_33, interestFen: 667 },
      { seq: 3, dueOn: '2026-04-05', principalFen: 333_34, interestFen: 333 },
    ]);
    expect(buildRepaymentPlan({ method: 'EQUAL_PRINCIPAL', disbursedOn: '2026-01-05', principalFen: 100, termMonths: 2 })[0].interestFen).toBeNull();
  });

  it('EQUAL_INSTALMENT: the same payment each month (the last absorbs rounding) and needs a rate', () => {
    // 12 % a year on 1,000.00 over 3 months: the annuity is 340.02
    const plan = buildRepaymentPlan({ method: 'EQUAL_INSTALMENT', disbursedOn: '2026-01-05', principalFen: 1_000_00, termMonths: 3, annualRateBp: 1200 });
    expect(plan.map((i) => i.principalFen + i.interestFen!)).toEqual([340_02, 340_02, 340_03]);
    expect(plan.map((i) => i.principalFen)).toEqual([330_02, 333_32, 336_66]);
    expect(() => buildRepaymentPlan({ method: 'EQUAL_INSTALMENT', disbursedOn: '2026-01-05', principalFen: 100, termMonths: 2 })).toThrow(/rate/);
    // a zero rate is equal principal
    expect(
      buildRepaymentPlan({ method: 'EQUAL_INSTALMENT', disbursedOn: '2026-01-05', principalFen: 100, termMonths: 3, annualRateBp: 0 }).map(
        (i) => i.principalFen,
      ),
    ).toEqual([33, 33, 34]);
  });

  it('INTEREST_ONLY: interest every month, the principal with the last', () => {
    const plan = buildRepaymentPlan({ method: 'INTEREST_ONLY', disbursedOn: '2026-01-05', principalFen: 1_200_00, termMonths: 3, annualRateBp: 1200 });
    expect(plan.map((i) => [i.principalFen, i.interestFen])).toEqual([
      [0, 1_200],
      [0, 1_200],
      [1_200_00, 1_200],
    ]);
  });

  it('BULLET: one instalment at maturity', () => {
    expect(buildRepaymentPlan({ method: 'BULLET', disbursedOn: '2026-01-31', principalFen: 5_000_000_00, termMonths: 13 })).toEqual([
      { seq: 1, dueOn: '2027-02-28', principalFen: 5_000_000_00, interestFen: null },
    ]);
  });

  it('refuses amounts that are not whole fen and terms that are not whole months', () => {
    expect(() => buildRepaymentPlan({ method: 'BULLET', disbursedOn: '2026-01-05', principalFen: 10.5, termMonths: 1 })).toThrow();
    expect(() => buildRepaymentPlan({ method: 'BULLET', disbursedOn: '2026-01-05', principalFen: 100, termMonths: 0 })).toThrow();
  });
});

describe('allocating repayments', () => {
  const plan = [{ principalFen: 300 }, { principalFen: 300 }, { principalFen: 400 }];

  it('covers the instalments in order; a fully covered one is REPAID', () => {
    expect(allocateRepayments(plan, 0).map((a) => a.state)).toEqual(['DUE', 'DUE', 'DUE']);
    expect(allocateRepayments(plan, 450)).toEqual([
      { repaidFen: 300, state: 'REPAID' },
      { repaidFen: 150, state: 'DUE' },
      { repaidFen: 0, state: 'DUE' },
    ]);
    expect(allocateRepayments(plan, 600).map((a) => a.state)).toEqual(['REPAID', 'REPAID', 'DUE']);
    expect(allocateRepayments(plan, 1000).map((a) => a.state)).toEqual(['REPAID', 'REPAID', 'REPAID']);
  });

  it('leaves interest-only months due until the whole principal is repaid', () => {
    const interestOnly = [{ principalFen: 0 }, { principalFen: 0 }, { principalFen: 500 }];
    expect(allocateRepayments(interestOnly, 499).map((a) => a.state)).toEqual(['DUE', 'DUE', 'DUE']);
    expect(allocateRepayments(interestOnly, 500).map((a) => a.state)).toEqual(['REPAID', 'REPAID', 'REPAID']);
  });
});

describe('REPAYMENT_PLAN_EDIT payload', () => {
  const base = { type: 'REPAYMENT_PLAN_EDIT', actorId: 'u', at: '2026-11-23T08:00:00.000Z' };
  it('needs a known method and a reason; a rate is optional with at most two decimals', () => {
    expect(validateEvent({ ...base, method: 'EQUAL_INSTALMENT', annualRatePercent: 4.35, reason: '银行调整' })).toEqual([]);
    expect(validateEvent({ ...base, method: 'BULLET', reason: '客户申请' })).toEqual([]);
    expect(validateEvent({ ...base, method: 'MONTHLY', reason: 'x' }).map((e) => e.field)).toEqual(['method']);
    expect(validateEvent({ ...base, method: 'BULLET' }).map((e) => e.field)).toEqual(['reason']);
    expect(validateEvent({ ...base, method: 'BULLET', reason: 'x', annualRatePercent: 4.355 }).map((e) => e.field)).toEqual(['annualRatePercent']);
  });

  it('turns percents into basis points exactly', () => {
    expect(percentToBp(4.35)).toBe(435);
    expect(percentToBp(0)).toBe(0);
    expect(percentToBp(4.355)).toBeNull();
    expect(percentToBp(-1)).toBeNull();
  });
});
