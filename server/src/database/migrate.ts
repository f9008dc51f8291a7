import { DataSource } from 'typeorm';
import type { AuditKeys } from '../audit/audit-keys';
import { sealChain, type SealResult } from '../audit/reseal';
import { migrateInstances, type InstanceMigrationResult } from './instance-migration';
import { syncPermissions, type PermissionSyncResult } from './permission-sync';

// Any number of API and worker processes may start together: one migrates, the others wait.
const MIGRATION_LOCK = 7_463_001;

export interface MigrationResult {
  applied: string[];
  permissions: PermissionSyncResult;
  instances: InstanceMigrationResult;
  seal: SealResult;
  appRole: string | null;
}

/**
 * Migrations, the permission tree and preset roles brought up to date, running workflow instances moved
 * to the current machine version, the application's login role
 * made a member of guarantee_app, and the event chain sealed with the audit key, under one lock.
 * `db` connects as the owner (MIGRATION_DATABASE_URL); `appUrl` is the application's DATABASE_URL.
 */
export async function runMigrations(db: DataSource, keys: AuditKeys, appUrl?: string): Promise<MigrationResult> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock($1)`, [MIGRATION_LOCK]);
    const applied = await db.runMigrations({ transaction: 'each' });
    const permissions = await syncPermissions(db);
    const instances = await migrateInstances(db);
    const appRole = appUrl ? await ensureAppLogin(db, appUrl) : null;
    const seal = await sealChain(db, keys);
    return { applied: applied.map((m) => m.name), permissions, instances, seal, appRole };
  } finally {
    await runner.query(`SELECT pg_advisory_unlock($1)`, [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * The login role of DATABASE_URL, when it is not the owner: created (when the owner may create
 * roles, as the superuser of docker-compose's PostgreSQL) and made a member of guarantee_app. A
 * cluster set up by a DBA (or scripts/lib.mjs) has it already; then nothing changes.
 */
async function ensureAppLogin(db: DataSource, appUrl: string): Promise<string | null> {
  const url = new URL(appUrl);
  const user = decodeURIComponent(url.username);
  const [me] = await db.query(`SELECT current_user AS name, rolsuper OR rolcreaterole AS may FROM pg_roles WHERE rolname = current_user`);
  if (!user || user === me.name) return null;
  const [role] = await db.query(`SELECT pg_has_role($1, 'guarantee_app', 'MEMBER') AS member FROM pg_roles WHERE rolname = $1`, [user]);
  if (role?.member) return user;
  if (!me.may) throw new Error(`the application role ${user} must exist and be a member of guarantee_app (CREATE ROLE ... IN ROLE guarantee_app)`);
  const ident = `"${user.replace(/"/g, '""')}"`;
  if (!role) {
    const password = decodeURIComponent(url.password).replace(/'/g, "''");
    await db.query(`CREATE ROLE ${ident} LOGIN PASSWORD '${password}' IN ROLE guarantee_app`);
  } else await db.query(`GRANT guarantee_app TO ${ident}`);
  return user;
}
