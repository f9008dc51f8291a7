import { DataSource } from 'typeorm';
import { syncPermissions, type PermissionSyncResult } from './permission-sync';

// Any number of API and worker processes may start together: one migrates, the others wait.
const MIGRATION_LOCK = 7_463_001;

export interface MigrationResult {
  applied: string[];
  permissions: PermissionSyncResult;
}

/** Migrations, then the permission tree and preset roles brought up to date, under one lock. */
export async function runMigrations(db: DataSource): Promise<MigrationResult> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock($1)`, [MIGRATION_LOCK]);
    const applied = await db.runMigrations({ transaction: 'each' });
    const permissions = await syncPermissions(db);
    return { applied: applied.map((m) => m.name), permissions };
  } finally {
    await runner.query(`SELECT pg_advisory_unlock($1)`, [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
