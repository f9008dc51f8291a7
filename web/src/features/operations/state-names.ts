/**
 * Pure helpers of the console: a machine state worded by the machine's own labels, the move-target
 * picker (which choices a target still needs, and the state value the choices make), and durations.
 */
import { leafPaths, STATE_LABELS, type MoveTargetNode } from '@app/workflow';
import type { StateValue } from 'xstate';
import { pick, type Lang } from '@/i18n/use-lang';

const stageLabel = (stage: string, lang: Lang) => (STATE_LABELS[stage] ? pick(STATE_LABELS[stage], lang) : stage);

/** "资料收集与完善：资料已接收…" — the stage, then each region's leaf by its label (the raw path when unlabelled). */
export function stateName(value: StateValue | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '';
  const leaves = leafPaths(value);
  const stage = leaves[0]?.split('.')[0] ?? '';
  const inner = leaves.filter((p) => p.includes('.')).map((p) => (STATE_LABELS[p] ? pick(STATE_LABELS[p], lang) : p));
  const sep = lang === 'zh' ? '：' : ': ';
  return inner.length ? `${stageLabel(stage, lang)}${sep}${inner.join(lang === 'zh' ? '、' : ', ')}` : stageLabel(stage, lang);
}

/** The operator's choices: for each compound node (by path), the key of the child picked. */
export type Picks = Readonly<Record<string, string>>;

/** One select the picker shows: a compound node and its children. */
export interface Picker {
  path: string;
  node: MoveTargetNode;
}

/** The selects a stage needs under the current picks: one per compound node reached (every region of a parallel one). */
export function pickersOf(node: MoveTargetNode, picks: Picks): Picker[] {
  if (node.type === 'parallel') return node.children.flatMap((region) => pickersOf(region, picks));
  if (node.type !== 'compound') return [];
  const chosen = node.children.find((c) => c.key === picks[node.path]);
  return [{ path: node.path, node }, ...(chosen ? pickersOf(chosen, picks) : [])];
}

/** What lies inside `node` under the picks: undefined for a leaf, null while a choice is missing. */
function valueInside(node: MoveTargetNode, picks: Picks): StateValue | undefined | null {
  if (node.type === 'parallel') {
    const value: Record<string, StateValue> = {};
    for (const region of node.children) {
      const inside = valueInside(region, picks);
      if (inside === null || inside === undefined) return null;
      value[region.key] = inside;
    }
    return value;
  }
  if (node.type !== 'compound') return undefined;
  const chosen = node.children.find((c) => c.key === picks[node.path]);
  if (!chosen) return null;
  const inside = valueInside(chosen, picks);
  if (inside === null) return null;
  return inside === undefined ? chosen.key : { [chosen.key]: inside };
}

/** The state value xstate writes for the picked target of a stage, or null while a choice is missing. */
export function targetOf(stage: MoveTargetNode, picks: Picks): StateValue | null {
  const inside = valueInside(stage, picks);
  if (inside === null) return null;
  return inside === undefined ? stage.key : { [stage.key]: inside };
}

/** Hours standing as "3 天 4 小时" / "5 h". */
export function durationParts(hours: number): { days: number; hours: number } | null {
  if (hours < 24) return null;
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/** A limit typed in the form: a whole number of hours from 1 to 87600 (ten years), else null. */
export function parseLimitHours(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= 87_600 ? n : null;
}

/** How far a batch is, in percent of its items with an outcome. */
export function batchProgress(batch: { total: number; applied: number; refused: number; skipped: number }): number {
  if (batch.total <= 0) return 100;
  return Math.min(100, Math.round(((batch.applied + batch.refused + batch.skipped) * 100) / batch.total));
}

/**
 * A trail row's before/after as read by a person: a move's (a state value) by the machine's labels,
 * other objects as `key: value` lines; nothing for null.
 */
export function trailValueText(action: string, value: unknown, lang: Lang): string {
  if (value === null || value === undefined) return '';
  if (action === 'MOVE' && (typeof value === 'string' || typeof value === 'object')) return stateName(value as StateValue, lang);
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, v]) => `${key}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}
