/**
 * The three-year financial statements of a loan's review report (spec section 3, "financial
 * statements"): the line items as data, and the ratio analysis COMPUTED from them by one pure
 * function that the server (preview, PDF) and the web (live table beside the form) both call.
 * Ratios are never typed and never stored.
 *
 * Values are plain numbers in the statement's unit (yuan or 10 000 yuan; EPS in yuan per share);
 * a cell nobody filled is null. Years run oldest to newest: column 0 is two years before column 2.
 */

import type { Label } from '../labels';

export const STATEMENT_YEARS = 3;

export const STATEMENT_UNITS = {
  YUAN: { zh: '元', en: 'yuan' },
  TEN_THOUSAND_YUAN: { zh: '万元', en: '10k yuan' },
} as const satisfies Record<string, Label>;
export type StatementUnit = keyof typeof STATEMENT_UNITS;

/**
 * FULL: every line of the statements. SUMMARY: the shorter set of summary items only (small
 * enterprises file simplified statements); the ratios need nothing beyond the summary set.
 */
export const STATEMENT_FORMS = {
  FULL: { zh: '完整报表', en: 'Full statements' },
  SUMMARY: { zh: '摘要报表', en: 'Summary items' },
} as const satisfies Record<string, Label>;
export type StatementForm = keyof typeof STATEMENT_FORMS;

export const STATEMENT_GROUPS = [
  { key: 'assets', zh: '资产负债表：资产', en: 'Balance sheet: assets' },
  { key: 'liabilities', zh: '资产负债表：负债', en: 'Balance sheet: liabilities' },
  { key: 'equity', zh: '资产负债表：所有者权益', en: "Balance sheet: owners' equity" },
  { key: 'income', zh: '利润表', en: 'Income statement' },
  { key: 'comprehensive', zh: '综合收益', en: 'Comprehensive income' },
  { key: 'eps', zh: '每股收益及利润分配', en: 'Earnings per share and profit distribution' },
  { key: 'cashFlow', zh: '现金流量（摘要）', en: 'Cash flows (summary)' },
] as const;
export type StatementGroup = (typeof STATEMENT_GROUPS)[number]['key'];

export interface StatementLine extends Label {
  key: string;
  group: StatementGroup;
  /** One of the shorter set of summary items: shown in both forms, required for every year given. */
  summary?: boolean;
  /** Balances and revenue cannot be negative; profits, cash flows and some expenses can. */
  nonNegative?: boolean;
  /** A sub-total or total (shown in bold). */
  total?: boolean;
  /** Decimals allowed (2 for money, 4 for earnings per share). */
  decimals?: number;
}

const line = (group: StatementGroup, key: string, zh: string, en: string, flags: Partial<StatementLine> = {}): StatementLine => ({
  key,
  group,
  zh,
  en,
  ...flags,
});
const S = { summary: true } as const;
const NN = { nonNegative: true } as const;
const T = { total: true } as const;

export const STATEMENT_LINES: readonly StatementLine[] = [
  line('assets', 'monetaryFunds', '货币资金', 'Cash and cash equivalents', { ...S, ...NN }),
  line('assets', 'tradingFinancialAssets', '交易性金融资产', 'Trading financial assets', NN),
  line('assets', 'notesReceivable', '应收票据', 'Notes receivable', NN),
  line('assets', 'accountsReceivable', '应收账款', 'Accounts receivable', { ...S, ...NN }),
  line('assets', 'prepayments', '预付款项', 'Prepayments', NN),
  line('assets', 'otherReceivables', '其他应收款', 'Other receivables', NN),
  line('assets', 'inventory', '存货', 'Inventories', { ...S, ...NN }),
  line('assets', 'otherCurrentAssets', '其他流动资产', 'Other current assets', NN),
  line('assets', 'totalCurrentAssets', '流动资产合计', 'Total current assets', { ...S, ...NN, ...T }),
  line('assets', 'longTermEquityInvestments', '长期股权投资', 'Long-term equity investments', NN),
  line('assets', 'investmentProperty', '投资性房地产', 'Investment property', NN),
  line('assets', 'fixedAssets', '固定资产', 'Fixed assets', NN),
  line('assets', 'constructionInProgress', '在建工程', 'Construction in progress', NN),
  line('assets', 'intangibleAssets', '无形资产', 'Intangible assets', NN),
  line('assets', 'goodwill', '商誉', 'Goodwill', NN),
  line('assets', 'longTermPrepaidExpenses', '长期待摊费用', 'Long-term prepaid expenses', NN),
  line('assets', 'deferredTaxAssets', '递延所得税资产', 'Deferred tax assets', NN),
  line('assets', 'otherNonCurrentAssets', '其他非流动资产', 'Other non-current assets', NN),
  line('assets', 'totalNonCurrentAssets', '非流动资产合计', 'Total non-current assets', { ...NN, ...T }),
  line('assets', 'totalAssets', '资产总计', 'Total assets', { ...S, ...NN, ...T }),

  line('liabilities', 'shortTermBorrowings', '短期借款', 'Short-term borrowings', { ...S, ...NN }),
  line('liabilities', 'notesPayable', '应付票据', 'Notes payable', NN),
  line('liabilities', 'accountsPayable', '应付账款', 'Accounts payable', NN),
  line('liabilities', 'advancesFromCustomers', '预收款项（合同负债）', 'Advances from customers (contract liabilities)', NN),
  line('liabilities', 'employeeBenefitsPayable', '应付职工薪酬', 'Employee benefits payable', NN),
  line('liabilities', 'taxesPayable', '应交税费', 'Taxes payable'),
  line('liabilities', 'otherPayables', '其他应付款', 'Other payables', NN),
  line('liabilities', 'currentPortionOfNonCurrentLiabilities', '一年内到期的非流动负债', 'Non-current liabilities due within one year', NN),
  line('liabilities', 'otherCurrentLiabilities', '其他流动负债', 'Other current liabilities', NN),
  line('liabilities', 'totalCurrentLiabilities', '流动负债合计', 'Total current liabilities', { ...S, ...NN, ...T }),
  line('liabilities', 'longTermBorrowings', '长期借款', 'Long-term borrowings', { ...S, ...NN }),
  line('liabilities', 'bondsPayable', '应付债券', 'Bonds payable', NN),
  line('liabilities', 'longTermPayables', '长期应付款', 'Long-term payables', NN),
  line('liabilities', 'deferredTaxLiabilities', '递延所得税负债', 'Deferred tax liabilities', NN),
  line('liabilities', 'otherNonCurrentLiabilities', '其他非流动负债', 'Other non-current liabilities', NN),
  line('liabilities', 'totalNonCurrentLiabilities', '非流动负债合计', 'Total non-current liabilities', { ...NN, ...T }),
  line('liabilities', 'totalLiabilities', '负债合计', 'Total liabilities', { ...S, ...NN, ...T }),

  line('equity', 'paidInCapital', '实收资本（或股本）', 'Paid-in capital (share capital)', NN),
  line('equity', 'capitalReserve', '资本公积', 'Capital reserve'),
  line('equity', 'otherComprehensiveIncomeReserve', '其他综合收益', 'Accumulated other comprehensive income'),
  line('equity', 'surplusReserve', '盈余公积', 'Surplus reserve', NN),
  line('equity', 'undistributedProfit', '未分配利润', 'Undistributed profit'),
  line('equity', 'totalEquity', '所有者权益合计', "Total owners' equity", { ...S, ...T }),
  line('equity', 'totalLiabilitiesAndEquity', '负债和所有者权益总计', "Total liabilities and owners' equity", { ...NN, ...T }),

  line('income', 'operatingRevenue', '营业收入', 'Operating revenue', { ...S, ...NN }),
  line('income', 'operatingCost', '营业成本', 'Operating cost', { ...S, ...NN }),
  line('income', 'taxesAndSurcharges', '税金及附加', 'Taxes and surcharges'),
  line('income', 'sellingExpenses', '销售费用', 'Selling expenses'),
  line('income', 'administrativeExpenses', '管理费用', 'Administrative expenses'),
  line('income', 'rdExpenses', '研发费用', 'R&D expenses'),
  line('income', 'financialExpenses', '财务费用', 'Financial expenses'),
  line('income', 'interestExpense', '其中：利息费用', 'of which: interest expense', { ...S, ...NN }),
  line('income', 'otherIncome', '其他收益', 'Other income'),
  line('income', 'investmentIncome', '投资收益', 'Investment income'),
  line('income', 'creditImpairmentLosses', '信用减值损失', 'Credit impairment losses'),
  line('income', 'assetImpairmentLosses', '资产减值损失', 'Asset impairment losses'),
  line('income', 'operatingProfit', '营业利润', 'Operating profit', T),
  line('income', 'nonOperatingIncome', '营业外收入', 'Non-operating income'),
  line('income', 'nonOperatingExpenses', '营业外支出', 'Non-operating expenses'),
  line('income', 'totalProfit', '利润总额', 'Total profit (before tax)', { ...S, ...T }),
  line('income', 'incomeTaxExpense', '所得税费用', 'Income tax expense'),
  line('income', 'netProfit', '净利润', 'Net profit', { ...S, ...T }),

  line('comprehensive', 'otherComprehensiveIncome', '其他综合收益的税后净额', 'Other comprehensive income, net of tax'),
  line('comprehensive', 'totalComprehensiveIncome', '综合收益总额', 'Total comprehensive income', T),

  line('eps', 'basicEps', '基本每股收益（元/股）', 'Basic earnings per share (yuan)', { decimals: 4 }),
  line('eps', 'dilutedEps', '稀释每股收益（元/股）', 'Diluted earnings per share (yuan)', { decimals: 4 }),
  line('eps', 'statutorySurplusReserve', '提取法定盈余公积', 'Appropriation to statutory surplus reserve', NN),
  line('eps', 'dividendsDistributed', '向股东分配的利润', 'Profit distributed to shareholders', NN),

  line('cashFlow', 'netOperatingCashFlow', '经营活动产生的现金流量净额', 'Net cash flow from operating activities', S),
  line('cashFlow', 'netInvestingCashFlow', '投资活动产生的现金流量净额', 'Net cash flow from investing activities', S),
  line('cashFlow', 'netFinancingCashFlow', '筹资活动产生的现金流量净额', 'Net cash flow from financing activities', S),
];

export const STATEMENT_LINE_KEYS: readonly string[] = STATEMENT_LINES.map((l) => l.key);
export const SUMMARY_LINE_KEYS: readonly string[] = STATEMENT_LINES.filter((l) => l.summary).map((l) => l.key);
const LINE_BY_KEY = new Map(STATEMENT_LINES.map((l) => [l.key, l]));

export function statementLine(key: string): StatementLine | undefined {
  return LINE_BY_KEY.get(key);
}

/** The lines a form shows, in order. */
export function linesOfForm(form: StatementForm): readonly StatementLine[] {
  return form === 'SUMMARY' ? STATEMENT_LINES.filter((l) => l.summary) : STATEMENT_LINES;
}

export type YearValues = (number | null)[];

export interface FinancialStatements {
  unit: StatementUnit;
  form: StatementForm;
  /** Fiscal years, oldest first; null where a year is not given (a company younger than three years). */
  years: (number | null)[];
  /** Line key -> one value per year (same order as `years`). */
  lines: Record<string, YearValues>;
}

export function emptyStatements(years: (number | null)[] = [null, null, null]): FinancialStatements {
  return { unit: 'TEN_THOUSAND_YUAN', form: 'SUMMARY', years: [...years], lines: {} };
}

/** The three fiscal years before the given one (the web passes the current year). */
export function defaultYears(currentYear: number): number[] {
  return [currentYear - 3, currentYear - 2, currentYear - 1];
}

// ---------------------------------------------------------------------------------------------
// The ratio analysis
// ---------------------------------------------------------------------------------------------

/** percent: a fraction shown as 12.34%; times: a multiple shown as 1.23. */
export type RatioUnit = 'percent' | 'times';

type Value = (year: number) => number | null;
interface Inputs {
  v: (key: string) => Value;
}

export interface RatioDef extends Label {
  key: string;
  unit: RatioUnit;
  /** How it is computed, for people (shown under the table and in the preview). */
  formula: Label;
  compute: (inputs: Inputs, year: number) => number | null;
}

export interface RatioGroupDef extends Label {
  key: 'liquidity' | 'leverage' | 'profitability' | 'turnover' | 'growth';
  ratios: RatioDef[];
}

/** a / b, or null when either is missing or b is zero. */
export function safeDivide(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  const result = a / b;
  return Number.isFinite(result) ? result : null;
}

function minus(a: number | null, b: number | null): number | null {
  return a == null || b == null ? null : a - b;
}

function plus(a: number | null, b: number | null): number | null {
  return a == null || b == null ? null : a + b;
}

/** Change against the year before, over the absolute base (a loss that shrinks is growth). */
function growth(inputs: Inputs, key: string, year: number): number | null {
  if (year === 0) return null;
  const now = inputs.v(key)(year);
  const before = inputs.v(key)(year - 1);
  return safeDivide(minus(now, before), before == null ? null : Math.abs(before));
}

const ratio = (key: string, zh: string, en: string, unit: RatioUnit, formula: Label, compute: RatioDef['compute']): RatioDef => ({
  key,
  zh,
  en,
  unit,
  formula,
  compute,
});
const f = (zh: string, en: string): Label => ({ zh, en });

export const RATIO_GROUPS: readonly RatioGroupDef[] = [
  {
    key: 'liquidity',
    zh: '偿债能力（短期）',
    en: 'Liquidity',
    ratios: [
      ratio(
        'currentRatio',
        '流动比率',
        'Current ratio',
        'times',
        f('流动资产合计 ÷ 流动负债合计', 'Total current assets ÷ total current liabilities'),
        (i, y) => safeDivide(i.v('totalCurrentAssets')(y), i.v('totalCurrentLiabilities')(y)),
      ),
      ratio(
        'quickRatio',
        '速动比率',
        'Quick ratio',
        'times',
        f('（流动资产合计 − 存货）÷ 流动负债合计', '(Total current assets − inventories) ÷ total current liabilities'),
        (i, y) => safeDivide(minus(i.v('totalCurrentAssets')(y), i.v('inventory')(y)), i.v('totalCurrentLiabilities')(y)),
      ),
      ratio('cashRatio', '现金比率', 'Cash ratio', 'times', f('货币资金 ÷ 流动负债合计', 'Cash and cash equivalents ÷ total current liabilities'), (i, y) =>
        safeDivide(i.v('monetaryFunds')(y), i.v('totalCurrentLiabilities')(y)),
      ),
    ],
  },
  {
    key: 'leverage',
    zh: '偿债能力（长期）',
    en: 'Leverage',
    ratios: [
      ratio('debtToAsset', '资产负债率', 'Debt-to-asset ratio', 'percent', f('负债合计 ÷ 资产总计', 'Total liabilities ÷ total assets'), (i, y) =>
        safeDivide(i.v('totalLiabilities')(y), i.v('totalAssets')(y)),
      ),
      ratio('equityMultiplier', '权益乘数', 'Equity multiplier', 'times', f('资产总计 ÷ 所有者权益合计', "Total assets ÷ total owners' equity"), (i, y) =>
        safeDivide(i.v('totalAssets')(y), i.v('totalEquity')(y)),
      ),
      ratio(
        'interestCoverage',
        '利息保障倍数',
        'Interest coverage',
        'times',
        f('（利润总额 + 利息费用）÷ 利息费用', '(Total profit + interest expense) ÷ interest expense'),
        (i, y) => safeDivide(plus(i.v('totalProfit')(y), i.v('interestExpense')(y)), i.v('interestExpense')(y)),
      ),
    ],
  },
  {
    key: 'profitability',
    zh: '盈利能力',
    en: 'Profitability',
    ratios: [
      ratio(
        'grossMargin',
        '毛利率',
        'Gross margin',
        'percent',
        f('（营业收入 − 营业成本）÷ 营业收入', '(Operating revenue − operating cost) ÷ operating revenue'),
        (i, y) => safeDivide(minus(i.v('operatingRevenue')(y), i.v('operatingCost')(y)), i.v('operatingRevenue')(y)),
      ),
      ratio('netMargin', '净利率', 'Net margin', 'percent', f('净利润 ÷ 营业收入', 'Net profit ÷ operating revenue'), (i, y) =>
        safeDivide(i.v('netProfit')(y), i.v('operatingRevenue')(y)),
      ),
      ratio('roa', '总资产收益率', 'Return on assets', 'percent', f('净利润 ÷ 资产总计（年末）', 'Net profit ÷ total assets (year end)'), (i, y) =>
        safeDivide(i.v('netProfit')(y), i.v('totalAssets')(y)),
      ),
      ratio(
        'roe',
        '净资产收益率',
        'Return on equity',
        'percent',
        f('净利润 ÷ 所有者权益合计（年末）', "Net profit ÷ total owners' equity (year end)"),
        (i, y) => safeDivide(i.v('netProfit')(y), i.v('totalEquity')(y)),
      ),
    ],
  },
  {
    key: 'turnover',
    zh: '营运能力',
    en: 'Turnover',
    ratios: [
      ratio(
        'receivablesTurnover',
        '应收账款周转率',
        'Receivables turnover',
        'times',
        f('营业收入 ÷ 应收账款（年末）', 'Operating revenue ÷ accounts receivable (year end)'),
        (i, y) => safeDivide(i.v('operatingRevenue')(y), i.v('accountsReceivable')(y)),
      ),
      ratio('inventoryTurnover', '存货周转率', 'Inventory turnover', 'times', f('营业成本 ÷ 存货（年末）', 'Operating cost ÷ inventories (year end)'), (i, y) =>
        safeDivide(i.v('operatingCost')(y), i.v('inventory')(y)),
      ),
      ratio(
        'totalAssetTurnover',
        '总资产周转率',
        'Total asset turnover',
        'times',
        f('营业收入 ÷ 资产总计（年末）', 'Operating revenue ÷ total assets (year end)'),
        (i, y) => safeDivide(i.v('operatingRevenue')(y), i.v('totalAssets')(y)),
      ),
    ],
  },
  {
    key: 'growth',
    zh: '成长能力',
    en: 'Growth',
    ratios: [
      ratio(
        'revenueGrowth',
        '营业收入增长率',
        'Revenue growth',
        'percent',
        f('（本年营业收入 − 上年）÷ |上年|', '(Revenue − prior year) ÷ |prior year|'),
        (i, y) => growth(i, 'operatingRevenue', y),
      ),
      ratio(
        'netProfitGrowth',
        '净利润增长率',
        'Net profit growth',
        'percent',
        f('（本年净利润 − 上年）÷ |上年|', '(Net profit − prior year) ÷ |prior year|'),
        (i, y) => growth(i, 'netProfit', y),
      ),
      ratio(
        'totalAssetsGrowth',
        '总资产增长率',
        'Total assets growth',
        'percent',
        f('（本年资产总计 − 上年）÷ |上年|', '(Total assets − prior year) ÷ |prior year|'),
        (i, y) => growth(i, 'totalAssets', y),
      ),
    ],
  },
];

export const RATIO_KEYS: readonly string[] = RATIO_GROUPS.flatMap((g) => g.ratios.map((r) => r.key));

export interface RatioAnalysis {
  years: (number | null)[];
  /** Ratio key -> one value per year; null: not computable (a missing value, a year not given, a zero divisor). */
  values: Record<string, (number | null)[]>;
}

function cell(statements: Partial<FinancialStatements> | null | undefined, key: string, year: number): number | null {
  const row = statements?.lines?.[key];
  const value = Array.isArray(row) ? row[year] : null;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * THE ratio analysis: every ratio of RATIO_GROUPS for every year of the statements. Pure; tolerant
 * of partial or malformed input (a draft): anything not a finite number counts as missing.
 */
export function computeRatios(statements: Partial<FinancialStatements> | null | undefined): RatioAnalysis {
  const years = Array.from({ length: STATEMENT_YEARS }, (_, i) => {
    const y = statements?.years?.[i];
    return typeof y === 'number' && Number.isInteger(y) ? y : null;
  });
  // A column whose year is not given has no values, whatever the cells hold.
  const inputs: Inputs = { v: (key) => (year) => (years[year] === null ? null : cell(statements, key, year)) };
  const values: Record<string, (number | null)[]> = {};
  for (const group of RATIO_GROUPS) {
    for (const def of group.ratios) values[def.key] = years.map((_, y) => def.compute(inputs, y));
  }
  return { years, values };
}

export const FIGURE_NOT_AVAILABLE = '—';

/** Digits with thousands separators, fixed decimals, a minus sign when negative; locale-independent. */
export function formatFigure(value: number | null | undefined, decimals = 2): string {
  if (value == null || !Number.isFinite(value)) return FIGURE_NOT_AVAILABLE;
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = value < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A ratio for people: 12.34% or 1.23; "—" when it cannot be computed. */
export function formatRatio(value: number | null | undefined, unit: RatioUnit): string {
  if (value == null || !Number.isFinite(value)) return FIGURE_NOT_AVAILABLE;
  return unit === 'percent' ? `${formatFigure(value * 100, 2)}%` : formatFigure(value, 2);
}

/**
 * Years where total assets differ from total liabilities and owners' equity by more than one unit:
 * a typing mistake worth a warning (not an error: statements are copied as the company filed them).
 */
export function unbalancedYears(statements: Partial<FinancialStatements> | null | undefined): number[] {
  const out: number[] = [];
  for (let y = 0; y < STATEMENT_YEARS; y++) {
    const assets = cell(statements, 'totalAssets', y);
    const liabilities = cell(statements, 'totalLiabilities', y);
    const equity = cell(statements, 'totalEquity', y);
    if (assets != null && liabilities != null && equity != null && Math.abs(assets - liabilities - equity) > 1) out.push(y);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Validation and completeness (used by the report's `financials` field kind)
// ---------------------------------------------------------------------------------------------

export const MIN_STATEMENT_YEAR = 1980;
export const MAX_STATEMENT_YEAR = 2100;
/** Largest magnitude of a statement value (in its unit). */
export const MAX_STATEMENT_VALUE = 1e13;

export interface StatementIssue {
  /** Relative to the statements value: `years.1`, `lines.totalAssets.2`, `unit`. */
  path: string;
  code: 'type' | 'enum' | 'min' | 'max' | 'decimals' | 'unknown' | 'order' | 'required';
  params?: Record<string, string | number>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decimalsOf(value: number): number {
  if (Number.isInteger(value)) return 0;
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.split('.')[1]?.length ?? 0;
}

/** Shape and range problems of a statements value (nothing about required cells: see missingStatementCells). */
export function validateStatements(value: unknown): StatementIssue[] {
  if (!isPlainObject(value)) return [{ path: '', code: 'type' }];
  const issues: StatementIssue[] = [];
  for (const key of Object.keys(value)) if (!['unit', 'form', 'years', 'lines'].includes(key)) issues.push({ path: key, code: 'unknown' });
  if (!(typeof value.unit === 'string' && value.unit in STATEMENT_UNITS)) issues.push({ path: 'unit', code: 'enum' });
  if (!(typeof value.form === 'string' && value.form in STATEMENT_FORMS)) issues.push({ path: 'form', code: 'enum' });
  const years = value.years;
  if (!Array.isArray(years) || years.length !== STATEMENT_YEARS) {
    issues.push({ path: 'years', code: 'type', params: { length: STATEMENT_YEARS } });
  } else {
    let previous: number | null = null;
    years.forEach((year, i) => {
      if (year === null) return;
      if (typeof year !== 'number' || !Number.isInteger(year)) issues.push({ path: `years.${i}`, code: 'type' });
      else if (year < MIN_STATEMENT_YEAR) issues.push({ path: `years.${i}`, code: 'min', params: { min: MIN_STATEMENT_YEAR } });
      else if (year > MAX_STATEMENT_YEAR) issues.push({ path: `years.${i}`, code: 'max', params: { max: MAX_STATEMENT_YEAR } });
      else {
        if (previous !== null && year <= previous) issues.push({ path: `years.${i}`, code: 'order' });
        previous = year;
      }
    });
  }
  if (!isPlainObject(value.lines)) {
    issues.push({ path: 'lines', code: 'type' });
    return issues;
  }
  for (const [key, row] of Object.entries(value.lines)) {
    const def = LINE_BY_KEY.get(key);
    if (!def) {
      issues.push({ path: `lines.${key}`, code: 'unknown' });
      continue;
    }
    if (!Array.isArray(row) || row.length !== STATEMENT_YEARS) {
      issues.push({ path: `lines.${key}`, code: 'type', params: { length: STATEMENT_YEARS } });
      continue;
    }
    row.forEach((cellValue, i) => {
      const path = `lines.${key}.${i}`;
      if (cellValue === null) return;
      if (typeof cellValue !== 'number' || !Number.isFinite(cellValue)) issues.push({ path, code: 'type' });
      else if (def.nonNegative && cellValue < 0) issues.push({ path, code: 'min', params: { min: 0 } });
      else if (Math.abs(cellValue) > MAX_STATEMENT_VALUE) issues.push({ path, code: 'max', params: { max: MAX_STATEMENT_VALUE } });
      else if (decimalsOf(cellValue) > (def.decimals ?? 2)) issues.push({ path, code: 'decimals', params: { decimals: def.decimals ?? 2 } });
    });
  }
  return issues;
}

/**
 * What is missing for the statements to count as complete: the latest year must be given, and every
 * year given needs all summary items (the ratios and the cash-flow analysis rest on them). Fewer than
 * three years is allowed: a young company has no older statements.
 */
export function missingStatementCells(value: unknown): string[] {
  if (!isPlainObject(value)) return ['years'];
  const years = Array.isArray(value.years) ? value.years : [];
  const missing: string[] = [];
  if (typeof years[STATEMENT_YEARS - 1] !== 'number') missing.push(`years.${STATEMENT_YEARS - 1}`);
  const lines = isPlainObject(value.lines) ? value.lines : {};
  for (let y = 0; y < STATEMENT_YEARS; y++) {
    if (typeof years[y] !== 'number') continue;
    for (const key of SUMMARY_LINE_KEYS) {
      const row = lines[key];
      const v = Array.isArray(row) ? row[y] : null;
      if (typeof v !== 'number' || !Number.isFinite(v)) missing.push(`lines.${key}.${y}`);
    }
  }
  return missing;
}
