/** The ratio analysis computed from the statements: known numbers, missing years, zero divisors. */

import {
  computeRatios,
  exampleStatements,
  formatFigure,
  formatRatio,
  missingStatementCells,
  RATIO_GROUPS,
  RATIO_KEYS,
  SUMMARY_LINE_KEYS,
  unbalancedYears,
  validateStatements,
  type FinancialStatements,
} from '../src/index';

const statements = (): FinancialStatements => exampleStatements(2024);

describe('computeRatios', () => {
  it('computes every ratio of the latest year from the summary items', () => {
    const { years, values } = computeRatios(statements());
    expect(years).toEqual([2022, 2023, 2024]);
    const latest = (key: string) => values[key][2];
    expect(latest('currentRatio')).toBeCloseTo(6400 / 4000);
    expect(latest('quickRatio')).toBeCloseTo((6400 - 1700) / 4000);
    expect(latest('cashRatio')).toBeCloseTo(0.45);
    expect(latest('debtToAsset')).toBeCloseTo(0.55);
    expect(latest('equityMultiplier')).toBeCloseTo(12000 / 5400);
    expect(latest('interestCoverage')).toBeCloseTo(6);
    expect(latest('grossMargin')).toBeCloseTo(4000 / 15000);
    expect(latest('netMargin')).toBeCloseTo(0.06);
    expect(latest('roa')).toBeCloseTo(0.075);
    expect(latest('roe')).toBeCloseTo(900 / 5400);
    expect(latest('receivablesTurnover')).toBeCloseTo(6);
    expect(latest('inventoryTurnover')).toBeCloseTo(11000 / 1700);
    expect(latest('totalAssetTurnover')).toBeCloseTo(1.25);
    expect(latest('revenueGrowth')).toBeCloseTo(1200 / 13800);
    expect(latest('netProfitGrowth')).toBeCloseTo(0.2);
    expect(latest('totalAssetsGrowth')).toBeCloseTo(1000 / 11000);
  });

  it('answers a value for every ratio and every year, growth starting in the second year', () => {
    const { values } = computeRatios(statements());
    expect(Object.keys(values).sort()).toEqual([...RATIO_KEYS].sort());
    expect(RATIO_GROUPS.map((g) => g.key)).toEqual(['liquidity', 'leverage', 'profitability', 'turnover', 'growth']);
    for (const key of ['revenueGrowth', 'netProfitGrowth', 'totalAssetsGrowth']) expect(values[key][0]).toBeNull();
    expect(values.revenueGrowth[1]).toBeCloseTo(1800 / 12000);
  });

  it('gives null, never Infinity or NaN, when a divisor is zero', () => {
    const s = statements();
    s.lines.totalCurrentLiabilities = [0, 0, 0];
    s.lines.interestExpense = [0, 220, 0];
    s.lines.operatingRevenue = [0, 13800, 15000];
    const { values } = computeRatios(s);
    expect(values.currentRatio).toEqual([null, null, null]);
    expect(values.quickRatio).toEqual([null, null, null]);
    expect(values.cashRatio).toEqual([null, null, null]);
    expect(values.interestCoverage[0]).toBeNull();
    expect(values.interestCoverage[1]).toBeCloseTo(1220 / 220);
    expect(values.grossMargin[0]).toBeNull();
    // Growth from a zero base cannot be expressed as a rate.
    expect(values.revenueGrowth[1]).toBeNull();
    for (const row of Object.values(values)) for (const v of row) expect(v === null || Number.isFinite(v)).toBe(true);
  });

  it('leaves a year out entirely when it is not given, and a ratio out when one input is missing', () => {
    const s = statements();
    s.years = [null, 2023, 2024];
    s.lines.inventory = [1500, null, 1700];
    const { years, values } = computeRatios(s);
    expect(years).toEqual([null, 2023, 2024]);
    for (const key of RATIO_KEYS) expect(values[key][0]).toBeNull();
    expect(values.quickRatio[1]).toBeNull();
    expect(values.currentRatio[1]).toBeCloseTo(5800 / 3800);
    // The first year given has no year before it to grow from.
    expect(values.revenueGrowth[1]).toBeNull();
    expect(values.revenueGrowth[2]).toBeCloseTo(1200 / 13800);
  });

  it('measures growth against the absolute base, so a shrinking loss is growth', () => {
    const s = statements();
    s.lines.netProfit = [-200, -100, 50];
    const { values } = computeRatios(s);
    expect(values.netProfitGrowth[1]).toBeCloseTo(0.5);
    expect(values.netProfitGrowth[2]).toBeCloseTo(1.5);
  });

  it('tolerates drafts: nothing, junk and text in cells count as missing', () => {
    expect(computeRatios(null).values.currentRatio).toEqual([null, null, null]);
    const junk = { years: [2022, '2023', 2024], lines: { totalCurrentAssets: ['1', 5, null], totalCurrentLiabilities: 'x' } } as unknown as FinancialStatements;
    const { years, values } = computeRatios(junk);
    expect(years).toEqual([2022, null, 2024]);
    expect(values.currentRatio).toEqual([null, null, null]);
  });
});

describe('formatting', () => {
  it('shows percentages, multiples and a dash for what cannot be computed', () => {
    expect(formatRatio(0.55, 'percent')).toBe('55.00%');
    expect(formatRatio(-0.125, 'percent')).toBe('-12.50%');
    expect(formatRatio(6, 'times')).toBe('6.00');
    expect(formatRatio(null, 'times')).toBe('—');
    expect(formatRatio(Number.NaN, 'percent')).toBe('—');
    expect(formatFigure(-1234567.891)).toBe('-1,234,567.89');
    expect(formatFigure(1000, 0)).toBe('1,000');
    expect(formatFigure(-0.001)).toBe('0.00');
  });
});

describe('validation and completeness of the statements', () => {
  it('accepts the example and finds it complete and balanced', () => {
    expect(validateStatements(statements())).toEqual([]);
    expect(missingStatementCells(statements())).toEqual([]);
    expect(unbalancedYears(statements())).toEqual([]);
  });

  it('names wrong kinds, negative balances, too many decimals, unknown lines and years out of order', () => {
    const s = statements() as any;
    s.unit = 'DOLLARS';
    s.years = [2024, 2023, 2025];
    s.lines.totalAssets = [10000, '11000', 12000];
    s.lines.inventory = [-1, 1600, 1700];
    s.lines.netProfit = [600.123, 750, 900];
    s.lines.madeUp = [1, 2, 3];
    const issues = validateStatements(s);
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'unit', code: 'enum' },
        { path: 'years.1', code: 'order' },
        { path: 'lines.totalAssets.1', code: 'type' },
        { path: 'lines.inventory.0', code: 'min', params: { min: 0 } },
        { path: 'lines.netProfit.0', code: 'decimals', params: { decimals: 2 } },
        { path: 'lines.madeUp', code: 'unknown' },
      ]),
    );
    expect(validateStatements('nope')).toEqual([{ path: '', code: 'type' }]);
  });

  it('requires the latest year and every summary item of each year given; older years may be absent', () => {
    const s = statements();
    s.years = [null, null, 2024];
    expect(missingStatementCells(s)).toEqual([]);
    s.lines.netProfit = [600, 750, null];
    expect(missingStatementCells(s)).toEqual(['lines.netProfit.2']);
    s.years = [2022, 2023, null];
    expect(missingStatementCells(s)).toContain('years.2');
    expect(missingStatementCells({ unit: 'YUAN', form: 'SUMMARY', years: [null, null, 2024], lines: {} })).toHaveLength(SUMMARY_LINE_KEYS.length);
  });

  it('warns about a year whose balance sheet does not balance', () => {
    const s = statements();
    s.lines.totalEquity = [4500, 4000, 5400];
    expect(unbalancedYears(s)).toEqual([1]);
  });
});
