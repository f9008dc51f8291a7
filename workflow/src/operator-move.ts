/**
 * OPERATOR_MOVE: an administrator puts a stuck loan in another state, with a reason (the operations
 * console). The machine accepts the event in every state (machine.ts OPERATOR_MOVE_TRANSITION); this
 * file says which targets a machine has, from its own state tree, and refuses anything else by name.
 *
 * A target is a state value as xstate writes it: `'collection'` is not one (collection has states), but
 * `{ collection: 'awaitingMaterials' }` is; a parallel state is given whole, one state per region:
 * `{ duringGuarantee: { contract: 'sealed', premium: 'done', counterGuarantee: 'pending', letter: 'approved' } }`.
 * Not a target: a final stage (closed, discontinued: their own events close a loan with their
 * bookkeeping), a parallel state with every region done (the machine never stands there: it moves
 * on), and the state the loan already stands in.
 */

import type { AnyStateNode, StateValue } from 'xstate';
import type { OperatorMoveTarget } from './events';
import type { Refusal } from './guards';
import { STATE_LABELS, type Label } from './labels';

/** One node of the tree the move dialog offers: a stage, a state inside it, or a region of a parallel state. */
export interface MoveTargetNode {
  key: string;
  /** Dotted path, e.g. `duringGuarantee.contract.sealed`. */
  path: string;
  /** `compound`: pick one child; `parallel`: pick one state in every child (region); `atomic`/`final`: a leaf. */
  type: 'atomic' | 'compound' | 'parallel' | 'final';
  label: Label;
  children: MoveTargetNode[];
}

const children = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states) as AnyStateNode[];
const pathOf = (node: AnyStateNode): string => node.path.join('.');
const labelOf = (node: AnyStateNode): Label => {
  const label = STATE_LABELS[pathOf(node)];
  return label ? { zh: label.zh, en: label.en } : { zh: node.key, en: node.key };
};

/**
 * The states a loan may be moved to, as a tree (top-level final stages left out). Pick one child of a
 * compound node, one leaf in every region of a parallel one.
 */
export function moveTargetTree(machine: { root: AnyStateNode }): MoveTargetNode[] {
  const toNode = (node: AnyStateNode): MoveTargetNode => ({
    key: node.key,
    path: pathOf(node),
    type: node.type === 'history' ? 'atomic' : node.type,
    label: labelOf(node),
    children: children(node).map(toNode),
  });
  return children(machine.root)
    .filter((node) => node.type !== 'final')
    .map(toNode);
}

/** Why `target` names no state the loan can be moved to (English, for the refusal), or null. */
function targetProblem(machine: { root: AnyStateNode }, target: unknown): string | null {
  // The root is compound: exactly one top-level state.
  const top = children(machine.root);
  const within = (node: AnyStateNode, value: unknown, where: string): string | null => {
    const kids = children(node);
    if (node.type === 'atomic' || node.type === 'final') return value === undefined ? null : `${where} has no states inside it`;
    if (node.type === 'parallel') {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return `${where} is parallel: give a state for each of its regions (${kids.map((k) => k.key).join(', ')})`;
      const given = Object.keys(value as object);
      const unknown = given.filter((k) => !kids.some((c) => c.key === k));
      if (unknown.length) return `${where} has no region ${unknown.join(', ')}`;
      const missing = kids.filter((c) => !given.includes(c.key)).map((c) => c.key);
      if (missing.length) return `${where} is parallel: the regions ${missing.join(', ')} are not given`;
      for (const region of kids) {
        const problem = within(region, (value as Record<string, unknown>)[region.key], `${where}.${region.key}`);
        if (problem) return problem;
      }
      const regionStates = kids.map((region) => childNamed(region, (value as Record<string, unknown>)[region.key]));
      if (regionStates.every((s) => s?.type === 'final')) return `${where} with every region done is not a state the loan stands in`;
      return null;
    }
    // compound: one child, by its key (a leaf) or as { key: inner }
    if (value === undefined) return `${where} has states: name one (${kids.map((k) => k.key).join(', ')})`;
    const [key, inner] = typeof value === 'string' ? [value, undefined] : singleEntry(value);
    if (key === null) return `${where}: name exactly one of its states`;
    const child = kids.find((c) => c.key === key);
    if (!child) return `${where} has no state ${key}`;
    return within(child, inner, `${where}.${key}`);
  };
  if (typeof target === 'string' || (target !== null && typeof target === 'object')) {
    const [key, inner] = typeof target === 'string' ? [target, undefined] : singleEntry(target);
    if (key === null) return 'name exactly one stage';
    const stage = top.find((c) => c.key === key);
    if (!stage) return `the machine has no stage ${key}`;
    if (stage.type === 'final') return `${key} is a final stage: its own events close a loan`;
    return within(stage, inner, key);
  }
  return 'the target must be a state value';
}

function singleEntry(value: unknown): [string | null, unknown] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [null, undefined];
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length === 1 ? [entries[0][0], entries[0][1]] : [null, undefined];
}

/** The child of a region that a (checked) region value names. */
function childNamed(region: AnyStateNode, value: unknown): AnyStateNode | undefined {
  const [key] = typeof value === 'string' ? [value] : singleEntry(value);
  return children(region).find((c) => c.key === key);
}

/** Dotted paths of a state value's leaves (`duringGuarantee.contract.sealed`, ...), to name a target in words. */
export function describeStateValue(value: unknown): string {
  const leaves: string[] = [];
  const walk = (v: unknown, prefix: string) => {
    if (typeof v === 'string') leaves.push(prefix ? `${prefix}.${v}` : v);
    else if (v !== null && typeof v === 'object') for (const [k, inner] of Object.entries(v as object)) walk(inner, prefix ? `${prefix}.${k}` : k);
    else leaves.push(prefix ? `${prefix}.?` : '?');
  };
  walk(value, '');
  return leaves.join(', ');
}

/** The refusal of a target the machine does not have (naming it and why), or null when it has it. */
export function operatorMoveRefusal(machine: { root: AnyStateNode }, current: StateValue, target: OperatorMoveTarget): Refusal | null {
  const named = describeStateValue(target);
  const problem = targetProblem(machine, target);
  if (problem) {
    return {
      code: 'OPERATOR_MOVE_UNKNOWN_TARGET',
      zh: `目标节点不是流程中的状态：${named}（${problem}）`,
      en: `The target is not a state of the workflow: ${named} (${problem})`,
    };
  }
  if (describeStateValue(normalize(current)) === describeStateValue(normalize(target))) {
    return { code: 'OPERATOR_MOVE_SAME_STATE', zh: `贷款已处于该节点：${named}`, en: `The loan already stands in ${named}` };
  }
  return null;
}

/** Object keys sorted, so that two writings of one state value compare equal. */
function normalize(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value as object)
      .sort()
      .map((k) => [k, normalize((value as Record<string, unknown>)[k])]),
  );
}

/** The target as the state value xstate resolves (keys in the machine's order do not matter to it). */
export function targetStateValue(target: OperatorMoveTarget): StateValue {
  return normalize(target) as StateValue;
}

export { normalize as normalizeStateValue };
