import { MACHINE_VERSION, migrateSnapshot } from '@app/workflow';
import type { DataSource } from 'typeorm';

/** Instances rewritten per transaction: a crash loses at most one batch, which the next start redoes. */
const BATCH = 1000;

export interface InstanceMigrationResult {
  /** Instances moved to the current machine version, by the version they were on ("1": 12). */
  migrated: Record<string, number>;
}

/**
 * Moves every workflow instance on an older machine version to the current one with the workflow
 * package's migrations (state and context rewritten; version, chain and history untouched), so that
 * running loans take the new version's events. The events already recorded keep their version and
 * replay on it (audit/replay.ts migrates the snapshot where the history crosses versions).
 *
 * Batches in loan order, each its own transaction; idempotent, and resumable after a crash because a
 * moved instance no longer matches. runMigrations calls it under the migration lock.
 */
export async function migrateInstances(db: DataSource): Promise<InstanceMigrationResult> {
  const migrated: Record<string, number> = {};
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows: { loanId: string; machineVersion: number; snapshot: any }[] = await db.query(
      `SELECT loan_id AS "loanId", machine_version AS "machineVersion", snapshot
         FROM workflow_instance
        WHERE machine_version < $1 AND loan_id > $2
        ORDER BY loan_id
        LIMIT $3`,
      [MACHINE_VERSION, after, BATCH],
    );
    if (rows.length === 0) return { migrated };
    const next = rows.map((r) => migrateSnapshot(r.snapshot, r.machineVersion, MACHINE_VERSION));
    await db.transaction(async (em) => {
      // Only rows still on the version read: another writer's newer row is left as it is.
      await em.query(
        `UPDATE workflow_instance i
            SET snapshot = u.snapshot, machine_version = $4
           FROM unnest($1::uuid[], $2::jsonb[], $3::int[]) AS u(loan_id, snapshot, was)
          WHERE i.loan_id = u.loan_id AND i.machine_version = u.was`,
        [rows.map((r) => r.loanId), next.map((s) => JSON.stringify(s)), rows.map((r) => r.machineVersion), MACHINE_VERSION],
      );
    });
    for (const r of rows) migrated[r.machineVersion] = (migrated[r.machineVersion] ?? 0) + 1;
    after = rows[rows.length - 1].loanId;
  }
}
