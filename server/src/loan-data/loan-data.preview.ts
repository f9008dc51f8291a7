import {
  computeRatios,
  DATA_TYPE_SPECS,
  formatFigure,
  formatRatio,
  linesOfForm,
  optionLabel,
  RATIO_GROUPS,
  safeDivide,
  STATEMENT_FORMS,
  STATEMENT_GROUPS,
  STATEMENT_UNITS,
  STATEMENT_YEARS,
  statementLine,
  type DataType,
  type FieldSpec,
  type FinancialStatements,
  type Label,
  type Post,
  type SectionSpec,
} from '@app/workflow';
import { companyDateTime, companyTimeZone } from '../common/company-time';

/**
 * The print-ready preview of a loan's data: one self-contained HTML document (inline styles, no
 * scripts, nothing fetched), shown by the web in a frame and printed to PDF by Chromium. Every value
 * from the database is escaped.
 */

type Lang = 'zh' | 'en';

export interface PreviewLoan {
  companyName: string;
  creditCode: string;
  amount: number;
  termMonths: number;
  bank: string | null;
  aPostOfficerName: string | null;
  bPostOfficerName: string | null;
  status: Label;
}

export interface PreviewPart {
  type: DataType;
  /** Which sections: the A-post's, the B-post's, or all. */
  post: Post | 'ALL';
  content: Record<string, any> | null;
  version: number;
  updatedAt: string | null;
  updatedByName: string | null;
}

export interface PreviewInput {
  loan: PreviewLoan;
  parts: PreviewPart[];
  lang: Lang;
  /** When the document was made (shown in its header). */
  printedAt: Date;
}

const WORDS = {
  title: { zh: '贷款担保资料', en: 'Loan guarantee data' },
  company: { zh: '企业名称', en: 'Company' },
  creditCode: { zh: '统一社会信用代码', en: 'Credit code' },
  amount: { zh: '担保金额', en: 'Amount' },
  term: { zh: '期限', en: 'Term' },
  months: { zh: '个月', en: 'months' },
  yuan: { zh: '元', en: 'yuan' },
  bank: { zh: '贷款银行', en: 'Bank' },
  aPost: { zh: 'A岗经办人', en: 'A-post officer' },
  bPost: { zh: 'B岗经办人', en: 'B-post officer' },
  status: { zh: '当前节点', en: 'Current step' },
  version: { zh: '版本', en: 'Version' },
  savedBy: { zh: '保存人', en: 'Saved by' },
  savedAt: { zh: '保存时间', en: 'Saved at' },
  printedAt: { zh: '生成时间', en: 'Generated at' },
  notSaved: { zh: '尚未保存', en: 'Not saved yet' },
  none: { zh: '无', en: 'None' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
  item: { zh: '项目', en: 'Item' },
  unit: { zh: '单位', en: 'Unit' },
  form: { zh: '报表形式', en: 'Form' },
  ratio: { zh: '指标', en: 'Ratio' },
  formula: { zh: '计算方法', en: 'Formula' },
  computedNote: {
    zh: '以下指标由财务报表自动计算，“—”表示无法计算（缺少数据或除数为零）。',
    en: 'Computed from the statements; "—" means it cannot be computed (a value is missing or a divisor is zero).',
  },
  cashToProfit: { zh: '经营现金流 ÷ 净利润', en: 'Operating cash flow ÷ net profit' },
  year: { zh: '年', en: '' },
  sectionEmpty: { zh: '（未填写）', en: '(not filled in)' },
} satisfies Record<string, Label>;

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const DASH = '—';
const COLON: Record<Lang, string> = { zh: '：', en: ': ' };
const GAP: Record<Lang, string> = { zh: '\u3000', en: ' · ' };
const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function scalar(field: FieldSpec, value: unknown, lang: Lang): string {
  if (isEmpty(value)) return DASH;
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return escapeHtml(value).replace(/\r?\n/g, '<br>');
    case 'number': {
      const text = typeof value === 'number' ? formatFigure(value, field.decimals ?? 2) : escapeHtml(value);
      return field.unit ? `${text} ${escapeHtml(field.unit[lang])}` : text;
    }
    case 'integer':
      return `${escapeHtml(value)}${field.unit ? ` ${escapeHtml(field.unit[lang])}` : ''}`;
    case 'date':
      return escapeHtml(value);
    case 'boolean':
      return value === true ? WORDS.yes[lang] : value === false ? WORDS.no[lang] : escapeHtml(value);
    case 'enum':
      return escapeHtml(optionLabel(field, value)[lang]);
    case 'enumList':
      return Array.isArray(value) ? value.map((v) => escapeHtml(optionLabel(field, v)[lang])).join(lang === 'zh' ? '、' : ', ') : escapeHtml(value);
    case 'table':
    case 'financials':
      return '';
  }
}

function tableField(field: FieldSpec, value: unknown, lang: Lang): string {
  const rows = Array.isArray(value) ? value : [];
  if (!rows.length) return `<p class="none">${WORDS.none[lang]}</p>`;
  const columns = field.columns ?? [];
  const head = `<tr><th class="idx">#</th>${columns.map((c) => `<th>${escapeHtml(c[lang])}</th>`).join('')}</tr>`;
  const body = rows
    .map((row, i) => `<tr><td class="idx">${i + 1}</td>${columns.map((c) => `<td>${scalar(c, row?.[c.key], lang)}</td>`).join('')}</tr>`)
    .join('');
  return `<table class="grid"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

function yearHeads(statements: Partial<FinancialStatements> | null | undefined, lang: Lang): string {
  return Array.from({ length: STATEMENT_YEARS }, (_, i) => {
    const year = statements?.years?.[i];
    return `<th class="num">${typeof year === 'number' ? `${year}${WORDS.year[lang]}` : DASH}</th>`;
  }).join('');
}

function cellOf(statements: Partial<FinancialStatements> | null | undefined, key: string, i: number): number | null {
  const v = statements?.lines?.[key]?.[i];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function statementsTable(statements: Partial<FinancialStatements> | null | undefined, lang: Lang): string {
  if (!statements || typeof statements !== 'object') return `<p class="none">${WORDS.none[lang]}</p>`;
  const form = statements.form === 'FULL' ? 'FULL' : 'SUMMARY';
  const unit = statements.unit && statements.unit in STATEMENT_UNITS ? STATEMENT_UNITS[statements.unit] : STATEMENT_UNITS.TEN_THOUSAND_YUAN;
  const lines = linesOfForm(form);
  const body = STATEMENT_GROUPS.map((group) => {
    const rows = lines.filter((l) => l.group === group.key);
    if (!rows.length) return '';
    return (
      `<tr class="group"><td colspan="${STATEMENT_YEARS + 1}">${escapeHtml(group[lang])}</td></tr>` +
      rows
        .map((l) => {
          const cells = Array.from(
            { length: STATEMENT_YEARS },
            (_, i) => `<td class="num">${formatFigure(cellOf(statements, l.key, i), l.decimals ?? 2)}</td>`,
          ).join('');
          return `<tr${l.total ? ' class="total"' : ''}><td>${escapeHtml(l[lang])}</td>${cells}</tr>`;
        })
        .join('')
    );
  }).join('');
  return (
    `<p class="caption">${WORDS.unit[lang]}${COLON[lang]}${escapeHtml(unit[lang])}${GAP[lang]}${WORDS.form[lang]}${COLON[lang]}${escapeHtml(STATEMENT_FORMS[form][lang])}</p>` +
    `<table class="grid fin"><thead><tr><th>${WORDS.item[lang]}</th>${yearHeads(statements, lang)}</tr></thead><tbody>${body}</tbody></table>`
  );
}

function ratiosTable(statements: Partial<FinancialStatements> | null | undefined, lang: Lang): string {
  const analysis = computeRatios(statements);
  const body = RATIO_GROUPS.map(
    (group) =>
      `<tr class="group"><td colspan="${STATEMENT_YEARS + 2}">${escapeHtml(group[lang])}</td></tr>` +
      group.ratios
        .map(
          (r) =>
            `<tr><td>${escapeHtml(r[lang])}</td><td class="formula">${escapeHtml(r.formula[lang])}</td>${analysis.values[r.key]
              .map((v) => `<td class="num">${formatRatio(v, r.unit)}</td>`)
              .join('')}</tr>`,
        )
        .join(''),
  ).join('');
  return (
    `<p class="caption">${WORDS.computedNote[lang]}</p>` +
    `<table class="grid fin"><thead><tr><th>${WORDS.ratio[lang]}</th><th>${WORDS.formula[lang]}</th>${yearHeads(statements, lang)}</tr></thead><tbody>${body}</tbody></table>`
  );
}

function cashFlowTable(statements: Partial<FinancialStatements> | null | undefined, lang: Lang): string {
  const keys = ['netOperatingCashFlow', 'netInvestingCashFlow', 'netFinancingCashFlow', 'netProfit'];
  const rows = keys
    .map((key) => {
      const line = statementLine(key);
      const cells = Array.from({ length: STATEMENT_YEARS }, (_, i) => `<td class="num">${formatFigure(cellOf(statements, key, i))}</td>`).join('');
      return `<tr><td>${escapeHtml(line?.[lang] ?? key)}</td>${cells}</tr>`;
    })
    .join('');
  const ratio = Array.from({ length: STATEMENT_YEARS }, (_, i) => {
    const given = typeof statements?.years?.[i] === 'number';
    const v = given ? safeDivide(cellOf(statements, 'netOperatingCashFlow', i), cellOf(statements, 'netProfit', i)) : null;
    return `<td class="num">${formatRatio(v, 'times')}</td>`;
  }).join('');
  return (
    `<p class="caption">${WORDS.computedNote[lang]}</p>` +
    `<table class="grid fin"><thead><tr><th>${WORDS.item[lang]}</th>${yearHeads(statements, lang)}</tr></thead><tbody>${rows}` +
    `<tr class="total"><td>${WORDS.cashToProfit[lang]}</td>${ratio}</tr></tbody></table>`
  );
}

function sectionHtml(
  section: SectionSpec,
  value: Record<string, unknown> | null | undefined,
  statements: Partial<FinancialStatements> | null,
  lang: Lang,
): string {
  const fields = value && typeof value === 'object' ? value : {};
  const parts: string[] = [];
  if (section.computed === 'ratios') parts.push(ratiosTable(statements, lang));
  if (section.computed === 'cashFlow') parts.push(cashFlowTable(statements, lang));
  const inline: string[] = [];
  const flushInline = () => {
    if (inline.length) parts.push(`<table class="kv"><tbody>${inline.join('')}</tbody></table>`);
    inline.length = 0;
  };
  for (const field of section.fields) {
    const v = fields[field.key];
    if (field.kind === 'table') {
      flushInline();
      parts.push(`<h3>${escapeHtml(field[lang])}</h3>${tableField(field, v, lang)}`);
    } else if (field.kind === 'financials') {
      flushInline();
      parts.push(statementsTable(v as Partial<FinancialStatements> | null, lang));
    } else if (field.kind === 'textarea') {
      flushInline();
      parts.push(`<h3>${escapeHtml(field[lang])}</h3><div class="text">${scalar(field, v, lang)}</div>`);
    } else {
      inline.push(`<tr><th>${escapeHtml(field[lang])}</th><td>${scalar(field, v, lang)}</td></tr>`);
    }
  }
  flushInline();
  const empty = !value || Object.values(fields).every(isEmpty);
  return `<section class="section"><h2>${escapeHtml(section[lang])}${empty ? ` <small>${WORDS.sectionEmpty[lang]}</small>` : ''}</h2>${parts.join('')}</section>`;
}

function dateTime(value: string | Date | null): string {
  if (!value) return DASH;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return DASH;
  // The company's zone, as the pages show it, named so that nobody guesses.
  return `${companyDateTime(d)} (${companyTimeZone()})`;
}

function partHtml(part: PreviewPart, lang: Lang, first: boolean): string {
  const spec = DATA_TYPE_SPECS[part.type];
  const sections = spec.sections.filter((s) => part.post === 'ALL' || s.post === part.post);
  const content = part.content ?? {};
  const statements = (content.financials?.statements ?? null) as Partial<FinancialStatements> | null;
  const meta = part.version
    ? `${WORDS.version[lang]} ${part.version}${GAP[lang]}${WORDS.savedBy[lang]}${COLON[lang]}${escapeHtml(part.updatedByName ?? DASH)}${GAP[lang]}${WORDS.savedAt[lang]}${COLON[lang]}${dateTime(part.updatedAt)}`
    : WORDS.notSaved[lang];
  return (
    `<article class="part${first ? '' : ' break'}" data-type="${part.type}">` +
    `<h1>${escapeHtml(spec[lang])}</h1><p class="meta">${meta}</p>` +
    sections.map((s) => sectionHtml(s, content[s.key], statements, lang)).join('') +
    `</article>`
  );
}

const STYLE = `
@page { size: A4; margin: 16mm 14mm 18mm 14mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; padding: 24px; color: #1a1b1e; background: #fff;
  font-family: "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif; font-size: 12px; line-height: 1.6; }
@media print { body { padding: 0; } }
.doc-title { font-size: 20px; text-align: center; margin: 0 0 4px; }
.loan { width: 100%; border-collapse: collapse; margin: 12px 0 20px; }
.loan th, .loan td { border: 1px solid #c9ccd1; padding: 4px 8px; text-align: left; }
.loan th { background: #f1f3f5; font-weight: 600; white-space: nowrap; width: 14%; }
h1 { font-size: 17px; border-bottom: 2px solid #1c7ed6; padding-bottom: 4px; margin: 8px 0 4px; }
h2 { font-size: 14px; margin: 16px 0 6px; color: #1864ab; }
h2 small { color: #868e96; font-weight: normal; font-size: 12px; }
h3 { font-size: 12px; margin: 8px 0 4px; }
.meta, .caption { color: #495057; margin: 0 0 6px; font-size: 11px; }
.section { break-inside: auto; }
.kv { width: 100%; border-collapse: collapse; }
.kv th, .kv td { border: 1px solid #dee2e6; padding: 3px 8px; vertical-align: top; text-align: left; }
.kv th { width: 26%; background: #f8f9fa; font-weight: 500; }
.text { border: 1px solid #dee2e6; padding: 6px 8px; min-height: 22px; white-space: normal; }
.grid { width: 100%; border-collapse: collapse; margin-bottom: 4px; }
.grid th, .grid td { border: 1px solid #dee2e6; padding: 3px 6px; text-align: left; vertical-align: top; }
.grid th { background: #f1f3f5; }
.grid .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.grid .idx { width: 28px; text-align: center; }
.grid .formula { color: #495057; font-size: 11px; }
.fin tr.group td { background: #e7f5ff; font-weight: 600; }
.fin tr.total td { font-weight: 600; }
tr { break-inside: avoid; }
.none { color: #868e96; margin: 2px 0; }
.break { break-before: page; }
`;

/** The whole document: the loan's header, then each part (type) with its sections. */
export function renderPreview(input: PreviewInput): string {
  const { loan, parts, lang } = input;
  const title = parts.length === 1 ? DATA_TYPE_SPECS[parts[0].type][lang] : WORDS.title[lang];
  const row = (a: Label, av: string, b: Label, bv: string) => `<tr><th>${a[lang]}</th><td>${av}</td><th>${b[lang]}</th><td>${bv}</td></tr>`;
  const header =
    `<p class="doc-title"><strong>${escapeHtml(loan.companyName)}</strong></p>` +
    `<table class="loan"><tbody>` +
    row(WORDS.company, escapeHtml(loan.companyName), WORDS.creditCode, escapeHtml(loan.creditCode)) +
    row(WORDS.amount, `${formatFigure(loan.amount)} ${WORDS.yuan[lang]}`, WORDS.term, `${loan.termMonths} ${WORDS.months[lang]}`) +
    row(WORDS.bank, escapeHtml(loan.bank ?? DASH), WORDS.status, escapeHtml(loan.status[lang])) +
    row(WORDS.aPost, escapeHtml(loan.aPostOfficerName ?? DASH), WORDS.bPost, escapeHtml(loan.bPostOfficerName ?? DASH)) +
    `<tr><th>${WORDS.printedAt[lang]}</th><td colspan="3">${dateTime(input.printedAt)}</td></tr>` +
    `</tbody></table>`;
  return (
    `<!DOCTYPE html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(`${loan.companyName} - ${title}`)}</title><style>${STYLE}</style></head>` +
    `<body>${header}${parts.map((p, i) => partHtml(p, lang, i === 0)).join('')}</body></html>`
  );
}
