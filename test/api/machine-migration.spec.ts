/**
 * The machine's version 2 on a database made by version 1: the scale seed writes loans in every stage of
 * version 1 with their real, keyed histories; the start's instance migration moves them to version 2; every
 * history still verifies (its events replayed on version 1, the snapshot migrated at the end), and a
 * migrated loan after guarantee takes version 2's events, its history now crossing the two versions.
 */

import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { loadAuditKeys } from '../../server/src/audit/audit-keys';
import { verifyLoan } from '../../server/src/audit/replay';
import { loadEvents, loadInstances } from '../../server/src/audit/verify-all';
import { migrateInstances } from '../../server/src/database/instance-migration';
import { seededLoanId, seedScale } from '../../server/src/demo/seed-scale';
import { AppHandle, bootTestApp, ownerDb, ownerUrlOf, tokenOf, freshDatabaseUrl } from './support/app';

jest.setTimeout(180_000);

const LOANS = 240;
const ids = Array.from({ length: LOANS }, (_, i) => seededLoanId(i));

/** A database of its own: the scale seed's loan ids are fixed, and another suite seeds them at version 2. */
describe('machine version 2 on a database of version 1', () => {
  let t: AppHandle;
  let db: Client;
  let owner: DataSource;
  let key: Buffer;

  beforeAll(async () => {
    const name = `machine_migration_${process.pid}`;
    const dataDir = path.resolve(__dirname, '../../.data/test/machine-migration-files');
    fs.rmSync(dataDir, { recursive: true, force: true });
    const databaseUrl = await freshDatabaseUrl(name);
    t = await bootTestApp({
      databaseUrl,
      migrationDatabaseUrl: ownerUrlOf(name),
      dataDir,
      checkpointDir: path.join(dataDir, 'checkpoints'),
      queuePrefix: `machine-migration-${process.pid}`,
    });
    key = loadAuditKeys(t.config, { create: false }).hmacKey;
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    owner = await ownerDb(ownerUrlOf(name));
  }, 120_000);
  afterAll(async () => {
    await owner.destroy();
    await db.end();
    await t.close();
  });

  const versions = async () => {
    const { rows } = await db.query(
      `SELECT machine_version AS v, count(*)::int AS n FROM workflow_instance WHERE loan_id = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`,
      [ids],
    );
    return Object.fromEntries(rows.map((r: { v: number; n: number }) => [r.v, r.n]));
  };

  const verifyAll = async (loanIds: string[]) => {
    const source = { query: (sql: string, params: unknown[]) => db.query(sql, params).then((r) => r.rows) } as never;
    const bad: string[] = [];
    for (let k = 0; k < loanIds.length; k += 200) {
      const chunk = loanIds.slice(k, k + 200);
      const instances = await loadInstances(source, `loan_id = ANY($1::uuid[])`, [chunk]);
      const events = await loadEvents(source, chunk);
      for (const row of instances) {
        const verdict = verifyLoan(row, events.get(row.loanId) ?? [], null, key);
        if (!verdict.ok) bad.push(`${row.loanId}: ${verdict.reason}`);
      }
      expect(instances).toHaveLength(chunk.length);
    }
    return bad;
  };

  it('moves every instance of version 1 to version 2 once, and every history still verifies', async () => {
    const seeded = await seedScale(db, key, { loans: LOANS, batch: 60, verifySample: LOANS, machineVersion: 1 });
    expect(seeded.verified).toBe(LOANS);
    expect(await versions()).toEqual({ 1: LOANS });
    const { rows: lacking } = await db.query(
      `SELECT count(*)::int AS n FROM workflow_instance WHERE loan_id = ANY($1::uuid[]) AND snapshot->'context' ? 'compensation'`,
      [ids],
    );
    expect(lacking[0].n).toBe(0);

    const first = await migrateInstances(owner);
    expect(first.migrated['1']).toBeGreaterThanOrEqual(LOANS);
    expect(await versions()).toEqual({ 2: LOANS });
    // the new context fields, empty; states, versions and chains untouched; the events keep version 1
    const { rows: shape } = await db.query(
      `SELECT count(*) FILTER (WHERE snapshot->'context'->'compensation' = 'null'::jsonb AND snapshot->'context'->'extension' = 'null'::jsonb)::int AS migrated,
              (SELECT count(*)::int FROM workflow_event WHERE loan_id = ANY($1::uuid[]) AND machine_version <> 1) AS newer
         FROM workflow_instance WHERE loan_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(shape[0]).toEqual({ migrated: LOANS, newer: 0 });
    expect(await verifyAll(ids)).toEqual([]);

    const again = await migrateInstances(owner);
    expect(again.migrated).toEqual({});
  });

  it('takes version 2 events on a migrated loan after guarantee, and its history across both versions verifies', async () => {
    const { rows } = await db.query(
      `SELECT loan_id AS id, version FROM workflow_instance
        WHERE loan_id = ANY($1::uuid[]) AND stage = 'afterGuarantee' AND snapshot->'value'->>'afterGuarantee' = 'awaitingVisitReport'
        ORDER BY loan_id LIMIT 1`,
      [ids],
    );
    expect(rows).toHaveLength(1);
    const { id, version } = rows[0];
    const apost = await tokenOf(t, 'apost');
    const leader = await tokenOf(t, 'leader');
    const send = (token: string, type: string, payload: Record<string, unknown>, expectedVersion: number) =>
      t.http.post(`/server/loans/${id}/events`).set('X-Platform-Token', token).send({ type, payload, expectedVersion });

    const notice = await send(apost, 'OVERDUE_NOTICE', { noticedOn: '2026-06-10', overduePrincipalFen: 100_00, overdueInterestFen: 12_00 }, version);
    expect(notice.status).toBe(200);
    const apply = await send(
      apost,
      'COMPENSATION_APPLY',
      { principalFen: 100_00, interestFen: 12_00, penaltyFen: 0, reason: 'the bank called the guarantee' },
      version + 1,
    );
    expect(apply.status).toBe(200);
    expect(apply.body.data.stage).toBe('compensation');
    // maker-checker holds on the migrated loan: the applicant cannot decide
    const own = await send(apost, 'COMPENSATION_APPROVE', { via: 'LEADER' }, version + 2);
    expect(own.status).toBeGreaterThanOrEqual(400);
    expect(own.status).toBeLessThan(500);
    const refuse = await send(leader, 'COMPENSATION_REFUSE', { reason: 'the borrower paid' }, version + 2);
    expect(refuse.status).toBe(200);
    expect(refuse.body.data.stage).toBe('afterGuarantee');

    const { rows: log } = await db.query(`SELECT machine_version AS v, count(*)::int AS n FROM workflow_event WHERE loan_id = $1 GROUP BY 1 ORDER BY 1`, [id]);
    expect(log).toEqual([
      { v: 1, n: version },
      { v: 2, n: 3 },
    ]);
    expect(await verifyAll([id])).toEqual([]);
    const verified = await t.http.get(`/server/loans/${id}/history/verify`).set('X-Platform-Token', leader);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ ok: true });
    // time travel to before the switch shows the loan as version 2 sees it
    const before = await t.http.get(`/server/loans/${id}/history/at/${version}`).set('X-Platform-Token', leader);
    expect(before.status).toBe(200);
    expect(before.body.data.context).toMatchObject({ compensation: null, overdueNotice: null });
  });
});
