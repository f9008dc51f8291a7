import { addMonthsClamped, daysBefore } from '@app/workflow';
import { getQueueToken } from '@nestjs/bullmq';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { DEMO_TEMPLATE_BANK, seedDemoBasicData } from '../../server/src/basic-data/demo-basic-data';
import { Clock } from '../../server/src/common/clock';
import { companyDay } from '../../server/src/common/company-time';
import { createRedis } from '../../server/src/jobs/redis';
import { QUEUES } from '../../server/src/jobs/queues';
import { createDemoLoan, DemoPeople } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { ReminderJobsHandler } from '../../server/src/reminders/reminder-jobs.handler';
import { WorkerModule } from '../../server/src/worker.module';
import { bootTestApp, count, TestApp, tokenOf } from './support/app';
import { sendEvent } from './support/loans';
import { waitFor } from './support/wait';

const DAY = 86_400_000;
const ROOT = path.resolve(__dirname, '../..');

interface ReminderView {
  id: string;
  kind: 'REPAYMENT' | 'MATURITY';
  dueAt: string;
  fireAt: string;
  state: 'SCHEDULED' | 'SENT' | 'CANCELLED';
  jobId: string;
  queued: boolean;
}

/**
 * Repayment plan and reminders against the real PostgreSQL and Redis: the API writes the plan and its
 * reminders with VOUCHER_CONFIRM, a worker (BullMQ processors, the horizon job, the outbox relay)
 * sends them. Time moves by the server clock's offset, never by sleeping.
 */
describe('repayment plan and reminders (BullMQ)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let workerOpen = false;
  let people: DemoPeople;
  const tokens: Record<string, string> = {};
  const prefix = `reminders-test-${process.pid}`;
  let n = 0;

  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] });
  const reminders = async (loanId: string): Promise<ReminderView[]> => {
    const res = await t.http.get(`/server/loans/${loanId}/reminders`).set(as('apost')).expect(200);
    return res.body.data;
  };
  const version = async (loanId: string): Promise<number> =>
    (await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].version;
  const startWorker = async () => {
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), { logger: ['error'] });
    await worker.init();
    workerOpen = true;
  };

  /** A loan driven by the real machine to disbursement (voucher uploaded), of a loan type of its own. */
  async function loanAwaitingDisbursement(termMonths: number, type: { lead: number; offsets: number[] }) {
    n += 1;
    const typeName = `提醒测试贷款${randomUUID().slice(0, 8)}`;
    await t.db.query(
      `INSERT INTO loan_type (name, fee_rate_bp, repayment_reminder_days, maturity_reminder_days, maturity_reminder_offsets) VALUES ($1, 150, $2, 30, $3)`,
      [typeName, type.lead, type.offsets],
    );
    const row = await t.db.transaction((em) =>
      createDemoLoan(
        em,
        people,
        { stage: 'disbursement', company: `提醒测试公司${randomUUID().slice(0, 8)}`, amount: 1_200_000, termMonths, bank: DEMO_TEMPLATE_BANK },
        900 + n,
        new Date(Date.now() - 10 * DAY).toISOString(),
        // the contract and letter steps write their documents from the bank's templates
        t.app.get(FileStorage),
      ),
    );
    await t.db.query(`UPDATE loan SET loan_type = $2 WHERE id = $1`, [row.loanId, typeName]);
    return row.loanId;
  }

  async function disburse(loanId: string, disbursedOn: string, amountFen = 1_200_000_00) {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await t.http.post(`/server/loans/${loanId}/disbursement-voucher`).set(as('apost')).attach('file', pdf, '放款凭证.pdf').expect(201);
    await sendEvent(t, tokens.apost, loanId, 'VOUCHER_UPLOAD', await version(loanId)).expect(200);
    await sendEvent(t, tokens.finance, loanId, 'VOUCHER_CONFIRM', await version(loanId), { disbursedOn, disbursedAmountFen: amountFen }).expect(200);
  }

  beforeAll(async () => {
    t = await bootTestApp({ queuePrefix: prefix });
    for (const u of ['apost', 'finance', 'admin', 'bpost']) tokens[u] = await tokenOf(t, u);
    const ids: Record<string, string> = {};
    for (const r of await t.db.query(`SELECT id, username FROM app_user`)) ids[r.username] = r.id;
    const [{ n: banks }] = await t.db.query(`SELECT count(*)::int AS n FROM bank WHERE name = $1`, [DEMO_TEMPLATE_BANK]);
    if (!banks) await t.db.transaction((em) => seedDemoBasicData(em, t.app.get(FileStorage), ids.admin));
    people = {
      apost: ids.apost,
      bpost: ids.bpost,
      admin: ids.admin,
      prereview: ids.prereview,
      leader: ids.leader,
      finance: ids.finance,
      zb: [ids.zb1, ids.zb2, ids.zb3],
      bs: [ids.bs1, ids.bs2, ids.bs3],
    };
    await startWorker();
  }, 60_000);

  afterAll(async () => {
    Clock.offsetMs = 0;
    delete process.env.REMINDER_HORIZON_DAYS;
    if (workerOpen) await worker.close();
    await t.close();
  });

  afterEach(() => {
    Clock.offsetMs = 0;
    delete process.env.REMINDER_HORIZON_DAYS;
  });

  it('DISBURSED writes the plan and schedules each reminder at its fire time; the clock moved on, the due one is sent once', async () => {
    expect(t.config.companyTimeZone).toBe('Asia/Shanghai');
    const loanId = await loanAwaitingDisbursement(3, { lead: 10, offsets: [30, 7] });
    const today = companyDay(new Date());
    await disburse(loanId, today);

    // BULLET by default: the whole amount lent at maturity
    const plan = (await t.http.get(`/server/loans/${loanId}/repayment-plan`).set(as('apost')).expect(200)).body.data;
    const maturity = addMonthsClamped(today, 3);
    expect(plan).toMatchObject({ method: 'BULLET', disbursedOn: today, principalFen: 1_200_000_00, termMonths: 3, maturityOn: maturity });
    expect(plan.instalments).toEqual([
      { id: expect.any(String), seq: 1, dueOn: maturity, principalFen: 1_200_000_00, interestFen: null, repaidFen: 0, state: 'DUE', voucher: null },
    ]);

    // 09:00 in Shanghai is 01:00 UTC
    const at9 = (day: string) => `${day}T01:00:00.000Z`;
    const list = await reminders(loanId);
    expect(list.map(({ kind, dueAt, fireAt, state }) => ({ kind, dueAt, fireAt, state }))).toEqual([
      { kind: 'MATURITY', dueAt: at9(maturity), fireAt: at9(daysBefore(maturity, 30)), state: 'SCHEDULED' },
      { kind: 'REPAYMENT', dueAt: at9(maturity), fireAt: at9(daysBefore(maturity, 10)), state: 'SCHEDULED' },
      { kind: 'MATURITY', dueAt: at9(maturity), fireAt: at9(daysBefore(maturity, 7)), state: 'SCHEDULED' },
    ]);
    for (const r of list) expect(r.jobId).toBe(`reminder-${r.id}`);
    // more than a week ahead: none of them waits in Redis yet
    expect(list.every((r) => !r.queued)).toBe(true);

    // Five days before the 30-day reminder: the horizon (7 days) now takes it, as a delayed job.
    const first = list[0];
    Clock.offsetMs = Date.parse(first.fireAt) - 5 * DAY - Date.now();
    const queue = worker.get<Queue>(getQueueToken(QUEUES.reminders));
    await worker.get(ReminderJobsHandler).handle({} as never, { name: 'reminders.horizon' } as never);
    const queued = await reminders(loanId);
    expect(queued.map((r) => r.queued)).toEqual([true, false, false]);
    const job = await queue.getJob(first.jobId);
    expect(await job!.getState()).toBe('delayed');
    // its delay is what is left until the fire time by the server clock (five days), give or take the run
    expect(Math.abs(job!.opts.delay! - 5 * DAY)).toBeLessThan(60_000);

    // The clock reaches the fire time: the job runs now, and both officers get one message each.
    Clock.offsetMs = Date.parse(first.fireAt) + 60_000 - Date.now();
    await job!.promote();
    await waitFor('the reminder sent', async () => (await reminders(loanId))[0].state === 'SENT');
    const messages = await t.db.query(`SELECT user_id, type, title, content FROM message WHERE source_key = $1 ORDER BY user_id`, [`reminder:${first.id}`]);
    expect(messages.map((m: { user_id: string }) => m.user_id).sort()).toEqual([people.apost, people.bpost].sort());
    expect(messages[0].type).toBe('REMINDER');
    expect(messages[0].title).toMatch(/^到期提醒：提醒测试公司/);
    expect(messages[0].content).toBe(`贷款将于 ${maturity} 到期（还有 30 天）。`);
    const [sent] = await t.db.query(`SELECT state, late, sent_at FROM reminder WHERE id = $1`, [first.id]);
    expect(sent).toMatchObject({ state: 'SENT', late: false });
    // the rest wait their turn
    expect((await reminders(loanId)).slice(1).map((r) => r.state)).toEqual(['SCHEDULED', 'SCHEDULED']);
  }, 60_000);

  it('a reminder job run twice (even at once) sends one message per officer; a late one is marked late', async () => {
    const loanId = await loanAwaitingDisbursement(2, { lead: 5, offsets: [1] });
    await disburse(loanId, companyDay(new Date()));
    const [first] = await reminders(loanId);
    // two days after its fire time: late
    Clock.offsetMs = Date.parse(first.fireAt) + 2 * DAY - Date.now();
    const handler = worker.get(ReminderJobsHandler);
    const job = { name: 'reminder.fire' } as never;
    const results = await Promise.all([handler.handle({ reminderId: first.id }, job), handler.handle({ reminderId: first.id }, job)]);
    expect(results).toEqual(expect.arrayContaining([{ sent: 2 }, { skipped: 'SENT' }]));
    expect(await handler.handle({ reminderId: first.id }, job)).toEqual({ skipped: 'SENT' });
    expect(await count(t, `message WHERE source_key = $1`, [`reminder:${first.id}`])).toBe(2);
    const [row] = await t.db.query(`SELECT state, late FROM reminder WHERE id = $1`, [first.id]);
    expect(row).toEqual({ state: 'SENT', late: true });
    // the English-speaking officer reads it in English
    await t.db.query(`UPDATE app_user SET language = 'en' WHERE id = $1`, [people.bpost]);
    try {
      const second = (await reminders(loanId))[1];
      Clock.offsetMs = Date.parse(second.fireAt) + 60_000 - Date.now();
      expect(await handler.handle({ reminderId: second.id }, job)).toEqual({ sent: 2 });
      const [en] = await t.db.query(`SELECT title, content FROM message WHERE source_key = $1 AND user_id = $2`, [`reminder:${second.id}`, people.bpost]);
      expect(en.title).toMatch(/^(Repayment|Maturity) reminder: /);
    } finally {
      await t.db.query(`UPDATE app_user SET language = 'zh-CN' WHERE id = $1`, [people.bpost]);
    }
  }, 60_000);

  it('edits the plan with a reason (an event), and a repaid instalment cancels its reminder and removes its job', async () => {
    process.env.REMINDER_HORIZON_DAYS = '400';
    const loanId = await loanAwaitingDisbursement(3, { lead: 3, offsets: [15] });
    const today = companyDay(new Date());
    await disburse(loanId, today);

    // equal instalments need a rate: refused in both languages, nothing written
    const before = await version(loanId);
    const noRate = await sendEvent(t, tokens.apost, loanId, 'REPAYMENT_PLAN_EDIT', before, { method: 'EQUAL_INSTALMENT', reason: '客户申请' })
      .set('Accept-Language', 'en')
      .expect(400);
    expect(noRate.body).toMatchObject({ code: 'A10002', message: 'Equal instalments need an annual interest rate (annualRatePercent)' });
    const noRateZh = await sendEvent(t, tokens.apost, loanId, 'REPAYMENT_PLAN_EDIT', before, { method: 'EQUAL_INSTALMENT', reason: '客户申请' }).expect(400);
    expect(noRateZh.body.message).toBe('等额本息需要年利率（annualRatePercent）');
    expect(await version(loanId)).toBe(before);
    // finance may record repayments but not edit the plan
    await sendEvent(t, tokens.finance, loanId, 'REPAYMENT_PLAN_EDIT', before, { method: 'EQUAL_PRINCIPAL', reason: '客户申请' }).expect(403);

    const bullet = await reminders(loanId);
    await sendEvent(t, tokens.apost, loanId, 'REPAYMENT_PLAN_EDIT', before, { method: 'EQUAL_PRINCIPAL', reason: '银行要求按月还本' }).expect(200);
    const [edit] = await t.db.query(`SELECT payload FROM workflow_event WHERE loan_id = $1 AND seq = $2`, [loanId, before + 1]);
    expect(edit.payload).toEqual({ method: 'EQUAL_PRINCIPAL', reason: '银行要求按月还本' });
    const plan = (await t.http.get(`/server/loans/${loanId}/repayment-plan`).set(as('apost')).expect(200)).body.data;
    expect(plan.instalments.map((i: { principalFen: number; dueOn: string }) => [i.dueOn, i.principalFen])).toEqual([
      [addMonthsClamped(today, 1), 400_000_00],
      [addMonthsClamped(today, 2), 400_000_00],
      [addMonthsClamped(today, 3), 400_000_00],
    ]);
    const list = await reminders(loanId);
    // the bullet's reminders were replaced
    for (const old of bullet) expect(list.find((r) => r.id === old.id)?.state).toBe('CANCELLED');
    const live = list.filter((r) => r.state === 'SCHEDULED');
    expect(live.map((r) => [r.kind, r.fireAt])).toEqual([
      ['REPAYMENT', `${daysBefore(addMonthsClamped(today, 1), 3)}T01:00:00.000Z`],
      ['REPAYMENT', `${daysBefore(addMonthsClamped(today, 2), 3)}T01:00:00.000Z`],
      ['MATURITY', `${daysBefore(addMonthsClamped(today, 3), 15)}T01:00:00.000Z`],
      ['REPAYMENT', `${daysBefore(addMonthsClamped(today, 3), 3)}T01:00:00.000Z`],
    ]);
    // queue them (a horizon long enough for all)
    await t.http.post('/server/admin/reminders/reconcile').set(as('admin')).expect(200);
    expect((await reminders(loanId)).filter((r) => r.state === 'SCHEDULED').every((r) => r.queued)).toBe(true);

    // more than outstanding: refused, nothing written
    const v = await version(loanId);
    await sendEvent(t, tokens.finance, loanId, 'RECORD_REPAYMENT', v, { amount: 1_200_000.01 }).expect(409);
    expect((await t.db.query(`SELECT repaid_fen::int FROM repayment_plan WHERE loan_id = $1`, [loanId]))[0].repaid_fen).toBe(0);

    // part of the first instalment: nothing repaid yet
    await sendEvent(t, tokens.finance, loanId, 'RECORD_REPAYMENT', v, { amount: 100_000 }).expect(200);
    expect((await reminders(loanId)).filter((r) => r.state === 'SCHEDULED')).toHaveLength(4);
    // the rest of it: instalment 1 REPAID, its reminder cancelled in the same step, its job removed after
    await sendEvent(t, tokens.finance, loanId, 'RECORD_REPAYMENT', v + 1, { amount: 300_000 }).expect(200);
    const firstReminder = live[0];
    const after = await reminders(loanId);
    expect(after.find((r) => r.id === firstReminder.id)!.state).toBe('CANCELLED');
    const [instalment] = await t.db.query(`SELECT state, repaid_fen::int FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL AND seq = 1`, [
      loanId,
    ]);
    expect(instalment).toEqual({ state: 'REPAID', repaid_fen: 400_000_00 });
    const queue = worker.get<Queue>(getQueueToken(QUEUES.reminders));
    await waitFor('the cancelled job removed', async () => !(await queue.getJob(firstReminder.jobId)));
    const still = (await reminders(loanId)).filter((r) => r.state === 'SCHEDULED');
    expect(still).toHaveLength(3);
    expect(still.every((r) => r.queued)).toBe(true);

    // the rest of the principal: the loan moves to release, every remaining reminder is cancelled
    await sendEvent(t, tokens.finance, loanId, 'RECORD_REPAYMENT', v + 2, { amount: 800_000, earlySettlement: true }).expect(200);
    const done = await reminders(loanId);
    expect(done.filter((r) => r.state === 'SCHEDULED')).toEqual([]);
    await waitFor('every job removed', async () => (await reminders(loanId)).every((r) => !r.queued));
  }, 90_000);

  it('FLUSHDB loses nothing: the reconcile (administrators only) queues every scheduled reminder again, once', async () => {
    process.env.REMINDER_HORIZON_DAYS = '400';
    const loanId = await loanAwaitingDisbursement(6, { lead: 7, offsets: [30, 15, 7, 1] });
    await disburse(loanId, companyDay(new Date()));
    await sendEvent(t, tokens.apost, loanId, 'REPAYMENT_PLAN_EDIT', await version(loanId), {
      method: 'EQUAL_INSTALMENT',
      annualRatePercent: 4.35,
      reason: '按合同等额本息',
    }).expect(200);
    const first = await t.http.post('/server/admin/reminders/reconcile').set(as('admin')).expect(200);
    const scheduled = (await reminders(loanId)).filter((r) => r.state === 'SCHEDULED');
    expect(scheduled).toHaveLength(6 + 4);
    expect(scheduled.every((r) => r.queued)).toBe(true);

    const redis = createRedis(t.config.redisUrl);
    try {
      await redis.flushdb();
    } finally {
      redis.disconnect();
    }
    expect((await reminders(loanId)).some((r) => r.queued)).toBe(false);

    await t.http.post('/server/admin/reminders/reconcile').expect(401);
    await t.http.post('/server/admin/reminders/reconcile').set(as('apost')).expect(403);
    const res = await t.http.post('/server/admin/reminders/reconcile').set(as('admin')).expect(200);
    const inHorizon = await count(t, `reminder WHERE state = 'SCHEDULED' AND fire_at <= now() + interval '400 days'`);
    expect(res.body.data).toEqual({ scanned: inHorizon, queued: inHorizon });
    expect(res.body.data.scanned).toBe(first.body.data.scanned);
    const back = (await reminders(loanId)).filter((r) => r.state === 'SCHEDULED');
    expect(back.map((r) => r.id)).toEqual(scheduled.map((r) => r.id));
    expect(back.every((r) => r.queued)).toBe(true);

    // again: the same job ids, nothing doubled
    await t.http.post('/server/admin/reminders/reconcile').set(as('admin')).expect(200);
    const queue = worker.get<Queue>(getQueueToken(QUEUES.reminders));
    const delayed = await queue.getDelayed();
    const ours = new Set(scheduled.map((r) => r.jobId));
    expect(delayed.filter((j) => ours.has(j.id!)).length).toBe(scheduled.length);
  }, 60_000);

  it('kill -9 of the worker process in the middle of a burst of due reminders, then a restart: each one sent once, none lost', async () => {
    // a real worker process (the built one, as `npm start` runs it): build it when its sources changed
    const built = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('./scripts/lib.mjs'); m.buildIfStale(['workflow', 'server']);"],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    expect(built.status).toBe(0);
    // only the child works the queue from here on
    await worker.close();
    workerOpen = false;
    const loanId = await loanAwaitingDisbursement(12, { lead: 7, offsets: [1] });
    await disburse(loanId, companyDay(new Date()));
    const BURST = 200;
    const ids: string[] = (
      await t.db.query(
        `INSERT INTO reminder (loan_id, kind, due_at, fire_at, job_id)
         SELECT $1, 'MATURITY', now() + interval '1 day', now() - interval '1 minute', 'reminder-burst-' || g || '-' || $2 FROM generate_series(1, $3) g
         RETURNING id`,
        [loanId, process.pid, BURST],
      )
    ).map((r: { id: string }) => r.id);
    const sentCount = () => count(t, `reminder WHERE id = ANY($1) AND state = 'SENT'`, [ids]);
    const spawnWorker = () =>
      spawn(process.execPath, [path.join(ROOT, 'server/dist/server/src/worker.js')], {
        cwd: ROOT,
        env: { ...process.env, QUEUE_PREFIX: prefix },
        stdio: ['ignore', 'ignore', 'ignore'],
      });

    const first = spawnWorker();
    const exited = new Promise((resolve) => first.once('exit', resolve));
    await waitFor('the burst under way', async () => (await sentCount()) >= 10, { timeout: 60_000 });
    first.kill('SIGKILL');
    expect(await exited).toBeNull();
    const atKill = await sentCount();
    // (printed, not asserted: how far the burst had got when the worker died)
    console.log(`kill -9 after ${atKill} of ${BURST} reminders sent`);

    const second = spawnWorker();
    try {
      // the restarted worker reconciles from PostgreSQL; a job the dead one held comes back once its lock expires
      await waitFor('every reminder sent', async () => (await sentCount()) === BURST, { timeout: 150_000 });
    } finally {
      second.kill('SIGTERM');
    }
    const perReminder: { n: number }[] = await t.db.query(
      `SELECT count(m.id)::int AS n FROM reminder r LEFT JOIN message m ON m.source_key = 'reminder:' || r.id WHERE r.id = ANY($1) GROUP BY r.id`,
      [ids],
    );
    expect(perReminder).toHaveLength(BURST);
    // two officers each, exactly once
    expect(perReminder.every((r) => r.n === 2)).toBe(true);
    expect(await count(t, `reminder WHERE id = ANY($1) AND (state <> 'SENT' OR sent_at IS NULL)`, [ids])).toBe(0);
  }, 300_000);

  it('loan types keep their maturity reminder days (default 30, 15, 7, 1), edited through the API; bad ones are a 400', async () => {
    const name = `提醒天数${randomUUID().slice(0, 8)}`;
    const body = { name, feeRate: 1.5, repaymentReminderDays: 7, maturityReminderDays: 30 };
    const created = await t.http.post('/server/loan-types').set(as('admin')).send(body).expect(201);
    expect(created.body.data.maturityReminderOffsets).toEqual([30, 15, 7, 1]);
    const id = created.body.data.id;
    const edited = await t.http
      .put(`/server/loan-types/${id}`)
      .set(as('admin'))
      .send({ ...body, maturityReminderOffsets: [60, 10] })
      .expect(200);
    expect(edited.body.data.maturityReminderOffsets).toEqual([60, 10]);
    // omitted: unchanged
    await t.http.put(`/server/loan-types/${id}`).set(as('admin')).send(body).expect(200);
    for (const bad of [[], [400], [1.5], ['x'], Array.from({ length: 11 }, (_, i) => i)]) {
      await t.http
        .put(`/server/loan-types/${id}`)
        .set(as('admin'))
        .send({ ...body, maturityReminderOffsets: bad })
        .expect(400);
    }
    const [row] = await t.db.query(`SELECT maturity_reminder_offsets FROM loan_type WHERE id = $1`, [id]);
    expect(row.maturity_reminder_offsets).toEqual([60, 10]);
  });

  it('the demo loan standing after guarantee has its plan and reminders', async () => {
    const [loan] = await t.db.query(`SELECT l.id FROM loan l JOIN company c ON c.id = l.company_id WHERE c.name = '上海智造机器人有限公司'`);
    const plan = (await t.http.get(`/server/loans/${loan.id}/repayment-plan`).set(as('apost')).expect(200)).body.data;
    expect(plan).toMatchObject({ method: 'BULLET', disbursedOn: '2026-01-05', principalFen: 7_000_000_00, maturityOn: '2028-01-05' });
    const list = await reminders(loan.id);
    expect(list.map((r) => [r.kind, r.fireAt.slice(0, 10), r.state])).toEqual(
      [
        ['MATURITY', '2027-12-06', 'SCHEDULED'],
        ['REPAYMENT', '2027-12-29', 'SCHEDULED'],
        ['MATURITY', '2027-12-21', 'SCHEDULED'],
        ['MATURITY', '2027-12-29', 'SCHEDULED'],
        ['MATURITY', '2028-01-04', 'SCHEDULED'],
      ].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0])),
    );
  });

  it('reminders of an unknown or unreadable loan: 404 and 403', async () => {
    await t.http.get(`/server/loans/${randomUUID()}/reminders`).set(as('apost')).expect(404);
    await t.http.get(`/server/loans/not-a-uuid/reminders`).set(as('apost')).expect(404);
    await t.http.get(`/server/loans/${randomUUID()}/reminders`).expect(401);
  });
});
