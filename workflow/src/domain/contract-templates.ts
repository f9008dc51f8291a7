/**
 * Bank contract templates (spec section 3): the contract types a bank keeps Word
 * templates for, and THE placeholder vocabulary those templates may use. The server's scanner
 * (refuses unknown tags), its filler (builds the values) and the docs test (docs/documents-and-templates.md) all read this module;
 * the web shows the same list beside the upload.
 */

import type { Label } from '../labels';

export const CONTRACT_TYPES = ['BANK_LOAN', 'BANK_GUARANTEE', 'COUNTER_GUARANTEE', 'ENTRUSTED_GUARANTEE', 'MORTGAGE', 'PLEDGE', 'GUARANTEE_LETTER'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const CONTRACT_TYPE_LABELS: Record<ContractType, Label> = {
  BANK_LOAN: { zh: '银行借款合同', en: 'Bank loan contract' },
  BANK_GUARANTEE: { zh: '银行保证合同', en: 'Bank guarantee contract' },
  COUNTER_GUARANTEE: { zh: '反担保合同', en: 'Counter-guarantee contract' },
  ENTRUSTED_GUARANTEE: { zh: '委托担保合同', en: 'Entrusted guarantee contract' },
  MORTGAGE: { zh: '抵押合同', en: 'Mortgage contract' },
  PLEDGE: { zh: '质押合同', en: 'Pledge contract' },
  GUARANTEE_LETTER: { zh: '保函', en: 'Guarantee letter' },
};

export interface PlaceholderDef {
  name: string;
  label: Label;
  /** What it looks like once filled, for docs/documents-and-templates.md and the upload hint. */
  example: string;
}

/** Plain tags: `{name}` anywhere in the document. */
export const PLACEHOLDERS = [
  { name: 'companyName', label: { zh: '企业名称', en: 'Company name' }, example: '上海新材科技发展有限公司' },
  { name: 'creditCode', label: { zh: '统一社会信用代码', en: 'Unified social credit code' }, example: '91310000MA1FL8XQ30' },
  { name: 'bankName', label: { zh: '贷款银行', en: 'Bank name' }, example: '浦发银行' },
  { name: 'amount', label: { zh: '担保金额（元，两位小数）', en: 'Amount (yuan, two decimals)' }, example: '6,000,000.00' },
  { name: 'amountInWords', label: { zh: '担保金额（人民币大写）', en: 'Amount in Chinese capital numerals' }, example: '陆佰万元整' },
  { name: 'termMonths', label: { zh: '期限（月）', en: 'Term (months)' }, example: '18' },
  { name: 'loanType', label: { zh: '贷款类型', en: 'Loan type' }, example: '流动资金贷款' },
  { name: 'feeRate', label: { zh: '担保费年费率（%）', en: 'Annual guarantee fee rate (%)' }, example: '1.50' },
  { name: 'premium', label: { zh: '担保费（元，两位小数）', en: 'Premium (yuan, two decimals)' }, example: '135,000.00' },
  { name: 'premiumInWords', label: { zh: '担保费（人民币大写）', en: 'Premium in Chinese capital numerals' }, example: '壹拾叁万伍仟元整' },
  { name: 'today', label: { zh: '生成日期', en: 'Date of generation' }, example: '2026年11月23日' },
] as const satisfies readonly PlaceholderDef[];
export type PlaceholderName = (typeof PLACEHOLDERS)[number]['name'];

/** The one loop: `{#collaterals}…{/collaterals}` repeats its content (a table row, a paragraph) per item. */
export const COLLATERAL_LOOP = 'collaterals';

/** Tags inside the loop. */
export const COLLATERAL_PLACEHOLDERS = [
  { name: 'index', label: { zh: '序号', en: 'Number (1, 2, …)' }, example: '1' },
  { name: 'kind', label: { zh: '类别（抵押/质押/其他）', en: 'Kind (mortgage, pledge, other)' }, example: '抵押' },
  { name: 'owner', label: { zh: '所有权人', en: 'Owner' }, example: '张三' },
  { name: 'description', label: { zh: '抵质押物描述', en: 'Description' }, example: '上海市浦东新区川沙路 8 号厂房' },
  { name: 'appraisedValue', label: { zh: '评估价值（元，两位小数）', en: 'Appraised value (yuan, two decimals)' }, example: '4,800,000.00' },
  { name: 'certificateNo', label: { zh: '权证编号', en: 'Registration certificate number' }, example: '沪(2026)浦字第000123号' },
] as const satisfies readonly PlaceholderDef[];
export type CollateralPlaceholderName = (typeof COLLATERAL_PLACEHOLDERS)[number]['name'];

const TOP_NAMES: ReadonlySet<string> = new Set(PLACEHOLDERS.map((p) => p.name));
const LOOP_NAMES: ReadonlySet<string> = new Set(COLLATERAL_PLACEHOLDERS.map((p) => p.name));

/**
 * The tags of a template that are not in the vocabulary, as written (`{x}`, `{#x}`, a tag inside the
 * loop shown as `collaterals.x`). `tags` is the tree a scan answers: a name, and for a loop its inner tags.
 */
export function unknownPlaceholders(tags: Record<string, unknown>): string[] {
  const unknown: string[] = [];
  for (const [name, inner] of Object.entries(tags)) {
    const children = inner && typeof inner === 'object' ? Object.keys(inner) : [];
    if (name === COLLATERAL_LOOP) {
      for (const child of children) if (!LOOP_NAMES.has(child)) unknown.push(`${COLLATERAL_LOOP}.${child}`);
    } else if (!TOP_NAMES.has(name) || children.length > 0) {
      unknown.push(name);
      // the inner tags of a loop that does not exist are reported with it, once
    }
  }
  return unknown;
}

// --- Amounts in Chinese capital numerals (人民币大写) ----------------------------------------

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const IN_GROUP = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** One group of four digits (1..9999) with 仟佰拾, one 零 for any run of zeros between digits. */
function groupWords(group: number): string {
  let out = '';
  let zero = false;
  for (let position = 3; position >= 0; position--) {
    const digit = Math.floor(group / 10 ** position) % 10;
    if (digit === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[digit] + IN_GROUP[position];
  }
  return out;
}

/** Whole yuan in words, without 元 (0 gives ''). Groups of four digits: 万, 亿, 万亿. */
function yuanWords(yuan: number): string {
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10000)) groups.push(rest % 10000);
  let out = '';
  let zero = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i];
    if (group === 0) {
      if (out) zero = true;
      continue;
    }
    // a zero is read where digits are skipped: a whole empty group, or a group under 1000 after a higher one
    if (out && (zero || group < 1000)) out += '零';
    zero = false;
    out += groupWords(group) + GROUPS[i];
  }
  return out;
}

/**
 * An amount in fen as written on a Chinese contract or cheque: 壹佰万元整, 壹万零伍拾元伍角整,
 * 壹元零伍分, 伍分. 整 closes an amount that ends at 元 or 角 (so nothing can be appended), 零
 * stands for skipped digits and for a zero 角 before 分. Refuses negative, fractional or unsafe (over 2^53) input.
 */
export function amountInWords(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`amountInWords: ${fen} is not a whole number of fen in range`);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  const whole = yuanWords(yuan);
  if (jiao === 0 && cents === 0) return `${whole || '零'}元整`;
  let out = whole ? `${whole}元` : '';
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (whole) out += '零';
  out += cents > 0 ? `${DIGITS[cents]}分` : '整';
  return out;
}

/** Fen as yuan with two decimals and thousands separators: 600000000 -> "6,000,000.00". Integer math only. */
export function formatFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`formatFen: ${fen} is not a whole number of fen`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate in basis points (1/100 of a percent) as a percent with two decimals: 150 -> "1.50". */
export function formatBasisPoints(bp: number): string {
  if (!Number.isSafeInteger(bp) || bp < 0) throw new RangeError(`formatBasisPoints: ${bp}`);
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** An annual percent with at most two decimals (1.5, "1.25") in basis points, or null when it has more. */
export function percentToBasisPoints(percent: number | string): number | null {
  const text = typeof percent === 'number' ? String(percent) : percent.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The guarantee fee: amount × annual rate × term / 12, rounded half up to the fen. BigInt keeps the
 * product exact for any amount the pipeline accepts.
 */
export function premiumFen(amountFen: number, feeRateBp: number, termMonths: number): number {
  if (![amountFen, feeRateBp, termMonths].every((n) => Number.isSafeInteger(n) && n >= 0)) throw new RangeError('premiumFen: whole, non-negative inputs');
  const numerator = BigInt(amountFen) * BigInt(feeRateBp) * BigInt(termMonths);
  const denominator = 10000n * 12n;
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}
