/**
 * The node timeline as the whole pipeline: the stays the loan made (from its history), then the stages
 * still to come, greyed. Stages, their order, their words and the parallel regions all come from
 * @app/workflow (STAGES, STATE_LABELS, the machine's own definition), never from a copy here.
 */
import { machineDefinition, STAGES, STATE_LABELS, type Label, type StageKey } from '@app/workflow';
import type { StateValue } from 'xstate';
import type { TimelineNodeView } from './loan-node-api';

export interface RegionView {
  key: string;
  label: Label;
  state: 'done' | 'current' | 'upcoming';
  /** Where the region stands (its state's words); null when it has not started. */
  status: Label | null;
}

export interface StageView {
  stage: StageKey;
  code: string | null;
  label: Label;
}

export type PipelineItem =
  /** A stay in a stage; `current`: the one the loan stands in (the last). */
  | { kind: 'visit'; node: TimelineNodeView; current: boolean; regions: RegionView[] | null }
  /** A stage the loan went past without entering (the machine allows skipping it). */
  | ({ kind: 'skipped' } & StageView)
  /** A stage still ahead; `optional`: the machine may go past it. */
  | ({ kind: 'upcoming'; optional: boolean; regions: RegionView[] | null } & StageView);

const definition = machineDefinition();
const ENDS: readonly StageKey[] = ['closed', 'discontinued'];
const order = (stage: StageKey) => STAGES.find((s) => s.key === stage)?.order ?? Number.MAX_SAFE_INTEGER;
const stageOf = (path: string) => path.split('.')[0] as StageKey;

/**
 * The bad-loan path branches off after guarantee: a loan goes on to release, or to compensation and
 * recovery, and then is closed. A loan is shown on one of the two paths: the branch's stages lie ahead
 * only of a loan in one of them, and release is then not on its way (neither ahead nor skipped).
 */
const BAD_LOAN_BRANCH: readonly StageKey[] = ['compensation', 'recovery'];
const offPath = (branch: boolean) => (stage: StageKey) => (branch ? stage === 'release' : BAD_LOAN_BRANCH.includes(stage));
/** The stages strictly between `from` and `to` in pipeline order, on the path those two lie on. */
const between = (from: StageKey, to: StageKey): StageKey[] => {
  const off = offPath(BAD_LOAN_BRANCH.includes(from) || BAD_LOAN_BRANCH.includes(to));
  return STAGES.filter((s) => order(s.key) > order(from) && order(s.key) < order(to) && !off(s.key)).map((s) => s.key);
};

/** The regions of each parallel stage, with their final states (the machine's). */
const REGIONS = new Map<string, { key: string; path: string; finals: Set<string> }[]>();
for (const state of definition.states) {
  if (state.type !== 'parallel') continue;
  const regions = definition.states.filter((s) => s.parent === state.path);
  REGIONS.set(
    state.path,
    regions.map((r) => ({
      key: r.key,
      path: r.path,
      finals: new Set(definition.states.filter((s) => s.parent === r.path && s.type === 'final').map((s) => s.key)),
    })),
  );
}

/** Stages some transition jumps over (forwards, to a stage that is not an end): they may be skipped. */
const OPTIONAL = new Set<StageKey>();
for (const t of definition.transitions) {
  const from = stageOf(t.source);
  for (const target of t.targets) {
    const to = stageOf(target);
    if (ENDS.includes(to)) continue;
    for (const s of between(from, to)) OPTIONAL.add(s);
  }
}

const words = (path: string): Label | null => {
  const label = STATE_LABELS[path];
  return label ? { zh: label.zh, en: label.en } : null;
};

function regionsOf(stage: StageKey, how: 'current' | 'done' | 'upcoming', value: StateValue | null): RegionView[] | null {
  const regions = REGIONS.get(stage);
  if (!regions) return null;
  const inStage = value && typeof value === 'object' ? (value as Record<string, StateValue>)[stage] : undefined;
  return regions.map((region) => {
    const label = words(region.path) ?? { zh: region.key, en: region.key };
    if (how === 'upcoming') return { key: region.key, label, state: 'upcoming', status: null };
    if (how === 'done') {
      const [final] = region.finals;
      return { key: region.key, label, state: 'done', status: final ? words(`${region.path}.${final}`) : null };
    }
    const leaf = inStage && typeof inStage === 'object' ? (inStage as Record<string, StateValue>)[region.key] : undefined;
    const key = typeof leaf === 'string' ? leaf : null;
    return { key: region.key, label, state: key && region.finals.has(key) ? 'done' : 'current', status: key ? words(`${region.path}.${key}`) : null };
  });
}

const stageView = (stage: StageKey): StageView => {
  const info = STAGES.find((s) => s.key === stage)!;
  return { stage, code: info.code, label: { zh: info.zh, en: info.en } };
};

/**
 * The timeline's items: each stay in time order (a stage skipped on the way shown where it was
 * skipped), then, while the loan is open, every stage after the current one in pipeline order.
 * `value` is the loan's current state value (for the regions of a parallel stage it stands in).
 */
export function pipelineItems(nodes: readonly TimelineNodeView[], value: StateValue | null): PipelineItem[] {
  const items: PipelineItem[] = [];
  nodes.forEach((node, i) => {
    const next = nodes[i + 1];
    const last = i === nodes.length - 1;
    if (i > 0 && !ENDS.includes(node.stage)) {
      const previous = nodes[i - 1].stage;
      for (const s of between(previous, node.stage)) items.push({ kind: 'skipped', ...stageView(s) });
    }
    const leftForwards = next !== undefined && next.stage !== 'discontinued' && order(next.stage) > order(node.stage);
    const regions = last ? regionsOf(node.stage, 'current', value) : leftForwards ? regionsOf(node.stage, 'done', value) : null;
    items.push({ kind: 'visit', node, current: last, regions });
  });
  const here = nodes.at(-1)?.stage ?? 'collection';
  if (ENDS.includes(here) && nodes.length > 0) return items;
  // ahead of a loan in the branch: its own stages; of any other (one refused compensation too): the ordinary path
  const off = offPath(BAD_LOAN_BRANCH.includes(here));
  for (const s of STAGES) {
    if (s.key === 'discontinued' || order(s.key) <= order(here) || off(s.key)) continue;
    items.push({ kind: 'upcoming', ...stageView(s.key), optional: OPTIONAL.has(s.key), regions: regionsOf(s.key, 'upcoming', null) });
  }
  return items;
}
