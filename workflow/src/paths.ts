/** State values as dotted paths: `{ preReview: 'approved' }` is `preReview.approved`. */

import type { StateValue } from 'xstate';
import { STAGE_KEYS, type StageKey } from './context';

/** The active leaf states of a value, as paths (several inside a parallel state). */
export function leafPaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return child === undefined ? [path] : leafPaths(child, path);
  });
}

/** Every active state (leaves and their ancestors), as paths. */
export function activePaths(value: StateValue): string[] {
  const paths = new Set<string>();
  for (const leaf of leafPaths(value)) {
    const parts = leaf.split('.');
    for (let i = 1; i <= parts.length; i++) paths.add(parts.slice(0, i).join('.'));
  }
  return [...paths];
}

/** The top-level state (stage) of a value. */
export function stageOfValue(value: StateValue): StageKey {
  const key = typeof value === 'string' ? value : Object.keys(value)[0];
  if (!(STAGE_KEYS as readonly string[]).includes(key)) throw new Error(`not a stage: ${String(key)}`);
  return key as StageKey;
}
