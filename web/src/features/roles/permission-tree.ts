/**
 * The role form's tree of checkboxes over the permission tree of spec section 6 (@app/workflow's
 * PERMISSION_TREE: menu entries with their action codes beneath). The selection is a set of keys; a
 * node shows checked when it and everything under it is chosen, half-checked when part is.
 */
import { PERMISSION_TREE, type PermissionNode } from '@app/workflow';

export type CheckState = 'checked' | 'partial' | 'unchecked';

const PARENT = new Map<string, string | null>();
const DESCENDANTS = new Map<string, string[]>();
function index(nodes: readonly PermissionNode[], parent: string | null): string[] {
  const all: string[] = [];
  for (const node of nodes) {
    PARENT.set(node.key, parent);
    const below = index(node.children ?? [], node.key);
    DESCENDANTS.set(node.key, below);
    all.push(node.key, ...below);
  }
  return all;
}
export const ALL_KEYS: readonly string[] = index(PERMISSION_TREE, null);

export function checkState(key: string, selected: ReadonlySet<string>): CheckState {
  const keys = [key, ...(DESCENDANTS.get(key) ?? [])];
  const held = keys.filter((k) => selected.has(k)).length;
  return held === keys.length ? 'checked' : held === 0 ? 'unchecked' : 'partial';
}

/**
 * Ticking a node chooses it with everything beneath and the menus above (an action is reached through
 * its menus); unticking a fully chosen node drops it with everything beneath, the menus above stay.
 */
export function toggle(key: string, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  const subtree = [key, ...(DESCENDANTS.get(key) ?? [])];
  if (checkState(key, selected) === 'checked') {
    for (const k of subtree) next.delete(k);
  } else {
    for (const k of subtree) next.add(k);
    for (let p = PARENT.get(key); p; p = PARENT.get(p)) next.add(p);
  }
  return next;
}

/** The selection in the tree's order (what is sent). */
export function inTreeOrder(selected: ReadonlySet<string>): string[] {
  return ALL_KEYS.filter((k) => selected.has(k));
}
