import { Client } from 'pg';
import { loadAuditKeys } from '../../server/src/audit/audit-keys';
import { seededLoanId, seedScale } from '../../server/src/demo/seed-scale';
import { listColumns } from '../../server/src/workflow/list-columns';
import { startTestApp, TestApp, tokenOf } from './support/app';

jest.setTimeout(180_000);

describe('seed:scale: loans at scale with real, verifiable histories', () => {
  let t: TestApp;
  let db: Client;
  let key: Buffer;

  beforeAll(async () => {
    t = await startTestApp();
    key = loadAuditKeys(t.config, { create: false }).hmacKey;
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  it('writes loans in every stage whose histories verify, resumes where it stopped, and adds the rest when asked for more', async () => {
    const first = await seedScale(db, key, { loans: 480, batch: 60, verifySample: 480 });
    expect(first.written).toBe(480);
    expect(first.verified).toBe(480);
    const { rows: stages } = await db.query(
      `SELECT wi.stage, count(*)::int AS n FROM workflow_instance wi WHERE wi.loan_id = ANY($1::uuid[]) GROUP BY wi.stage`,
      [Array.from({ length: 480 }, (_, i) => seededLoanId(i))],
    );
    expect(stages.map((s: { stage: string }) => s.stage).sort()).toEqual(
      [
        'afterGuarantee',
        'closed',
        'collection',
        'disbursement',
        'discontinued',
        'duringGuarantee',
        'generalOffice',
        'insuranceReview',
        'preReview',
        'release',
        'riskControl',
        'withdrawal',
      ].sort(),
    );
    const { rows: counted } = await db.query(`SELECT count(*)::int AS events FROM workflow_event WHERE loan_id = ANY($1::uuid[])`, [
      Array.from({ length: 480 }, (_, i) => seededLoanId(i)),
    ]);
    expect(counted[0].events).toBe(first.events);
    expect(first.events).toBeGreaterThan(480 * 5);

    // The list columns are the snapshot's, as if every event had gone through the API.
    const { rows: sample } = await db.query(
      `SELECT snapshot, active_paths, amount_fen::bigint AS amount_fen, disbursed_amount_fen::bigint AS lent FROM workflow_instance WHERE loan_id = ANY($1::uuid[])`,
      [[seededLoanId(0), seededLoanId(77), seededLoanId(301)]],
    );
    for (const row of sample) {
      const want = listColumns(row.snapshot);
      expect([[...row.active_paths].sort(), Number(row.amount_fen), row.lent === null ? null : Number(row.lent)]).toEqual([
        want.activePaths,
        want.amountFen,
        want.disbursedAmountFen,
      ]);
    }

    // Run again: nothing written twice.
    const again = await seedScale(db, key, { loans: 480, batch: 60, verifySample: 0 });
    expect(again.written).toBe(0);
    // Asking for more writes only the rest, here on three connections (each with its own templates table).
    const others = [new Client({ connectionString: process.env.DATABASE_URL }), new Client({ connectionString: process.env.DATABASE_URL })];
    await Promise.all(others.map((c) => c.connect()));
    const more = await seedScale(db, key, { loans: 600, batch: 30, verifySample: 600, more: others }).finally(() => Promise.all(others.map((c) => c.end())));
    expect(more.written).toBe(120);
    expect(more.verified).toBe(600);
    const { rows: total } = await db.query(`SELECT count(*)::int AS n FROM loan WHERE id = ANY($1::uuid[])`, [
      Array.from({ length: 601 }, (_, i) => seededLoanId(i)),
    ]);
    expect(total[0].n).toBe(600);
    // The events copied from the templates in SQL are the machine's: every one of the 600 replayed above, and
    // a payload naming its loan carries that loan's id, not the template's placeholder.
    const { rows: placeholders } = await db.query(`SELECT count(*)::int AS n FROM workflow_event WHERE payload::text LIKE '%00000000feed%'`);
    expect(placeholders[0].n).toBe(0);

    // The application serves them: the loan list finds a seeded company, the auditor's endpoint verifies a seeded loan.
    const admin = await tokenOf(t, 'admin');
    const page = await t.http.get('/server/loans').set('X-Platform-Token', admin).query({ companyName: '有限公司', pageSize: 5 }).expect(200);
    expect(page.body.data.list).toHaveLength(5);
    const detail = await t.http
      .get(`/server/loans/${seededLoanId(5)}`)
      .set('X-Platform-Token', admin)
      .expect(200);
    expect(detail.body.data.workflow.version).toBeGreaterThanOrEqual(0);
  });
});
