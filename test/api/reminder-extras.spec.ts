import { randomUUID } from 'node:crypto';
import { daysBefore } from '@app/workflow';
import { getQueueToken } from '@nestjs/bullmq';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { Clock } from '../../server/src/common/clock';
import { QUEUES } from '../../server/src/jobs/queues';
import { ReminderJobsHandler } from '../../server/src/reminders/reminder-jobs.handler';
import { WorkerModule } from '../../server/src/worker.module';
import { bootTestApp, count, AppHandle } from './support/app';
import { loanInStage, pipelineSetup, shanghaiDay } from './support/lists';
import { sendEvent } from './support/loans';

interface ReminderView {
  id: string;
  kind: 'REPAYMENT' | 'MATURITY' | 'VISIT';
  dueAt: string;
  fireAt: string;
  state: 'SCHEDULED' | 'SENT' | 'CANCELLED';
  jobId: string;
  queued: boolean;
}

/**
 * The reminder extras against the real PostgreSQL and Redis: the horizon and the count queued
 * for the queue page, and the reminder of the next visit's due day made when a visit round is approved.
 */
describe('reminder status and visit reminders', () => {
  let t: AppHandle;
  let worker: INestApplicationContext;
  let queue: Queue;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] ?? user });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const prefix = `reminder-extras-${process.pid}`;
  let bankId: string;
  let templateId: string;

  beforeAll(async () => {
    t = await bootTestApp({ queuePrefix: prefix });
    const setup = await pipelineSetup(t, '提醒扩展银行');
    Object.assign(tokens, setup.tokens);
    ({ bankId, templateId } = setup);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), { logger: ['error'] });
    await worker.init();
    queue = worker.get<Queue>(getQueueToken(QUEUES.reminders));
  }, 60_000);

  afterAll(async () => {
    Clock.offsetMs = 0;
    await worker?.close();
    await t.close();
  });
  afterEach(() => {
    Clock.offsetMs = 0;
  });

  const step = async (user: string, loanId: string, version: number, type: string, payload: Record<string, unknown> = {}) => {
    const res = await sendEvent(t, tokens[user], loanId, type, version, payload);
    if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.version as number;
  };
  const reminders = async (loanId: string): Promise<ReminderView[]> =>
    (await t.http.get(`/server/loans/${loanId}/reminders`).set(as('apost')).expect(200)).body.data;

  /** A loan disbursed today by the real machine: in afterGuarantee, awaiting visit round 1, with its plan's reminders. */
  async function disbursedLoan(companyName: string) {
    const loan = await loanInStage(t, 'duringGuarantee', companyName);
    let v = loan.version;
    v = await step('apost', loan.id, v, 'CONTRACT_GENERATE', { bankId, templateId });
    v = await step('apost', loan.id, v, 'CONTRACT_SUBMIT_REVIEW');
    v = await step('bpost', loan.id, v, 'CONTRACT_MUTUAL_REVIEW_PASS');
    v = await step('prereview', loan.id, v, 'CONTRACT_REVIEW_PASS');
    v = await step('admin', loan.id, v, 'CONTRACT_SEAL_CONFIRM');
    v = await step('admin', loan.id, v, 'CONTRACT_SEAL_COMPLETE');
    v = await step('admin', loan.id, v, 'CONTRACT_ARCHIVE_UPLOAD');
    v = await step('prereview', loan.id, v, 'CONTRACT_ARCHIVE_CONFIRM');
    v = await step('apost', loan.id, v, 'PREMIUM_ADD', { amount: 30_000, reason: '测试保费' });
    v = await step('apost', loan.id, v, 'PREMIUM_SUBMIT');
    v = await step('finance', loan.id, v, 'PREMIUM_CONFIRM');
    v = await step('bpost', loan.id, v, 'COUNTER_GUARANTEE_CONFIRM');
    v = await step('bpost', loan.id, v, 'COUNTER_GUARANTEE_UPLOAD');
    v = await step('apost', loan.id, v, 'LETTER_GENERATE', { bankId });
    v = await step('apost', loan.id, v, 'LETTER_SUBMIT');
    v = await step('prereview', loan.id, v, 'LETTER_APPROVE');
    v = await step('admin', loan.id, v, 'LETTER_SEAL_CONFIRM');
    v = await step('admin', loan.id, v, 'LETTER_SEAL_COMPLETE');
    await t.http.post(`/server/loans/${loan.id}/sealed-letter`).set(as('apost')).attach('file', pdf, '保函盖章件.pdf').expect(201);
    v = await step('apost', loan.id, v, 'LETTER_UPLOAD_SEALED');
    await t.http.post(`/server/loans/${loan.id}/disbursement-voucher`).set(as('apost')).attach('file', pdf, '放款凭证.pdf').expect(201);
    v = await step('apost', loan.id, v, 'VOUCHER_UPLOAD');
    v = await step('finance', loan.id, v, 'VOUCHER_CONFIRM', { disbursedOn: shanghaiDay(), disbursedAmountFen: 200_000_000 });
    return { id: loan.id, version: v };
  }

  /** What Redis holds of reminder jobs, read job by job (the endpoint counts them page by page). */
  const reminderJobsInRedis = async () => (await queue.getJobs(['delayed', 'waiting', 'prioritized'])).filter((j) => j.id?.startsWith('reminder-')).length;
  const status = async () => (await t.http.get('/server/admin/reminders/status').set(as('admin')).expect(200)).body.data;

  it('status: administrators only; the horizon, the scheduled rows, those within the horizon and the jobs in Redis', async () => {
    await t.http.get('/server/admin/reminders/status').expect(401);
    const denied = await t.http.get('/server/admin/reminders/status').set(as('apost')).set('Accept-Language', 'en').expect(403);
    expect(denied.body.message).toBeTruthy();
    await t.http.get('/server/admin/reminders/status').set(as('bpost')).expect(403);

    const loan = await disbursedLoan(`提醒状态${randomUUID().slice(0, 6)}有限公司`);
    // a reminder of this loan due in three days: within the horizon (7 days)
    const mine = await reminders(loan.id);
    expect(mine.length).toBeGreaterThan(0);
    await t.db.query(`UPDATE reminder SET fire_at = now() + interval '3 days' WHERE id = $1`, [mine[0].id]);

    const sql = async () =>
      (
        await t.db.query(
          `SELECT count(*)::int AS scheduled, count(*) FILTER (WHERE fire_at <= now() + interval '7 days')::int AS within FROM reminder WHERE state = 'SCHEDULED'`,
        )
      )[0];
    const before = await status();
    const rows = await sql();
    expect(before).toMatchObject({ horizonDays: 7, scheduled: rows.scheduled, withinHorizon: rows.within });
    expect(rows.within).toBeGreaterThanOrEqual(1);
    expect(before.queued).toBe(await reminderJobsInRedis());

    // the reconcile queues what falls within the horizon; the status then counts it, and knows when it ran
    const ran = await t.http.post('/server/admin/reminders/reconcile').set(as('admin')).expect(200);
    expect(ran.body.data.scanned).toBe(rows.within);
    const after = await status();
    expect(after.queued).toBe(await reminderJobsInRedis());
    expect(after.queued).toBeGreaterThanOrEqual(1);
    expect((await reminders(loan.id))[0].queued).toBe(true);
    expect(Date.parse(after.lastHorizonRunAt)).toBeGreaterThan(Date.now() - 60_000);

    // a job lost from Redis: one fewer queued, the rows unchanged
    await queue.remove(mine[0].jobId);
    const lost = await status();
    expect(lost.queued).toBe(after.queued - 1);
    expect(lost.scheduled).toBe(after.scheduled);

    // REMINDER_HORIZON_DAYS is what the page shows
    process.env.REMINDER_HORIZON_DAYS = '30';
    try {
      expect((await status()).horizonDays).toBe(30);
    } finally {
      delete process.env.REMINDER_HORIZON_DAYS;
    }
  }, 120_000);

  it('an approved visit round gives its next due day a VISIT reminder (the previous one cancelled), sent once to each officer', async () => {
    const companyName = `走访提醒${randomUUID().slice(0, 6)}有限公司`;
    const loan = await disbursedLoan(companyName);
    let v = loan.version;
    const today = shanghaiDay();
    const at9 = (day: string) => `${day}T01:00:00.000Z`; // 09:00 in Shanghai
    const [{ lead }] = await t.db.query(
      `SELECT COALESCE(t.repayment_reminder_days, 7) AS lead FROM loan l LEFT JOIN loan_type t ON t.name = l.loan_type WHERE l.id = $1`,
      [loan.id],
    );
    const planReminders = (await reminders(loan.id)).filter((r) => r.kind !== 'VISIT');
    expect(planReminders.length).toBeGreaterThan(0);

    // a submitted round makes no reminder yet; its approval does
    v = await step('bpost', loan.id, v, 'VISIT_SUBMIT_REPORT', { kind: 'REPORT', classification: 'NORMAL' });
    expect((await reminders(loan.id)).filter((r) => r.kind === 'VISIT')).toEqual([]);
    v = await step('leader', loan.id, v, 'VISIT_APPROVE');
    const [{ due: firstDue }] = await t.db.query(
      `SELECT to_char(next_visit_due_on, 'YYYY-MM-DD') AS due FROM visit_record WHERE loan_id = $1 AND state = 'APPROVED'`,
      [loan.id],
    );
    let visits = (await reminders(loan.id)).filter((r) => r.kind === 'VISIT');
    expect(visits.map(({ dueAt, fireAt, state }) => ({ dueAt, fireAt, state }))).toEqual([
      { dueAt: at9(firstDue), fireAt: at9(daysBefore(firstDue, lead)), state: 'SCHEDULED' },
    ]);
    expect(visits[0].jobId).toBe(`reminder-${visits[0].id}`);
    const first = visits[0];

    // round 2 downgraded: a fortnight; approved, the quarter's reminder is cancelled and the new one scheduled
    v = await step('bpost', loan.id, v, 'VISIT_SUBMIT_REPORT', { kind: 'MATERIAL', classification: 'DOUBTFUL', reason: '企业停产' });
    await step('leader', loan.id, v, 'VISIT_APPROVE');
    const secondDue = (() => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 14);
      return d.toISOString().slice(0, 10);
    })();
    visits = (await reminders(loan.id)).filter((r) => r.kind === 'VISIT');
    expect(visits.map(({ id, dueAt, fireAt, state }) => ({ id, dueAt, fireAt, state })).sort((a, b) => a.dueAt.localeCompare(b.dueAt))).toEqual([
      { id: expect.not.stringMatching(first.id), dueAt: at9(secondDue), fireAt: at9(daysBefore(secondDue, lead)), state: 'SCHEDULED' },
      { id: first.id, dueAt: first.dueAt, fireAt: first.fireAt, state: 'CANCELLED' },
    ]);
    // the plan's reminders are left as they were
    expect((await reminders(loan.id)).filter((r) => r.kind !== 'VISIT')).toEqual(planReminders.map((r) => ({ ...r, queued: false })));
    expect(await count(t, `reminder WHERE loan_id = $1 AND kind = 'VISIT' AND state = 'SCHEDULED'`, [loan.id])).toBe(1);

    // its fire time comes: the handler sends one message to each officer, and a second run sends nothing
    const second = visits.find((r) => r.state === 'SCHEDULED')!;
    Clock.offsetMs = Date.parse(second.fireAt) + 60_000 - Date.now();
    const handler = worker.get(ReminderJobsHandler);
    const job = { name: 'reminder.fire' } as never;
    const [officers] = await t.db.query(`SELECT a_post_officer_id AS a, b_post_officer_id AS b FROM loan WHERE id = $1`, [loan.id]);
    const recipients = [...new Set([officers.a, officers.b].filter(Boolean))];
    expect(await handler.handle({ reminderId: second.id }, job)).toEqual({ sent: recipients.length });
    expect(await handler.handle({ reminderId: second.id }, job)).toEqual({ skipped: 'SENT' });
    const messages = await t.db.query(`SELECT user_id, type, title, content FROM message WHERE source_key = $1`, [`reminder:${second.id}`]);
    expect(messages.map((m: { user_id: string }) => m.user_id).sort()).toEqual(recipients.sort());
    expect(messages[0]).toMatchObject({ type: 'REMINDER', title: `保后走访提醒：${companyName}` });
    expect(messages[0].content).toBe(`下一次保后走访应于 ${secondDue} 前完成（还有 ${lead} 天）。`);
    // the cancelled one sends nothing
    expect(await handler.handle({ reminderId: first.id }, job)).toEqual({ skipped: 'CANCELLED' });
    expect(await count(t, `message WHERE source_key = $1`, [`reminder:${first.id}`])).toBe(0);
  }, 180_000);
});
