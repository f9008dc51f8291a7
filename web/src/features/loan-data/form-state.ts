/**
 * Pure helpers of the perfection forms: typed text to values, immutable updates of the content, the
 * same checks the server makes (validateContent of @app/workflow) and which sections a save sends.
 */
import { completenessOf, validateContent, type DataIssue, type DataType, type LoanDataContent } from '@app/workflow';

/** Typed text of a number field: empty -> null, a number (commas allowed) -> number, anything else stays text (and fails the check). */
export function parseNumberText(text: string): number | string | null {
  const trimmed = text.replace(/[,\s]/g, '');
  if (trimmed === '') return null;
  if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return Number(trimmed);
  return text;
}

/** What a number field shows for a stored value. */
export function numberText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

export function sectionOf(content: LoanDataContent, key: string): Record<string, unknown> {
  const value = content[key];
  return value && typeof value === 'object' ? value : {};
}

export function setField(content: LoanDataContent, section: string, field: string, value: unknown): LoanDataContent {
  return { ...content, [section]: { ...sectionOf(content, section), [field]: value } };
}

/** Only the given sections (what a save or a draft of this user carries). */
export function onlySections(content: LoanDataContent, keys: readonly string[]): LoanDataContent {
  return Object.fromEntries(keys.filter((k) => content[k] !== undefined).map((k) => [k, content[k]]));
}

/** `base` with the given sections taken from `overlay` (a draft restored over the saved content). */
export function overlaySections(base: LoanDataContent, overlay: LoanDataContent | null | undefined, keys: readonly string[]): LoanDataContent {
  if (!overlay || typeof overlay !== 'object') return base;
  const result = { ...base };
  for (const key of keys) if (overlay[key] !== undefined) result[key] = overlay[key];
  return result;
}

/** Problems by path, for showing each under its field. */
export function issuesByPath(issues: readonly DataIssue[]): Map<string, DataIssue> {
  return new Map(issues.map((i) => [i.path, i]));
}

export function sectionOfPath(path: string): string {
  return path.split('.')[0] ?? '';
}

export interface FormCheck {
  /** Rule violations in the sections being edited: these block a save. */
  issues: DataIssue[];
  /** Required fields still empty in the sections being edited: shown, never blocking. */
  missing: string[];
}

/** The check a save runs first, on the sections the user edits (the others are not theirs). */
export function checkForm(type: DataType, content: LoanDataContent, editable: readonly string[]): FormCheck {
  const mine = onlySections(content, editable);
  const issues = validateContent(type, mine);
  const missing = completenessOf(type, content)
    .sections.filter((s) => editable.includes(s.key))
    .flatMap((s) => s.missing);
  return { issues, missing };
}

export function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** hh:mm in the browser's time, for "saved at". */
export function clockTime(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}
