/**
 * Rules over a loan's data (the four types of report.ts), shared by server and web:
 * - `validateContent`: shape, kinds, choices, lengths and ranges (what a save must satisfy);
 * - `completenessOf`: which required sections are filled and what is missing (what the machine's
 *   SUBMIT_MATERIALS guard gets, via the server, as `completeDataTypes`);
 * - `DATA_EDIT_WINDOWS` and `editableSections`: who may edit what, in which state of the machine;
 * - `describeIssue` / `fieldLabel`: the same words for a problem on both sides.
 */

import { DATA_TYPES, type DataType } from '../events';
import type { Label } from '../labels';
import { activePaths } from '../paths';
import { ROLE_ROOT, type PermissionKey } from '../permissions';
import { holdsPermission } from '../permission-check';
import { missingStatementCells, statementLine, validateStatements } from './financials';
import { B_POST_SECTION, DATA_TYPE_SPECS, TEXTAREA_MAX, TEXT_MAX, type FieldSpec, type Post, type SectionSpec } from './report';

export type LoanDataContent = Record<string, Record<string, unknown> | null | undefined>;

export type IssueCode =
  'unknown' | 'type' | 'required' | 'maxLength' | 'pattern' | 'min' | 'max' | 'decimals' | 'enum' | 'rows' | 'date' | 'order' | 'duplicate';

export interface DataIssue {
  /** Dotted path: `section.field`, `section.table.row.column` (rows from 0), `section.statements.lines.totalAssets.2`. */
  path: string;
  code: IssueCode;
  params?: Record<string, string | number>;
}

/** Draft and content size limit (characters of JSON): far above any real report, far below abuse. */
export const MAX_CONTENT_CHARS = 512 * 1024;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Empty: nothing typed (null, undefined, blank text, an empty list). `false` is an answer. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isValidDataDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const when = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2100 && when.getUTCFullYear() === y && when.getUTCMonth() === mo - 1 && when.getUTCDate() === d;
}

function decimalsOf(value: number): number {
  if (Number.isInteger(value)) return 0;
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.split('.')[1]?.length ?? 0;
}

/** Problems of one value against its field (empty values have none here: see completeness). */
export function validateValue(field: FieldSpec, value: unknown, path: string): DataIssue[] {
  if (value === null || value === undefined) return [];
  const issue = (code: IssueCode, params?: DataIssue['params']): DataIssue[] => [{ path, code, ...(params ? { params } : {}) }];
  switch (field.kind) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return issue('type');
      const max = field.maxLength ?? (field.kind === 'text' ? TEXT_MAX : TEXTAREA_MAX);
      if ([...value].length > max) return issue('maxLength', { max });
      if (field.pattern && value.trim() !== '' && !new RegExp(field.pattern.source).test(value.trim())) return issue('pattern');
      return [];
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return issue('type');
      if (field.kind === 'integer' && !Number.isInteger(value)) return issue('type');
      if (field.min !== undefined && value < field.min) return issue('min', { min: field.min });
      if (field.max !== undefined && value > field.max) return issue('max', { max: field.max });
      const decimals = field.kind === 'integer' ? 0 : (field.decimals ?? 2);
      if (decimalsOf(value) > decimals) return issue('decimals', { decimals });
      return [];
    }
    case 'date':
      if (typeof value !== 'string') return issue('type');
      return value === '' || isValidDataDate(value) ? [] : issue('date');
    case 'boolean':
      return typeof value === 'boolean' ? [] : issue('type');
    case 'enum':
      if (typeof value !== 'string') return issue('type');
      return value === '' || field.options?.some((opt) => opt.value === value) ? [] : issue('enum');
    case 'enumList': {
      if (!Array.isArray(value)) return issue('type');
      if (value.some((v) => typeof v !== 'string' || !field.options?.some((opt) => opt.value === v))) return issue('enum');
      return new Set(value).size === value.length ? [] : issue('duplicate');
    }
    case 'table': {
      if (!Array.isArray(value)) return issue('type');
      const max = field.maxRows ?? Infinity;
      if (value.length > max) return issue('rows', { max });
      return value.flatMap((row, i) => {
        const rowPath = `${path}.${i}`;
        if (!isPlainObject(row)) return [{ path: rowPath, code: 'type' as const }];
        const columns = field.columns ?? [];
        const unknown = Object.keys(row)
          .filter((key) => !columns.some((c) => c.key === key))
          .map((key) => ({ path: `${rowPath}.${key}`, code: 'unknown' as const }));
        return [...unknown, ...columns.flatMap((column) => validateValue(column, row[column.key], `${rowPath}.${column.key}`))];
      });
    }
    case 'financials':
      return validateStatements(value).map((i) => ({ path: i.path ? `${path}.${i.path}` : path, code: i.code, ...(i.params ? { params: i.params } : {}) }));
  }
}

/**
 * Problems of a whole content against its type: unknown sections or fields, wrong kinds, choices,
 * lengths, ranges. Required fields are NOT checked here (a save may be partial): see completenessOf.
 */
export function validateContent(type: DataType, content: unknown): DataIssue[] {
  if (!isPlainObject(content)) return [{ path: '', code: 'type' }];
  const spec = DATA_TYPE_SPECS[type];
  const issues: DataIssue[] = [];
  for (const [sectionKey, sectionValue] of Object.entries(content)) {
    const section = spec.sections.find((s) => s.key === sectionKey);
    if (!section) {
      issues.push({ path: sectionKey, code: 'unknown' });
      continue;
    }
    if (sectionValue === null || sectionValue === undefined) continue;
    if (!isPlainObject(sectionValue)) {
      issues.push({ path: sectionKey, code: 'type' });
      continue;
    }
    for (const [fieldKey, value] of Object.entries(sectionValue)) {
      const field = section.fields.find((f) => f.key === fieldKey);
      if (!field) issues.push({ path: `${sectionKey}.${fieldKey}`, code: 'unknown' });
      else issues.push(...validateValue(field, value, `${sectionKey}.${fieldKey}`));
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Completeness
// ---------------------------------------------------------------------------------------------

export interface SectionCompleteness extends Label {
  key: string;
  post: Post;
  required: boolean;
  complete: boolean;
  /** Paths of what is still to fill (as in DataIssue.path). */
  missing: string[];
}

export interface TypeCompleteness {
  type: DataType;
  /** Every required A-post section complete: what SUBMIT_MATERIALS counts. */
  complete: boolean;
  sections: SectionCompleteness[];
}

function missingOfField(field: FieldSpec, value: unknown, path: string): string[] {
  if (field.kind === 'financials') {
    if (!field.required && isEmptyValue(value)) return [];
    return missingStatementCells(value).map((p) => `${path}.${p}`);
  }
  if (field.kind === 'table') {
    const rows = Array.isArray(value) ? value : [];
    const out: string[] = [];
    if (field.required && rows.length < (field.minRows ?? 1)) out.push(path);
    rows.forEach((row, i) => {
      for (const column of field.columns ?? []) {
        if (column.required && isEmptyValue(isPlainObject(row) ? row[column.key] : undefined)) out.push(`${path}.${i}.${column.key}`);
      }
    });
    return out;
  }
  return field.required && isEmptyValue(value) ? [path] : [];
}

export function sectionCompleteness(section: SectionSpec, value: unknown): SectionCompleteness {
  const fields = isPlainObject(value) ? value : {};
  const missing = section.fields.flatMap((field) => missingOfField(field, fields[field.key], `${section.key}.${field.key}`));
  return { key: section.key, zh: section.zh, en: section.en, post: section.post, required: section.required, complete: missing.length === 0, missing };
}

export function completenessOf(type: DataType, content: unknown): TypeCompleteness {
  const stored = isPlainObject(content) ? content : {};
  const sections = DATA_TYPE_SPECS[type].sections.map((s) => sectionCompleteness(s, stored[s.key]));
  return { type, complete: sections.every((s) => !s.required || s.post !== 'A' || s.complete), sections };
}

/** The types whose required A-post sections are all complete (the server fills SUBMIT_MATERIALS with it). */
export function completeDataTypes(contents: Partial<Record<DataType, unknown>>): DataType[] {
  return DATA_TYPES.filter((type) => completenessOf(type, contents[type]).complete);
}

// ---------------------------------------------------------------------------------------------
// Who may edit what, when
// ---------------------------------------------------------------------------------------------

export interface EditWindow {
  /** Machine states (dotted paths) in which the window is open. */
  states: readonly string[];
  /** Whose sections: the loan's A-post officer's or its B-post officer's. */
  post: Post;
  types: readonly DataType[];
  /** The permission code of the list the edit is made from (spec section 6, "perfect"). */
  permission: PermissionKey;
}

const ALL_TYPES = DATA_TYPES;

/**
 * When data may be edited (the "perfect" actions of the lists of spec section 6), and by whom. The
 * A-post officer perfects everything while the materials are being collected or were returned; after
 * that only the data the next meeting reads, and only while the loan waits for that meeting (never
 * while someone is deciding on it). The B-post officer writes the report's conclusion in risk
 * control. ROOT passes the officer rule; nobody passes the state rule.
 *
 * | state                                              | post | types                  | permission            |
 * |----------------------------------------------------|------|------------------------|-----------------------|
 * | collection.toBeImproved, collection.returned       | A    | all four               | sys:loan:perfect      |
 * | preReview.rejected                                 | A    | INQUIRY, REPORT        | sys:review:perfect    |
 * | preReview.approved                                 | A    | AGENT, REPORT          | sys:review:perfect    |
 * | generalOffice.awaitingMeeting, generalOffice.failed| A    | AGENT, REPORT          | sys:zb:perfect        |
 * | riskControl.inProgress                             | B    | REPORT (B conclusion)  | risk_control_perfect  |
 * | insuranceReview.awaitingMeeting, .failed           | A    | REPORT                 | sys:bs:perfect        |
 */
export const DATA_EDIT_WINDOWS: readonly EditWindow[] = [
  { states: ['collection.toBeImproved', 'collection.returned'], post: 'A', types: ALL_TYPES, permission: 'sys:loan:perfect' },
  { states: ['preReview.rejected'], post: 'A', types: ['INQUIRY', 'REPORT'], permission: 'sys:review:perfect' },
  { states: ['preReview.approved'], post: 'A', types: ['AGENT', 'REPORT'], permission: 'sys:review:perfect' },
  { states: ['generalOffice.awaitingMeeting', 'generalOffice.failed'], post: 'A', types: ['AGENT', 'REPORT'], permission: 'sys:zb:perfect' },
  { states: ['riskControl.inProgress'], post: 'B', types: ['REPORT'], permission: 'risk_control_perfect' },
  { states: ['insuranceReview.awaitingMeeting', 'insuranceReview.failed'], post: 'A', types: ['REPORT'], permission: 'sys:bs:perfect' },
];

/** Reading a loan's data (detail pages): any one of the lists' detail codes (spec section 6). */
export const DATA_READ_PERMISSIONS: readonly PermissionKey[] = [
  'sys:loan:detail',
  'risk_control_detail',
  'sys:review:detail',
  'sys:review-vote:detail',
  'sys:zb:detail',
  'sys:zb-vote:detail',
  'sys:risk:detail',
  'sys:bs:detail',
  'sys:bs-vote:detail',
];
/** Its previews and PDF: any one of the lists' preview and report codes. */
export const DATA_PREVIEW_PERMISSIONS: readonly PermissionKey[] = [
  'sys:loan:preview',
  'sys:risk:preview',
  'sys:risk:a-report',
  'sys:review:preview',
  'sys:review-vote:preview',
  'sys:zb:preview',
  'sys:zb-vote:preview',
  'sys:bs:a-report',
  'sys:bs:b-report',
  'sys:bs-vote:a-report',
  'sys:bs-vote:b-report',
];

export interface DataActor {
  id: string;
  roles: readonly string[];
  authorityList: readonly string[];
}

export interface DataSnapshotLike {
  value: unknown;
  context: { aPostOfficerId: string; bPostOfficerId: string | null };
}

export type EditRefusalCode = 'PERMISSION' | 'OFFICER' | 'STATE';

export const EDIT_REFUSALS: Readonly<Record<EditRefusalCode, Label>> = {
  PERMISSION: { zh: '没有完善该资料的权限', en: 'You may not perfect this data' },
  OFFICER: { zh: '只有该贷款的经办岗位人员可以完善该资料', en: "Only the loan's own officer may perfect this data" },
  STATE: { zh: '贷款当前所处节点不允许修改该资料', en: 'The loan is at a step where this data cannot be changed' },
};

export interface EditRights {
  /** Sections the actor may change now (empty: none). */
  sections: string[];
  /** Why nothing may be changed (the first rule that fails: permission, then officer, then state). */
  refusal: EditRefusalCode | null;
}

export function isOfficer(actor: Pick<DataActor, 'id' | 'roles'>, post: Post, context: DataSnapshotLike['context']): boolean {
  if (actor.roles.includes(ROLE_ROOT)) return true;
  return post === 'A' ? actor.id === context.aPostOfficerId : context.bPostOfficerId !== null && actor.id === context.bPostOfficerId;
}

/** What the actor may edit of a data type, given where the loan stands. */
export function editableSections(type: DataType, snapshot: DataSnapshotLike, actor: DataActor): EditRights {
  const windows = DATA_EDIT_WINDOWS.filter((w) => w.types.includes(type));
  const permitted = windows.filter((w) => holdsPermission(actor, w.permission));
  if (!permitted.length) return { sections: [], refusal: 'PERMISSION' };
  const own = permitted.filter((w) => isOfficer(actor, w.post, snapshot.context));
  if (!own.length) return { sections: [], refusal: 'OFFICER' };
  const active = new Set(activePaths(snapshot.value as Parameters<typeof activePaths>[0]));
  const open = own.filter((w) => w.states.some((s) => active.has(s)));
  if (!open.length) return { sections: [], refusal: 'STATE' };
  const posts = new Set(open.map((w) => w.post));
  const sections = DATA_TYPE_SPECS[type].sections.filter((s) => posts.has(s.post)).map((s) => s.key);
  return { sections, refusal: null };
}

/** Types and posts of a data type as the routes know them: REPORT's B-post part is its own section. */
export function sectionsOfPost(type: DataType, post: Post): string[] {
  return DATA_TYPE_SPECS[type].sections.filter((s) => s.post === post).map((s) => s.key);
}

export const REPORT_B_SECTION = B_POST_SECTION;

// ---------------------------------------------------------------------------------------------
// Words for problems
// ---------------------------------------------------------------------------------------------

type Lang = 'zh' | 'en';

const PROBLEM_WORDS: Record<IssueCode, Label> = {
  unknown: { zh: '不是该表单的字段', en: 'is not a field of this form' },
  type: { zh: '类型不正确', en: 'has the wrong type' },
  required: { zh: '必须填写', en: 'is required' },
  maxLength: { zh: '不能超过 {max} 个字', en: 'must be at most {max} characters' },
  pattern: { zh: '格式不正确', en: 'has the wrong format' },
  min: { zh: '不能小于 {min}', en: 'must be at least {min}' },
  max: { zh: '不能大于 {max}', en: 'must be at most {max}' },
  decimals: { zh: '最多 {decimals} 位小数', en: 'may have at most {decimals} decimals' },
  enum: { zh: '取值无效', en: 'has a value that is not allowed' },
  rows: { zh: '最多 {max} 行', en: 'may have at most {max} rows' },
  date: { zh: '日期无效（格式 YYYY-MM-DD）', en: 'is not a valid date (YYYY-MM-DD)' },
  order: { zh: '年份须从早到晚排列', en: 'years must run from oldest to newest' },
  duplicate: { zh: '有重复的选项', en: 'has a choice twice' },
};

function fieldByPath(type: DataType, path: string): { section?: SectionSpec; field?: FieldSpec; rest: string[] } {
  const [sectionKey, fieldKey, ...rest] = path.split('.');
  const section = DATA_TYPE_SPECS[type].sections.find((s) => s.key === sectionKey);
  const field = section?.fields.find((f) => f.key === fieldKey);
  return { section, field, rest };
}

/** Where a path points, for people: "企业基本信息 / 注册资本", "股东构成 第 2 行 持股比例", "财务报表 资产总计 第 3 列". */
export function fieldLabel(type: DataType, path: string, lang: Lang): string {
  const { section, field, rest } = fieldByPath(type, path);
  if (!section) return path;
  if (!field) return section[lang];
  const parts = [`${section[lang]} / ${field[lang]}`];
  if (field.kind === 'table' && rest.length) {
    const row = Number(rest[0]) + 1;
    const column = field.columns?.find((c) => c.key === rest[1]);
    parts.push(lang === 'zh' ? `第 ${row} 行` : `row ${row}`);
    if (column) parts.push(column[lang]);
  } else if (field.kind === 'financials' && rest.length) {
    if (rest[0] === 'lines') {
      const line = statementLine(rest[1] ?? '');
      if (line) parts.push(line[lang]);
      if (rest[2] !== undefined) parts.push(lang === 'zh' ? `第 ${Number(rest[2]) + 1} 年` : `year ${Number(rest[2]) + 1}`);
    } else if (rest[0] === 'years') {
      parts.push(lang === 'zh' ? `年份 ${Number(rest[1] ?? 0) + 1}` : `year ${Number(rest[1] ?? 0) + 1}`);
    } else parts.push(rest.join('.'));
  }
  return parts.join(' ');
}

/** One sentence about one problem: the field's label and what is wrong with it. */
export function describeIssue(type: DataType, issue: DataIssue, lang: Lang): string {
  const label = issue.path ? fieldLabel(type, issue.path, lang) : DATA_TYPE_SPECS[type][lang];
  const { field, rest } = fieldByPath(type, issue.path);
  let problem = PROBLEM_WORDS[issue.code][lang];
  if (issue.code === 'pattern') {
    const column = field?.kind === 'table' ? field.columns?.find((c) => c.key === rest[1]) : field;
    if (column?.pattern) problem = column.pattern.hint[lang];
  }
  problem = problem.replace(/\{(\w+)\}/g, (_, name: string) => String(issue.params?.[name] ?? ''));
  return lang === 'zh' ? `${label}${problem}` : `${label} ${problem}`;
}
