import { Client } from 'pg';
import { loadAuditKeys } from '../../server/src/audit/audit-keys';
import { seededLoanId, seedScale } from '../../server/src/demo/seed-scale';
import { listColumns } from '../../server/src/workflow/list-columns';
import { startTestApp, AppHandle, tokenOf } from './support/app';

jest.setTimeout(180_000);

describe('seed:scale: loans at scale with real, verifiable histories', () => {
  let t: AppHandle;
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
    // Its profile: every step of the batches took time, and the server's counters saw the WAL it wrote.
    for (const ms of Object.values(first.steps)) expect(ms).toBeGreaterThan(0);
    expect(first.server?.walBytes).toBeGreaterThan(0);
    expect(first.server?.walRecords).toBeGreaterThan(480 * 10);
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

    // What the after-guarantee writers would have left: a repayment plan and reminders for each disbursed loan
    // (none before disbursement), visit records after the visits; attachments for the collected materials.
    const ids480 = Array.from({ length: 480 }, (_, i) => seededLoanId(i));
    const { rows: byStage } = await db.query(
      `SELECT wi.stage,
              count(*)::int AS loans,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM repayment_plan p WHERE p.loan_id = wi.loan_id))::int AS plans,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM reminder r WHERE r.loan_id = wi.loan_id))::int AS reminded,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM reminder r WHERE r.loan_id = wi.loan_id AND r.state = 'SCHEDULED'))::int AS scheduled,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM visit_record v WHERE v.loan_id = wi.loan_id))::int AS visited,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM attachment a WHERE a.loan_id = wi.loan_id AND a.kind = 'B_POST_MATERIAL'))::int AS materials
         FROM workflow_instance wi WHERE wi.loan_id = ANY($1::uuid[]) GROUP BY wi.stage`,
      [ids480],
    );
    const at: Record<string, Record<string, number>> = Object.fromEntries(byStage.map((r: Record<string, number> & { stage: string }) => [r.stage, r]));
    for (const stage of ['afterGuarantee', 'release', 'closed']) {
      expect(at[stage].plans).toBe(at[stage].loans);
      // (the writer makes no reminder whose day had passed when the loan was lent: a few templates lend after their maturity day)
      expect(at[stage].reminded).toBeGreaterThan(at[stage].loans * 0.8);
    }
    // a closed loan's reminders were all cancelled by its release; visits only after guarantee
    expect(at.closed.scheduled).toBe(0);
    expect(at.release.visited).toBe(at.release.loans);
    for (const stage of ['collection', 'preReview', 'riskControl', 'disbursement', 'discontinued']) expect(at[stage].plans).toBe(0);
    for (const stage of ['preReview', 'withdrawal', 'afterGuarantee', 'closed']) expect(at[stage].materials).toBe(at[stage].loans);
    expect(at.collection.materials).toBeGreaterThan(0);
    expect(at.collection.materials).toBeLessThan(at.collection.loans);
    // every reminder's instalment and every attachment's file is the loan's own
    const { rows: strays } = await db.query(
      `SELECT (SELECT count(*)::int FROM reminder r JOIN repayment_instalment i ON i.id = r.instalment_id WHERE r.loan_id = ANY($1::uuid[]) AND i.loan_id <> r.loan_id) AS reminders,
              (SELECT count(*)::int FROM reminder r WHERE r.loan_id = ANY($1::uuid[]) AND r.kind = 'REPAYMENT' AND r.instalment_id IS NULL) AS orphans,
              (SELECT count(*)::int FROM attachment a JOIN attachment b ON b.file_id = a.file_id AND b.id <> a.id WHERE a.loan_id = ANY($1::uuid[])) AS files`,
      [ids480],
    );
    expect(strays[0]).toEqual({ reminders: 0, orphans: 0, files: 0 });

    // Run again: nothing written twice.
    const again = await seedScale(db, key, { loans: 480, batch: 60, verifySample: 0 });
    expect(again.written).toBe(0);
    expect(Object.values(again.steps).every((ms) => ms === 0)).toBe(true);
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
    // A seeded attachment is metadata only: downloading it (alone or in the loan's zip) answers a clean 404.
    const [attachment] = (await db.query(`SELECT id, loan_id FROM attachment WHERE loan_id = ANY($1::uuid[]) ORDER BY created_at LIMIT 1`, [ids480])).rows;
    const missing = await t.http.get(`/server/archives/files/${attachment.id}`).set('X-Platform-Token', admin);
    expect(missing.status).toBe(404);
    const zip = await t.http.get(`/server/archives/${attachment.loan_id}/zip`).set('X-Platform-Token', admin);
    expect(zip.status).toBe(404);
  });
});
