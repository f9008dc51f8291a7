import {
  COLLATERAL_KIND_LABELS,
  COLLATERAL_KINDS,
  formatPercentBp,
  loanToValueBp,
  parseYuanToFen,
  premiumFen,
  premiumNeedsReason,
  totalAppraisedFen,
  validateEvent,
} from '../src';

const at = '2026-11-23T08:00:00.000Z';

describe('loan-to-value', () => {
  it('is the guaranteed amount over the appraised value in basis points, rounded half up', () => {
    expect(loanToValueBp(5_000_000_00, 8_000_000_00)).toBe(6250);
    expect(loanToValueBp(1_00, 3_00)).toBe(3333); // 33.333…
    expect(loanToValueBp(2_00, 3_00)).toBe(6667); // 66.666…
    expect(loanToValueBp(1, 20_000)).toBe(1); // 0.5 bp rounds up
    expect(loanToValueBp(1, 20_001)).toBe(0);
    expect(loanToValueBp(3_000_000_00, 1_000_000_00)).toBe(30000); // under-secured: 300 %
  });

  it('is exact for the largest amounts (no float products)', () => {
    expect(loanToValueBp(1e15, 3e15)).toBe(3333);
    expect(loanToValueBp(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toBe(10000);
  });

  it('has nothing to compare against without a value', () => {
    expect(loanToValueBp(100, null)).toBeNull();
    expect(loanToValueBp(100, 0)).toBeNull();
    expect(() => loanToValueBp(1.5, 100)).toThrow(RangeError);
  });

  it('prints as a percentage with two decimals', () => {
    expect(formatPercentBp(6250)).toBe('62.50%');
    expect(formatPercentBp(3333)).toBe('33.33%');
    expect(formatPercentBp(5)).toBe('0.05%');
    expect(formatPercentBp(30000)).toBe('300.00%');
    expect(formatPercentBp(null)).toBe('—');
  });

  it('sums the known values', () => {
    expect(totalAppraisedFen([{ appraisedValueFen: 150 }, { appraisedValueFen: null }, { appraisedValueFen: 250 }])).toBe(400);
  });
});

describe('yuan typed by a person', () => {
  it('reads whole fen without floats', () => {
    expect(parseYuanToFen('1,234.5')).toBe(123450);
    expect(parseYuanToFen(' 0.07 ')).toBe(7);
    expect(parseYuanToFen('4800000')).toBe(480000000);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '１２']) expect(parseYuanToFen(bad)).toBeNull();
  });
});

describe('premium', () => {
  it('needs a reason when it is not the computed one', () => {
    const suggested = premiumFen(2_000_000_00, 150, 12); // 30,000.00
    expect(suggested).toBe(30_000_00);
    expect(premiumNeedsReason(suggested, 30_000_00)).toBe(false);
    expect(premiumNeedsReason(suggested, 29_999_99)).toBe(true);
    expect(premiumNeedsReason(null, 30_000_00)).toBe(true);
  });

  it('PREMIUM_ADD/EDIT carry an optional reason; anything else is refused by the shape check', () => {
    expect(validateEvent({ type: 'PREMIUM_ADD', actorId: 'a', at, amount: 100.5, reason: '客户协商优惠' })).toEqual([]);
    expect(validateEvent({ type: 'PREMIUM_EDIT', actorId: 'a', at, amount: 100.5 })).toEqual([]);
    expect(validateEvent({ type: 'PREMIUM_ADD', actorId: 'a', at, amount: 100, reason: '  ' }).map((e) => e.field)).toEqual(['reason']);
    expect(validateEvent({ type: 'PREMIUM_ADD', actorId: 'a', at, amount: -1 }).map((e) => e.field)).toEqual(['amount']);
    expect(validateEvent({ type: 'PREMIUM_ADD', actorId: 'a', at, amount: '100' }).map((e) => e.field)).toEqual(['amount']);
    expect(validateEvent({ type: 'PREMIUM_ADD', actorId: 'a', at, amount: 1, note: 'x' }).map((e) => e.field)).toEqual(['note']);
  });
});

it('names every collateral kind in both languages', () => {
  for (const kind of COLLATERAL_KINDS) {
    expect(COLLATERAL_KIND_LABELS[kind].zh).toBeTruthy();
    expect(COLLATERAL_KIND_LABELS[kind].en).toBeTruthy();
  }
});
