/**
 * Versions of the machine and the migration of running instances between them.
 *
 * xstate has no versioning of its own. Each instance records the machine version it runs on. When a
 * new version changes states or context, it ships with a migration from the previous version that
 * rewrites a persisted snapshot (state value and context) into the new shape. Histories are still
 * replayed on the version they ran on (see `engineForVersion`), so the old machine stays in the code
 * until no instance needs it.
 *
 * Version 2 added the bad-loan path (stages compensation and recovery, the overdue notice, extensions):
 * its migration gives a version 1 instance the new context fields with the values of a loan that has
 * not gone bad, and keeps its state, since every state of version 1 is a state of version 2.
 *
 * OPERATOR_MOVE (an administrator's move, the operations console) came without a version: it is a new
 * event accepted in every state of version 2, changing neither states nor context nor any other
 * transition, so every history recorded before it replays exactly as it did, and a snapshot's shape is
 * unchanged. Version 1's machine stays as it was (its instances were migrated to version 2 at start).
 */

import type { StateValue } from 'xstate';
import type { PersistedSnapshot } from './engine';
import { BAD_LOAN_CONTEXT_DEFAULTS } from './context';

/** A persisted snapshot of any version: the context's shape is the version's own. */
export interface VersionedSnapshot {
  status: PersistedSnapshot['status'];
  value: StateValue;
  context: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Migration {
  from: number;
  to: number;
  description: string;
  /** Pure: returns the snapshot in the shape of version `to`. */
  migrate(snapshot: VersionedSnapshot): VersionedSnapshot;
}

/** The migrations shipped with the package, one per version step. */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 1,
    to: 2,
    description: 'the bad-loan path: overdueNotice, compensation, extension and extendedMaturityOn added to the context, empty',
    migrate: (snapshot) => ({ ...snapshot, context: { ...snapshot.context, ...BAD_LOAN_CONTEXT_DEFAULTS, ...pick(snapshot.context) } }),
  },
];

/** Fields version 2 added that a snapshot already has (a second run of the migration keeps them). */
function pick(context: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(BAD_LOAN_CONTEXT_DEFAULTS)
      .filter((k) => k in context)
      .map((k) => [k, context[k]]),
  );
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

/**
 * Rewrites a snapshot of `fromVersion` into the shape of `toVersion` by applying the migrations one
 * version step at a time. Never goes backwards; fails when a step is missing or duplicated.
 */
export function migrateSnapshot<T extends VersionedSnapshot = VersionedSnapshot>(
  snapshot: VersionedSnapshot | PersistedSnapshot,
  fromVersion: number,
  toVersion: number,
  migrations: readonly Migration[] = MIGRATIONS,
): T {
  if (!Number.isInteger(fromVersion) || !Number.isInteger(toVersion)) throw new MigrationError('versions must be integers');
  if (toVersion < fromVersion) throw new MigrationError(`cannot migrate backwards from ${fromVersion} to ${toVersion}`);
  // Work on a copy: a migration may not change the caller's object.
  let current = JSON.parse(JSON.stringify(snapshot)) as VersionedSnapshot;
  for (let version = fromVersion; version < toVersion; version++) {
    const steps = migrations.filter((m) => m.from === version && m.to === version + 1);
    if (steps.length === 0) throw new MigrationError(`no migration from version ${version} to ${version + 1}`);
    if (steps.length > 1) throw new MigrationError(`more than one migration from version ${version} to ${version + 1}`);
    current = steps[0].migrate(current);
  }
  return current as T;
}
