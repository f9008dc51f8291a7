import { Client } from 'pg';
import { count, login, ownerUrlOf, startTestApp } from './support/app';

/** A database of its own on the same server, so that "empty" really is empty (made by the owner role, which may create databases). */
async function freshDatabaseUrl(name: string): Promise<string> {
  const url = new URL(process.env.DATABASE_URL!);
  const admin = new Client({ connectionString: process.env.MIGRATION_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

describe('first-start data', () => {
  it('in production config loads no demo data, only the administrator from ADMIN_PASSWORD; a second start adds nothing', async () => {
    const databaseUrl = await freshDatabaseUrl(`seed_prod_${process.pid}`);
    const migrationDatabaseUrl = ownerUrlOf(`seed_prod_${process.pid}`);
    const t = await startTestApp({ databaseUrl, migrationDatabaseUrl, demoMode: false, adminPassword: 'Prod@Admin1', production: true });
    try {
      expect((await t.db.query(`SELECT username FROM app_user`)).map((r: any) => r.username)).toEqual(['admin']);
      expect(await count(t, 'loan')).toBe(0);
      expect(await count(t, 'message')).toBe(0);
      expect((await login(t, 'admin', 'Prod@Admin1').expect(200)).body.code).toBe('A00000');
      expect((await login(t, 'apost', 'Demo@2026').expect(400)).body.code).toBe('A01001');
    } finally {
      await t.close();
    }
    const again = await startTestApp({ databaseUrl, migrationDatabaseUrl, demoMode: true, adminPassword: null });
    try {
      // Demo mode on, but the database is no longer empty: nothing is loaded.
      expect(await count(again, 'app_user')).toBe(1);
      expect(await count(again, 'loan')).toBe(0);
    } finally {
      await again.close();
    }
  });
});
