import {
  amountInWords,
  COLLATERAL_LOOP,
  type CollateralPlaceholderName,
  formatBasisPoints,
  formatFen,
  type PlaceholderName,
  premiumFen,
  unknownPlaceholders,
} from '@app/workflow';
import { sniffDocument } from '../archives/document-signature';
import { companyTimeZone } from '../common/company-time';
import { fillDocx, readTags, type TagTree } from './docx-engine';

export { isReservedTag, TemplateReservedTagError, TemplateSyntaxError } from './docx-engine';

/**
 * The .docx engine of bank contract templates: tell a .docx by its bytes, list a template's tags,
 * fill it. Pure (bytes in, bytes out); the vocabulary is @app/workflow's contract-templates.
 * docxtemplater joins a tag Word split across runs (`{company` `Name}`) before any of this sees it.
 * Bytes a user sent go through files/office-thread.ts (zip limits, a worker thread); the synchronous
 * functions here are for bytes of our own (the demo's templates) and for tests.
 */

/** Whether the bytes are a Word document (a zip holding word/document.xml), whatever the name says. */
export function isDocx(bytes: Buffer): boolean {
  return sniffDocument(bytes) === 'docx';
}

/** The tag tree of a template: every tag's name, a loop with its inner tags; a raw-XML tag named `@x`. */
export interface ScannedTemplate {
  /**
   * `{name: {}}`, and for a loop `{loop: {inner: {}}}`: what unknownPlaceholders reads. Objects without
   * a prototype: the names are the template's own.
   */
  tags: Record<string, Record<string, unknown>>;
  /** Flat, sorted, as the API answers: `companyName`, `collaterals`, `collaterals.owner`. */
  placeholders: string[];
  unknown: string[];
}

/** What the API says of a template's tags (placeholders, those outside the vocabulary), from readTags' tree. */
export function summarizeTags(tree: TagTree): ScannedTemplate {
  const tags: Record<string, Record<string, unknown>> = Object.create(null);
  const placeholders = new Set<string>();
  for (const [name, inner] of tree.tags) {
    const children: Record<string, unknown> = Object.create(null);
    for (const child of inner) {
      children[child] = Object.create(null);
      placeholders.add(`${name}.${child}`);
    }
    tags[name] = children;
    placeholders.add(name);
  }
  // raw XML would let data write markup into the document: never part of the vocabulary
  const raw = new Set(tree.raw);
  const unknown = [...[...raw].map((name) => `@${name}`), ...unknownPlaceholders(tags).filter((name) => !raw.has(name))];
  return { tags, placeholders: [...placeholders].sort(), unknown };
}

/** Lists the tags of a template (body, headers, footers) and those outside the vocabulary. Throws TemplateSyntaxError, TemplateReservedTagError. */
export function scanTemplate(bytes: Buffer): ScannedTemplate {
  return summarizeTags(readTags(bytes));
}

/** The values of the vocabulary for one loan: every plain tag a string, the loop a list of rows. */
export type TemplateContext = Record<PlaceholderName, string> & { [COLLATERAL_LOOP]: Record<CollateralPlaceholderName, string>[] };

/** Fills a template; a tag without a value prints nothing (never "undefined"). */
export function renderTemplate(bytes: Buffer, context: TemplateContext): Buffer {
  return fillDocx(bytes, context);
}

// --- the context --------------------------------------------------------------------------------

/** A yuan amount as PostgreSQL's numeric answers it ("6000000.00") or a number with at most two decimals, in fen. */
export function yuanToFen(value: string | number): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw new RangeError(`not an amount in yuan: ${value}`);
  }
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount in yuan: ${value}`);
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) throw new RangeError(`amount too large: ${value}`);
  return fen;
}

const COLLATERAL_KIND_WORDS: Record<string, string> = { MORTGAGE: '抵押', PLEDGE: '质押', OTHER: '其他' };

export interface ContextLoan {
  /** Yuan as stored (numeric), or use amountFen. */
  amount?: string | number;
  amountFen?: number;
  termMonths: number;
  /** The premium as agreed (edited with a reason); computed from the loan type when absent. */
  premiumFen?: number | null;
}
export interface ContextCompany {
  name: string;
  creditCode: string;
}
export interface ContextBank {
  name: string;
}
export interface ContextLoanType {
  name: string;
  feeRateBp: number;
}
export interface ContextCollateral {
  kind: string;
  owner: string;
  description?: string | null;
  appraisedValueFen?: number | null;
  certificateNo?: string | null;
}

/** The day in the company's time zone as a contract writes it: 2026年11月23日. */
export function contractDate(now: Date): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: companyTimeZone(), year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .split('-')
    .map(Number);
  return `${year}年${month}月${day}日`;
}

/**
 * Everything a template may say about a loan, formatted as it is printed: money from whole fen
 * (no float arithmetic), amounts in capital numerals, the date in Shanghai. Without a loan type the
 * rate and the premium are empty unless the premium is given.
 */
export function buildContext(
  loan: ContextLoan,
  company: ContextCompany,
  bank: ContextBank,
  loanType: ContextLoanType | null,
  collaterals: readonly ContextCollateral[],
  now: Date,
): TemplateContext {
  const amount = loan.amountFen ?? yuanToFen(loan.amount ?? NaN);
  const premium = loan.premiumFen ?? (loanType ? premiumFen(amount, loanType.feeRateBp, loan.termMonths) : null);
  return {
    companyName: company.name,
    creditCode: company.creditCode,
    bankName: bank.name,
    amount: formatFen(amount),
    amountInWords: amountInWords(amount),
    termMonths: String(loan.termMonths),
    loanType: loanType?.name ?? '',
    feeRate: loanType ? formatBasisPoints(loanType.feeRateBp) : '',
    premium: premium === null ? '' : formatFen(premium),
    premiumInWords: premium === null ? '' : amountInWords(premium),
    today: contractDate(now),
    [COLLATERAL_LOOP]: collaterals.map((c, i) => ({
      index: String(i + 1),
      kind: COLLATERAL_KIND_WORDS[c.kind] ?? c.kind,
      owner: c.owner,
      description: c.description ?? '',
      appraisedValue: c.appraisedValueFen === null || c.appraisedValueFen === undefined ? '' : formatFen(c.appraisedValueFen),
      certificateNo: c.certificateNo ?? '',
    })),
  };
}
