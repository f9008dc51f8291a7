import { daysBefore } from '@app/workflow';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { randomInt, randomUUID } from 'node:crypto';
import { DEMO_TEMPLATE_BANK } from '../../server/src/basic-data/demo-basic-data';
import { CloseOfBusinessHandler } from '../../server/src/close-of-business/close-of-business.handler';
import { CLOSE_OF_BUSINESS_CRON } from '../../server/src/close-of-business/close-of-business.run';
import { createDemoLoan, type DemoPeople } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { QUEUES } from '../../server/src/jobs/queues';
import { WorkerModule } from '../../server/src/worker.module';
import { count, ownerDb, startTestApp, AppHandle, tokenOf } from './support/app';
import { demoPeople, readExport, shanghaiDay, userWith } from './support/lists';

/**
 * The nightly close of business against the real PostgreSQL and Redis: its scheduler, one run per
 * company day (twice, or by two workers at once, it does the work once), resumed after a worker died
 * mid-run, and the overdue step's days past due and buckets from plan rows written here.
 */
describe('close of business', () => {
  let t: AppHandle;
  let worker: INestApplicationContext;
  let people: DemoPeople;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] });
  const prefix = `cob-test-${process.pid}`;
  /** The days this suite closes: today and the next two (company days), each closed by one test. */
  const [day1, day2, day3] = [shanghaiDay(0), shanghaiDay(1), shanghaiDay(2)];
  const loans: Record<number, string> = {};

  /** A loan after guarantee (the seed's machinery) whose live instalments are replaced by `instalments`. */
  async function overdueLoan(instalments: { dueOn: string; principalFen: number; repaidFen: number }[], prefix = '日终测试'): Promise<string> {
    const company = `${prefix}${randomUUID().slice(0, 8)}有限公司`;
    const startAt = new Date(Date.now() - 200 * 86_400_000).toISOString();
    const storage = new FileStorage(t.db, t.config);
    const row = await t.db.transaction((em) =>
      createDemoLoan(
        em,
        people,
        { stage: 'afterGuarantee', company, amount: 1_000_000, termMonths: 12, bank: DEMO_TEMPLATE_BANK },
        100_000 + randomInt(800_000),
        startAt,
        storage,
      ),
    );
    await t.db.query(`UPDATE repayment_instalment SET superseded_at = now() WHERE loan_id = $1 AND superseded_at IS NULL`, [row.loanId]);
    for (const [i, x] of instalments.entries()) {
      await t.db.query(`INSERT INTO repayment_instalment (loan_id, seq, due_on, principal_fen, repaid_fen, state) VALUES ($1, $2, $3, $4, $5, $6)`, [
        row.loanId,
        i + 1,
        x.dueOn,
        x.principalFen,
        x.repaidFen,
        x.repaidFen >= x.principalFen ? 'REPAID' : 'DUE',
      ]);
    }
    return row.loanId;
  }

  const overdueOf = async (loanId: string) =>
    (await t.db.query(`SELECT to_char(as_of, 'YYYY-MM-DD') AS "asOf", days_past_due AS dpd, bucket FROM loan_overdue WHERE loan_id = $1`, [loanId]))[0];
  const tableCounts = async () => ({
    changes: await count(t, `loan_overdue_day`),
    overdue: await count(t, `loan_overdue`),
    messages: await count(t, `message WHERE source_key LIKE 'overdue:%'`),
    snapshots: await count(t, `regulatory_snapshot`),
  });
  const steps = async (day: string) =>
    t.db.query(
      `SELECT step, position, attempts, finished_at IS NOT NULL AS finished, duration_ms AS "durationMs", rows_touched::int AS rows
         FROM close_of_business_step WHERE day = $1 ORDER BY position`,
      [day],
    );
  const handler = () => worker.get(CloseOfBusinessHandler);

  beforeAll(async () => {
    t = await startTestApp();
    for (const u of ['admin', 'apost', 'leader']) tokens[u] = await tokenOf(t, u);
    people = await demoPeople(t);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot({ ...t.config, queuePrefix: prefix }), { logger: ['error'] });
    await worker.init();
    // instalments overdue by 5, 40, 70 and 100 days on day1 (and a repaid or interest-only one that never counts)
    const due = (days: number) => daysBefore(day1, days);
    loans[5] = await overdueLoan([
      { dueOn: due(100), principalFen: 100_00, repaidFen: 100_00 },
      { dueOn: due(5), principalFen: 100_00, repaidFen: 40_00 },
      { dueOn: daysBefore(day1, -20), principalFen: 100_00, repaidFen: 0 },
    ]);
    loans[40] = await overdueLoan([
      { dueOn: due(70), principalFen: 0, repaidFen: 0 },
      { dueOn: due(40), principalFen: 100_00, repaidFen: 0 },
      { dueOn: due(10), principalFen: 100_00, repaidFen: 0 },
    ]);
    loans[70] = await overdueLoan([{ dueOn: due(70), principalFen: 500_00, repaidFen: 499_99 }]);
    loans[100] = await overdueLoan([
      { dueOn: due(100), principalFen: 100_00, repaidFen: 0 },
      { dueOn: due(70), principalFen: 100_00, repaidFen: 0 },
    ]);
    // due today: not yet past due
    loans[0] = await overdueLoan([{ dueOn: day1, principalFen: 100_00, repaidFen: 0 }]);
    // 10 days overdue on day1, repaid before day2 (cured); named outside the lists' filter of the others
    loans[-1] = await overdueLoan([{ dueOn: due(10), principalFen: 100_00, repaidFen: 0 }], '日终结清');
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    // the overdue messages its runs sent about every loan of the shared database (other suites read the inboxes' first page)
    const owner = await ownerDb();
    await owner.query(`DELETE FROM message WHERE source_key LIKE 'overdue:%'`).finally(() => owner.destroy());
    await t.close();
  });

  it('schedules itself once per company day at the worker start (a fixed scheduler id, company time zone)', async () => {
    const queue = worker.get<Queue>(getQueueToken(QUEUES.maintenance));
    const scheduler = await queue.getJobScheduler('close-of-business');
    expect(scheduler).toMatchObject({ pattern: CLOSE_OF_BUSINESS_CRON, tz: 'Asia/Shanghai', name: 'close-of-business' });
    // a second worker upserting it keeps one
    await handler().onApplicationBootstrap();
    expect((await queue.getJobSchedulers()).filter((s) => s.key === 'close-of-business' || s.id === 'close-of-business')).toHaveLength(1);
  });

  it('computes days past due and buckets (5, 40, 70, 100 days), tells officers and leaders once; a second run for the day changes nothing', async () => {
    const before = await tableCounts();
    const first = await handler().handle({ day: day1 });
    expect(first).toMatchObject({ day: day1, ran: true });
    expect(await overdueOf(loans[5])).toEqual({ asOf: day1, dpd: 5, bucket: 'D1_30' });
    expect(await overdueOf(loans[40])).toEqual({ asOf: day1, dpd: 40, bucket: 'D31_60' });
    expect(await overdueOf(loans[70])).toEqual({ asOf: day1, dpd: 70, bucket: 'D61_90' });
    expect(await overdueOf(loans[100])).toEqual({ asOf: day1, dpd: 100, bucket: 'D90_PLUS' });
    expect(await overdueOf(loans[0])).toBeUndefined();
    for (const dpd of [5, 40, 70, 100]) {
      const [change] = await t.db.query(`SELECT days_past_due, bucket, previous_bucket FROM loan_overdue_day WHERE loan_id = $1 AND day = $2`, [
        loans[dpd],
        day1,
      ]);
      expect(change).toMatchObject({ days_past_due: dpd, previous_bucket: null });
      // A-post, B-post and the leader: one message each, in their language
      const messages = await t.db.query(`SELECT user_id, title, content, type FROM message WHERE source_key = $1`, [`overdue:${loans[dpd]}:${day1}`]);
      expect(messages.map((m: { user_id: string }) => m.user_id).sort()).toEqual([people.apost, people.bpost, people.leader].sort());
      expect(messages[0].title).toMatch(/^逾期提醒：日终测试/);
      expect(messages[0].content).toContain(`已逾期 ${dpd} 天`);
    }
    expect(await count(t, `message WHERE source_key = $1`, [`overdue:${loans[0]}:${day1}`])).toBe(0);
    expect(await count(t, `regulatory_snapshot WHERE day = $1 AND figures ? 'balanceFen'`, [day1])).toBe(1);
    const afterFirst = await tableCounts();
    expect(afterFirst.messages - before.messages).toBeGreaterThanOrEqual(12);
    expect(await steps(day1)).toEqual([
      { step: 'overdue', position: 1, attempts: 1, finished: true, durationMs: expect.any(Number), rows: expect.any(Number) },
      { step: 'notify', position: 2, attempts: 1, finished: true, durationMs: expect.any(Number), rows: afterFirst.messages - before.messages },
      { step: 'snapshot', position: 3, attempts: 1, finished: true, durationMs: expect.any(Number), rows: 1 },
    ]);

    // Again for the same day: the run is finished, nothing is done; even a step redone by force writes nothing.
    expect(await handler().handle({ day: day1 })).toEqual({ day: day1, ran: false, reason: 'finished-or-running' });
    await t.db.query(`UPDATE close_of_business_run SET finished_at = NULL WHERE day = $1`, [day1]);
    await t.db.query(`UPDATE close_of_business_step SET finished_at = NULL, duration_ms = NULL WHERE day = $1`, [day1]);
    const redone = await handler().handle({ day: day1 });
    expect(redone).toMatchObject({
      ran: true,
      steps: [
        { step: 'overdue', rows: 0 },
        { step: 'notify', rows: 0 },
        { step: 'snapshot', rows: 0 },
      ],
    });
    expect(await tableCounts()).toEqual(afterFirst);
    expect(await overdueOf(loans[100])).toEqual({ asOf: day1, dpd: 100, bucket: 'D90_PLUS' });

    // the queue page's API shows the run and its steps, to administrators only
    const page = await t.http.get('/server/admin/close-of-business').set(as('admin')).expect(200);
    const run = page.body.data.runs.find((r: { day: string }) => r.day === day1);
    expect(run).toMatchObject({ finishedAt: expect.any(String), attempts: 2 });
    expect(run.steps.map((s: { step: string; attempts: number }) => [s.step, s.attempts])).toEqual([
      ['overdue', 2],
      ['notify', 2],
      ['snapshot', 2],
    ]);
    await t.http.get('/server/admin/close-of-business').set(as('apost')).expect(403);
  }, 60_000);

  it('two workers at once: the run is done once', async () => {
    const before = await tableCounts();
    await t.db.query(`UPDATE repayment_instalment SET repaid_fen = principal_fen, state = 'REPAID' WHERE loan_id = $1`, [loans[-1]]);
    const other = new CloseOfBusinessHandler(t.db, worker.get<Queue>(getQueueToken(QUEUES.maintenance)));
    const outcomes = await Promise.all([handler().handle({ day: day2 }), other.handle({ day: day2 })]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ran)).toEqual([{ day: day2, ran: false, reason: 'finished-or-running' }]);
    expect((await steps(day2)).map((s: { step: string; attempts: number; finished: boolean }) => [s.step, s.attempts, s.finished])).toEqual([
      ['overdue', 1, true],
      ['notify', 1, true],
      ['snapshot', 1, true],
    ]);
    // A day later the overdue loans only ran on by a day: no change, no message. The loan due on day1 is now
    // one day past due: a change, and its three messages. One more snapshot.
    const after = await tableCounts();
    expect(await overdueOf(loans[40])).toEqual({ asOf: day2, dpd: 41, bucket: 'D31_60' });
    expect(await count(t, `loan_overdue_day WHERE loan_id = ANY($1) AND day = $2`, [[loans[5], loans[40], loans[70], loans[100]], day2])).toBe(0);
    expect(await count(t, `message WHERE source_key = ANY($1)`, [[5, 40, 70, 100].map((d) => `overdue:${loans[d]}:${day2}`)])).toBe(0);
    expect(await overdueOf(loans[0])).toEqual({ asOf: day2, dpd: 1, bucket: 'D1_30' });
    expect(await count(t, `message WHERE source_key = $1`, [`overdue:${loans[0]}:${day2}`])).toBe(3);
    // the loan repaid since day1 is cured: it leaves the overdue table, and its three people hear of it
    expect(await overdueOf(loans[-1])).toBeUndefined();
    const [cure] = await t.db.query(`SELECT bucket, previous_bucket FROM loan_overdue_day WHERE loan_id = $1 AND day = $2`, [loans[-1], day2]);
    expect(cure).toEqual({ bucket: null, previous_bucket: 'D1_30' });
    const cured = await t.db.query(`SELECT title, content FROM message WHERE source_key = $1`, [`overdue:${loans[-1]}:${day2}`]);
    expect(cured).toHaveLength(3);
    expect(cured[0].title).toMatch(/^逾期已结清：日终结清/);
    expect(cured[0].content).toBe(`贷款截至 ${day2} 已无逾期（此前：「逾期1-30天」）。`);
    expect(after.messages).toBeGreaterThanOrEqual(before.messages + 6);
    expect(after.snapshots).toBe(before.snapshots + 1);
  }, 60_000);

  it('killed mid-run (a step started and not finished): the next start finishes it, a finished step is not redone', async () => {
    await t.db.query(`INSERT INTO close_of_business_run (day) VALUES ($1)`, [day3]);
    const overdueDone = new Date(Date.now() - 60_000);
    await t.db.query(
      `INSERT INTO close_of_business_step (day, step, position, started_at, finished_at, duration_ms, rows_touched) VALUES ($1, 'overdue', 1, $2, $2, 5, 0)`,
      [day3, overdueDone],
    );
    await t.db.query(`INSERT INTO close_of_business_step (day, step, position, started_at) VALUES ($1, 'notify', 2, now())`, [day3]);
    // the overdue step "finished" before the kill, so the loans are as it left them (day2): it is not run again
    const outcome = await handler().handle({ day: day3 });
    expect(outcome).toMatchObject({
      ran: true,
      steps: [
        { step: 'overdue', skipped: true },
        { step: 'notify', skipped: false },
        { step: 'snapshot', skipped: false },
      ],
    });
    expect((await steps(day3)).map((s: { step: string; attempts: number; finished: boolean }) => [s.step, s.attempts, s.finished])).toEqual([
      ['overdue', 1, true],
      ['notify', 2, true],
      ['snapshot', 1, true],
    ]);
    const [{ finished_at }] = await t.db.query(`SELECT finished_at FROM close_of_business_step WHERE day = $1 AND step = 'overdue'`, [day3]);
    expect(new Date(finished_at).getTime()).toBe(overdueDone.getTime());
    expect(await overdueOf(loans[40])).toEqual({ asOf: day2, dpd: 41, bucket: 'D31_60' });
    const [run] = await t.db.query(`SELECT finished_at, attempts FROM close_of_business_run WHERE day = $1`, [day3]);
    expect(run).toMatchObject({ finished_at: expect.any(Date), attempts: 2 });
  }, 60_000);

  it('the overdue list and the ledger show, filter and sort by days past due and bucket (keyset pages too); the dashboard counts per bucket', async () => {
    // as the last overdue step (day2) left them
    const mine = { companyName: '日终测试' };
    const list = async (name: string, query: Record<string, unknown>, user = 'leader') =>
      (
        await t.http
          .get(`/server/worklists/${name}`)
          .query({ ...mine, ...query })
          .set(as(user))
          .expect(200)
      ).body.data;
    const shown = (page: { list: { id: string; daysPastDue: number | null; overdueBucket: string | null }[] }) =>
      page.list.filter((r) => Object.values(loans).includes(r.id)).map((r) => [r.daysPastDue, r.overdueBucket]);
    const sorted = await list('overdueList', { sort: 'daysPastDue', order: 'desc', pageSize: 50 });
    expect(shown(sorted).slice(0, 5)).toEqual([
      [101, 'D90_PLUS'],
      [71, 'D61_90'],
      [41, 'D31_60'],
      [6, 'D1_30'],
      [1, 'D1_30'],
    ]);
    const first = await list('overdueList', { sort: 'daysPastDue', order: 'desc', pageSize: 2 });
    expect(first.list.map((r: { daysPastDue: number }) => r.daysPastDue)).toEqual([101, 71]);
    const second = await list('overdueList', { sort: 'daysPastDue', order: 'desc', pageSize: 2, cursor: first.nextCursor });
    expect(second.list.map((r: { daysPastDue: number }) => r.daysPastDue)).toEqual([41, 6]);
    expect(shown(await list('overdueList', { overdueBucket: 'D90_PLUS' }))).toEqual([[101, 'D90_PLUS']]);
    const atLeast = await list('ledgerList', { daysPastDueMin: 41, sort: 'daysPastDue', order: 'asc' }, 'admin');
    expect(shown(atLeast)).toEqual([
      [41, 'D31_60'],
      [71, 'D61_90'],
      [101, 'D90_PLUS'],
    ]);
    expect(atLeast.total).toBe(3);
    await t.http.get('/server/worklists/overdueList').query({ daysPastDueMin: 0 }).set(as('leader')).expect(400);
    await t.http.get('/server/worklists/overdueList').query({ overdueBucket: "x' OR 1=1" }).set(as('leader')).expect(400);

    const counts = (await t.http.get('/server/statistics/overdue-buckets').set(as('leader')).expect(200)).body.data;
    expect(counts.buckets.map((b: { key: string }) => b.key)).toEqual(['D1_30', 'D31_60', 'D61_90', 'D90_PLUS']);
    const byKey = Object.fromEntries(counts.buckets.map((b: { key: string; count: number }) => [b.key, b.count]));
    const [db] = await t.db.query(
      `SELECT count(*) FILTER (WHERE bucket = 'D1_30')::int AS a, count(*) FILTER (WHERE bucket = 'D90_PLUS')::int AS d, count(*)::int AS n
         FROM loan_overdue o JOIN workflow_instance w ON w.loan_id = o.loan_id AND w.stage = 'afterGuarantee'`,
    );
    expect(byKey.D1_30).toBe(db.a);
    expect(byKey.D1_30).toBeGreaterThanOrEqual(2);
    expect(byKey.D90_PLUS).toBe(db.d);
    expect(counts.total).toBe(db.n);
    // the last day whose overdue step finished (day3's, as the killed run left it)
    expect(counts.asOf).toBe(day3);
  }, 60_000);

  it("the lists' exports write the bucket's words in the export's language, not its key", async () => {
    // this suite's loans (a shared database may hold others of an earlier run under the same prefix)
    const names = new Map<string, number>(
      (await t.db.query(`SELECT c.name, l.id FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = ANY($1::uuid[])`, [Object.values(loans)])).map(
        (r: { name: string; id: string }) => [r.name, Number(Object.entries(loans).find(([, id]) => id === r.id)![0])],
      ),
    );
    const mine = (rows: string[][], column: number) =>
      rows
        .filter((r) => names.has(r[0]))
        .map((r) => [names.get(r[0]), r[column]])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    const url = `/server/worklists/overdueList/export?companyName=${encodeURIComponent('日终测试')}&overdueBucket=D31_60`;
    const zh = await readExport(t, url, tokens.leader);
    const zhColumn = zh.headers.indexOf('逾期分档');
    expect(zhColumn).toBeGreaterThan(0);
    expect(mine(zh.rows, zhColumn)).toEqual([[40, '逾期31-60天']]);
    const en = await readExport(t, url, tokens.leader, 'en');
    expect(mine(en.rows, en.headers.indexOf('Overdue bucket'))).toEqual([[40, '31-60 days past due']]);
    const ledger = await readExport(t, `/server/worklists/ledgerList/export?companyName=${encodeURIComponent('日终测试')}`, tokens.admin, 'en');
    expect(mine(ledger.rows, ledger.headers.indexOf('Overdue bucket'))).toEqual([
      [0, '1-30 days past due'],
      [5, '1-30 days past due'],
      [40, '31-60 days past due'],
      [70, '61-90 days past due'],
      [100, 'Over 90 days past due'],
    ]);
  }, 60_000);

  it('the buckets in force are read by anyone holding overdue_list or ledger_list; changing them stays with administrators', async () => {
    const keys = ['D1_30', 'D31_60', 'D61_90', 'D90_PLUS'];
    for (const permissions of [['overdue_list'], ['ledger_list']]) {
      const { token } = await userWith(t, permissions);
      const res = await t.http.get('/server/overdue-buckets').set('X-Platform-Token', token).expect(200);
      expect(res.body.data.buckets.map((b: { key: string }) => b.key)).toEqual(keys);
      expect(res.body.data.buckets[1]).toEqual({ key: 'D31_60', fromDay: 31, toDay: 60, label: { zh: '逾期31-60天', en: '31-60 days past due' } });
      expect(res.body.data.custom).toBe(false);
      // the administrators' routes stay theirs
      await t.http.get('/server/admin/close-of-business/buckets').set('X-Platform-Token', token).expect(403);
      await t.http.put('/server/admin/close-of-business/buckets').set('X-Platform-Token', token).send({ buckets: res.body.data.buckets }).expect(403);
    }
    await t.http.get('/server/overdue-buckets').set(as('admin')).expect(200);
    const { token: neither } = await userWith(t, ['loan_list']);
    await t.http.get('/server/overdue-buckets').set('X-Platform-Token', neither).expect(403);
    await t.http.get('/server/overdue-buckets').expect(401);
    expect(await count(t, `overdue_bucket_settings`)).toBe(0);
  });

  it('buckets are an administrator setting, checked: a gap is refused in both languages; the default until set', async () => {
    const current = await t.http.get('/server/admin/close-of-business/buckets').set(as('admin')).expect(200);
    expect(current.body.data.buckets.map((b: { key: string }) => b.key)).toEqual(['D1_30', 'D31_60', 'D61_90', 'D90_PLUS']);
    const gap = {
      buckets: [
        { key: 'A', fromDay: 1, toDay: 10, label: { zh: '甲', en: 'A' } },
        { key: 'B', fromDay: 12, toDay: null, label: { zh: '乙', en: 'B' } },
      ],
    };
    const zh = await t.http.put('/server/admin/close-of-business/buckets').set(as('admin')).send(gap).expect(400);
    expect(zh.body.message).toMatch(/^逾期分档设置无效/);
    const en = await t.http.put('/server/admin/close-of-business/buckets').set(as('admin')).set('Accept-Language', 'en').send(gap).expect(400);
    expect(en.body.message).toMatch(/^The overdue buckets are not valid: bucket 2 must start on day 11/);
    await t.http.put('/server/admin/close-of-business/buckets').set(as('apost')).send(current.body.data).expect(403);
    expect(await count(t, `overdue_bucket_settings`)).toBe(0);
    expect(await count(t, `operator_trail WHERE detail->>'setting' = 'overdue-buckets'`)).toBe(0);

    // set (the defaults again, so that the later tests read the same buckets): a row and its trail, before and after
    const defaults = { buckets: current.body.data.buckets.map(({ key, fromDay, toDay, label }: Record<string, unknown>) => ({ key, fromDay, toDay, label })) };
    await t.http.put('/server/admin/close-of-business/buckets').set(as('admin')).send(defaults).expect(200);
    expect(await count(t, `overdue_bucket_settings`)).toBe(1);
    const [trail] = await t.db.query(`SELECT before, after FROM operator_trail WHERE detail->>'setting' = 'overdue-buckets'`);
    expect(trail.before.buckets.map((b: { key: string }) => b.key)).toEqual(['D1_30', 'D31_60', 'D61_90', 'D90_PLUS']);
    expect(trail.after).toEqual(defaults);
  });
});
