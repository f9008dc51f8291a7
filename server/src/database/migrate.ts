import { DataSource } from 'typeorm';

// Any number of API and worker processes may start together: one migrates, the others wait.
const MIGRATION_LOCK = 7_463_001;

export async function runMigrations(db: DataSource): Promise<string[]> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock($1)`, [MIGRATION_LOCK]);
    const applied = await db.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query(`SELECT pg_advisory_unlock($1)`, [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
