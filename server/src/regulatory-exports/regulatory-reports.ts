import { companyEnumOption, fromFen, type CompanyEnumField, type Label } from '@app/workflow';
import { pickLabel, type Lang } from '../common/i18n';
import type { SheetColumn } from '../common/spreadsheet';
import type { RegulatoryExtensionRowDto, RegulatoryRowDto } from './regulatory-export.dto';

export type RegulatoryReportKey = 'guodan' | 'industrial';

/** A report column with its documentation (MAPPING.md is generated from these: gen-mapping.ts). */
export interface RegulatoryColumn extends SheetColumn<RegulatoryRowDto> {
  /** Where the value comes from (table.column or the computation's inputs). */
  source: string;
  /** How it is written in the cell. */
  rule: string;
  /** A cell as it appears in a Chinese export. */
  example: string;
}

const label = (zh: string, en: string): Label => ({ zh, en });

export const ENTERPRISE_SIZE_LABELS: Record<RegulatoryRowDto['enterpriseSize'], Label> = {
  MICRO: label('微型', 'Micro'),
  SMALL: label('小型', 'Small'),
  MEDIUM: label('中型', 'Medium'),
  LARGE: label('大型', 'Large'),
  UNKNOWN: label('未划型（未填从业人数）', 'Unclassified (no employee count)'),
};

export const GUARANTEE_STATUS_LABELS: Record<RegulatoryRowDto['guaranteeStatus'], Label> = {
  IN_FORCE: label('在保', 'In force'),
  RELEASED: label('已解保', 'Released'),
  DISCONTINUED: label('已终止', 'Discontinued'),
};

const enumWords = (field: CompanyEnumField, keys: readonly string[], lang: Lang) =>
  keys
    .map((key) => companyEnumOption(field, key))
    .filter((option) => option !== null)
    .map((option) => (lang === 'en' ? option.en : option.zh))
    .join('、');

const yuan = (fen: number | null) => (fen === null ? null : fromFen(fen));
const percent = (bp: number | null) => (bp === null ? null : bp / 100);
const SMALL_MICRO = new Set(['MICRO', 'SMALL']);

const COLUMNS = {
  loanId: {
    header: label('业务编号', 'Business number'),
    width: 38,
    source: 'loan.id',
    rule: "The loan's id, unchanged",
    example: '3f1c…-…',
    value: (r) => r.loanId,
  },
  companyName: {
    header: label('被担保人名称', 'Guaranteed party'),
    width: 32,
    source: 'company.name',
    rule: 'As registered',
    example: '上海示例科技有限公司',
    value: (r) => r.companyName,
  },
  creditCode: {
    header: label('统一社会信用代码', 'Unified social credit code'),
    width: 22,
    source: 'company.credit_code',
    rule: '18 characters, GB 32100-2015',
    example: '91310115MA1K4XXXX1',
    value: (r) => r.creditCode,
  },
  partyType: {
    header: label('被担保人类型', 'Party type'),
    source: '(constant)',
    rule: 'Every client of this office is an enterprise: 企业',
    example: '企业',
    value: (_r, lang) => (lang === 'en' ? 'Enterprise' : '企业'),
  },
  enterpriseSize: {
    header: label('企业规模', 'Enterprise size'),
    source: 'company.employee_count',
    rule: '工信部联企业〔2011〕300号, rule of 其他未列明行业 (employees only): <10 微型, <100 小型, <300 中型, else 大型; no count: 未划型',
    example: '小型',
    value: (r, lang) => pickLabel(ENTERPRISE_SIZE_LABELS[r.enterpriseSize], lang),
  },
  smallMicro: {
    header: label('是否小微企业', 'Small or micro'),
    source: 'company.employee_count',
    rule: '是 when the size is 小型 or 微型, else 否',
    example: '是',
    value: (r, lang) => (SMALL_MICRO.has(r.enterpriseSize) ? (lang === 'en' ? 'Yes' : '是') : lang === 'en' ? 'No' : '否'),
  },
  employeeCount: {
    header: label('从业人数', 'Employees'),
    source: 'company.employee_count',
    rule: 'Whole number; empty when not recorded',
    example: '56',
    value: (r) => r.employeeCount,
  },
  district: {
    header: label('所属区县', 'District'),
    source: 'company.district_code',
    rule: 'Shanghai district name of the code',
    example: '浦东新区',
    value: (r, lang) => enumWords('districtCode', r.districtCode ? [r.districtCode] : [], lang),
  },
  industry: {
    header: label('所属行业（战略性新兴产业）', 'Industry (strategic emerging)'),
    width: 28,
    source: 'company.strategic_industries',
    rule: 'Names joined with 、',
    example: '新一代信息技术、新材料',
    value: (r, lang) => enumWords('strategicIndustries', r.strategicIndustries, lang),
  },
  qualifications: {
    header: label('企业资质', 'Qualifications'),
    width: 28,
    source: 'company.qualifications',
    rule: 'Names joined with 、 (高新技术企业, 专精特新中小企业…)',
    example: '高新技术企业、专精特新中小企业',
    value: (r, lang) => enumWords('qualifications', r.qualifications, lang),
  },
  mainBusiness: {
    header: label('主营业务', 'Main business'),
    width: 30,
    source: 'company.main_business',
    rule: 'As recorded',
    example: '工业软件研发',
    value: (r) => r.mainBusiness,
  },
  bank: {
    header: label('贷款银行', 'Lending bank'),
    width: 24,
    source: 'loan.bank',
    rule: 'Bank name as on the loan',
    example: '上海银行浦东分行',
    value: (r) => r.bank,
  },
  loanType: { header: label('业务品种', 'Product'), source: 'loan.loan_type', rule: 'Loan type name', example: '流动资金贷款', value: (r) => r.loanType },
  amount: {
    header: label('担保金额（元）', 'Guaranteed amount (yuan)'),
    width: 16,
    source: 'workflow_instance.amount_fen',
    rule: 'Fen / 100, a number with 2 decimals',
    example: '3000000.00',
    value: (r) => yuan(r.amountFen),
  },
  disbursedAmount: {
    header: label('放款金额（元）', 'Amount lent (yuan)'),
    width: 16,
    source: 'workflow_instance.disbursed_amount_fen (VOUCHER_CONFIRM)',
    rule: 'Fen / 100; the guaranteed amount when the voucher recorded none',
    example: '3000000.00',
    value: (r) => yuan(r.disbursedAmountFen),
  },
  outstanding: {
    header: label('在保余额（元）', 'Outstanding guarantee (yuan)'),
    width: 16,
    source: 'workflow_instance.disbursed_amount_fen, repayment_plan.repaid_fen, workflow_instance.stage',
    rule: 'Lent - repaid (not below 0) while in force; 0 once released or discontinued',
    example: '2250000.00',
    value: (r) => yuan(r.outstandingFen),
  },
  termMonths: { header: label('担保期限（月）', 'Term (months)'), source: 'loan.term_months', rule: 'Whole months', example: '12', value: (r) => r.termMonths },
  disbursedOn: {
    header: label('放款日期', 'Disbursed on'),
    source: 'workflow_instance.disbursed_on',
    rule: 'YYYY-MM-DD (company time zone)',
    example: '2026-03-15',
    value: (r) => r.disbursedOn,
  },
  maturityOn: {
    header: label('到期日期', 'Matures on'),
    source: 'repayment_plan.maturity_on, else disbursed_on + term_months',
    rule: 'YYYY-MM-DD',
    example: '2027-03-15',
    value: (r) => r.maturityOn,
  },
  annualRate: {
    header: label('贷款年利率（%）', 'Annual interest rate (%)'),
    source: 'repayment_plan.annual_rate_bp',
    rule: 'Basis points / 100; empty without a plan or rate',
    example: '3.45',
    value: (r) => percent(r.annualRateBp),
  },
  feeRate: {
    header: label('担保费率（%）', 'Guarantee fee rate (%)'),
    source: 'loan_type.fee_rate_bp (by loan.loan_type)',
    rule: 'Basis points / 100',
    example: '1.5',
    value: (r) => percent(r.feeRateBp),
  },
  fee: {
    header: label('担保费（元）', 'Guarantee fee (yuan)'),
    width: 14,
    source: 'workflow_instance.amount_fen × loan_type.fee_rate_bp',
    rule: 'round(amount_fen × fee_rate_bp / 10000) fen, shown in yuan',
    example: '45000.00',
    value: (r) => yuan(r.feeFen),
  },
  status: {
    header: label('业务状态', 'Status'),
    source: 'workflow_instance.stage',
    rule: 'closed: 已解保; discontinued: 已终止; any other stage after disbursement: 在保',
    example: '在保',
    value: (r, lang) => pickLabel(GUARANTEE_STATUS_LABELS[r.guaranteeStatus], lang),
  },
} satisfies Record<string, RegulatoryColumn>;

type ColumnKey = keyof typeof COLUMNS;
const pick = (keys: ColumnKey[]): RegulatoryColumn[] => keys.map((key) => COLUMNS[key]);

/** A column of the extension sheet, documented like the report's. */
export interface ExtensionColumn extends SheetColumn<RegulatoryExtensionRowDto> {
  source: string;
  rule: string;
  example: string;
}

/**
 * The second sheet of both reports: the loans extended in the period (an extension rebuilds the plan
 * to a new maturity, and the regulators are told of it), one line per approved extension.
 */
export const EXTENSION_SHEET: { name: Label; scope: string; columns: ExtensionColumn[] } = {
  name: label('展期业务', 'Extensions'),
  scope:
    "One line per extension approved in the period (the company day of EXTENSION_APPROVE within from..to), of the report's own companies (the ministry's: SMEs), oldest first.",
  columns: [
    { ...COLUMNS.loanId, value: (r) => r.loanId },
    { ...COLUMNS.companyName, value: (r) => r.companyName },
    { ...COLUMNS.creditCode, value: (r) => r.creditCode },
    { ...COLUMNS.bank, value: (r) => r.bank },
    { ...COLUMNS.disbursedAmount, value: (r) => yuan(r.disbursedAmountFen) },
    {
      header: label('展期金额（元）', 'Amount extended (yuan)'),
      width: 16,
      source: 'workflow_instance.disbursed_amount_fen, RECORD_REPAYMENT events before the approval',
      rule: 'Lent - the repayments recorded before EXTENSION_APPROVE (not below 0), fen / 100',
      example: '2250000.00',
      value: (r) => yuan(r.extendedFen),
    },
    {
      header: label('原到期日期', 'Former maturity'),
      source: "the previous approved EXTENSION_APPLY's newMaturityOn, else repayment_plan.disbursed_on + loan.term_months",
      rule: "YYYY-MM-DD: the maturity this extension replaced (the plan's own for a first extension)",
      example: '2027-03-15',
      value: (r) => r.previousMaturityOn,
    },
    {
      header: label('展期后到期日期', 'New maturity'),
      source: 'EXTENSION_APPLY.newMaturityOn (the request approved)',
      rule: 'YYYY-MM-DD',
      example: '2027-09-15',
      value: (r) => r.newMaturityOn,
    },
    {
      header: label('展期批准日期', 'Approved on'),
      source: 'workflow_event.at of EXTENSION_APPROVE',
      rule: 'YYYY-MM-DD (company time zone)',
      example: '2027-03-01',
      value: (r) => r.approvedOn,
    },
  ],
};

export interface RegulatoryReport {
  name: Label;
  fileName: Label;
  /** Which loans the report holds. */
  scope: string;
  columns: RegulatoryColumn[];
}

export const REGULATORY_REPORTS: Record<RegulatoryReportKey, RegulatoryReport> = {
  guodan: {
    name: label('国担报送数据', 'National guarantee platform'),
    fileName: label('国担报送数据', 'national-guarantee-platform'),
    scope: 'Every live loan disbursed in the period (workflow_instance.disbursed_on within from..to), newest first.',
    columns: pick([
      'loanId',
      'companyName',
      'creditCode',
      'partyType',
      'enterpriseSize',
      'smallMicro',
      'district',
      'bank',
      'loanType',
      'amount',
      'disbursedAmount',
      'outstanding',
      'termMonths',
      'disbursedOn',
      'maturityOn',
      'annualRate',
      'feeRate',
      'fee',
      'status',
    ]),
  },
  industrial: {
    name: label('工信部报送数据', 'Industry ministry'),
    fileName: label('工信部报送数据', 'industry-ministry'),
    scope:
      'Loans disbursed in the period to small and medium-sized enterprises (fewer than 300 employees, or no count recorded: such rows show 未划型 so they are completed, not lost), newest first.',
    columns: pick([
      'companyName',
      'creditCode',
      'enterpriseSize',
      'employeeCount',
      'industry',
      'qualifications',
      'mainBusiness',
      'district',
      'bank',
      'amount',
      'disbursedAmount',
      'outstanding',
      'termMonths',
      'disbursedOn',
      'maturityOn',
      'annualRate',
      'feeRate',
      'status',
    ]),
  },
};

/** MAPPING.md: one table per report, one line per column (source, rule, example). */
export function mappingMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    '# Regulator exports: column mapping',
    '',
    'Generated from `regulatory-reports.ts` by `npx tsx server/src/regulatory-exports/gen-mapping.ts` (a unit test fails when it is stale).',
    'Amounts are stored in whole fen and written in yuan with two decimals; rates are stored in basis points and written in percent.',
    '',
  ];
  for (const [key, report] of Object.entries(REGULATORY_REPORTS)) {
    lines.push(`## ${report.name.zh} / ${report.name.en} (\`${key}\`)`, '', report.scope, '');
    lines.push('| # | column (zh) | column (en) | source field | rule | example |', '|---|---|---|---|---|---|');
    report.columns.forEach((c, i) => {
      lines.push(`| ${i + 1} | ${cell(c.header.zh)} | ${cell(c.header.en)} | \`${cell(c.source)}\` | ${cell(c.rule)} | ${cell(c.example)} |`);
    });
    lines.push('');
  }
  lines.push(`## ${EXTENSION_SHEET.name.zh} / ${EXTENSION_SHEET.name.en} (second sheet of both)`, '', EXTENSION_SHEET.scope, '');
  lines.push('| # | column (zh) | column (en) | source field | rule | example |', '|---|---|---|---|---|---|');
  EXTENSION_SHEET.columns.forEach((c, i) => {
    lines.push(`| ${i + 1} | ${cell(c.header.zh)} | ${cell(c.header.en)} | \`${cell(c.source)}\` | ${cell(c.rule)} | ${cell(c.example)} |`);
  });
  lines.push('');
  return lines.join('\n');
}
