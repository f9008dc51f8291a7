import { EVENT_LABELS, statusLabels } from '@app/workflow';
import { getQueueToken } from '@nestjs/bullmq';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { JOB_QUEUES } from '../../server/src/jobs/queues';
import { NotifyNextActorsHandler } from '../../server/src/outbox/notify-next-actors.handler';
import { OutboxRelay } from '../../server/src/outbox/outbox.relay';
import { sha256 } from '../../server/src/workflow/hash-chain';
import { WorkflowRepository } from '../../server/src/workflow/workflow.repository';
import { WorkerModule } from '../../server/src/worker.module';
import { count, createUser, login, startTestApp, AppHandle, tokenOf } from './support/app';
import { createLoan, sendEvent } from './support/loans';
import { waitFor } from './support/wait';

const SUBMIT = { completeDataTypes: ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] };

/**
 * The outbox as a worker process runs it: real Redis, real BullMQ queues and processors. Tests wait on
 * the worker (up to 15 s per wait), more than jest's 5 s default allows on a loaded machine.
 */
describe('outbox -> BullMQ -> to-do messages', () => {
  let t: AppHandle;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    t = await startTestApp();
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot({ ...t.config, queuePrefix: `outbox-test-${process.pid}` }), {
      logger: ['error'],
    });
    await worker.init();
    // An API and a worker start here: more than jest's 5 s on a loaded machine.
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });
  /** Whatever was queued has been handled: no job of the to-do queue waiting, delayed or running. */
  const workerIdle = async () => {
    const queue = worker.get<Queue>(getQueueToken(JOB_QUEUES.notifyNextActors), { strict: false });
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
    return Object.values(counts).every((n) => n === 0);
  };

  it('delivers a committed transition and tells the next actor, once', async () => {
    const apost = await tokenOf(t, 'apost');
    const admin = await tokenOf(t, 'admin');
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    await sendEvent(t, admin, loan.id, 'CONFIRM_RECEIPT', 1).expect(200);
    await sendEvent(t, apost, loan.id, 'SUBMIT_TO_PRE_REVIEW', 2).expect(200);

    // The pre-review approver gets a to-do for the loan now waiting on them.
    const [prereview] = await t.db.query(`SELECT id FROM app_user WHERE username = 'prereview'`);
    const message = await waitFor('the to-do message', async () => {
      const [m] = await t.db.query(`SELECT * FROM message WHERE user_id = $1 AND source_key LIKE $2`, [prereview.id, `todo:${loan.id}:%`]);
      return m;
    });
    expect(message).toMatchObject({ type: 'TODO', link: `/company/node/${loan.id}` });
    // One outbox row per effect the machine declared: topic = effect name, payload = params + loan and step.
    const [row] = await t.db.query(`SELECT topic, payload FROM outbox WHERE payload->>'loanId' = $1 AND (payload->>'seq')::int = 3`, [loan.id]);
    expect(row).toEqual({ topic: 'notifyNextActors', payload: { event: 'SUBMIT_TO_PRE_REVIEW', actorId: expect.any(String), loanId: loan.id, seq: 3 } });
    expect(message.content).toContain('预审');
    await waitFor('every outbox row delivered', async () => (await count(t, `outbox WHERE payload->>'loanId' = $1 AND delivered_at IS NULL`, [loan.id])) === 0);

    // Delivering the same rows again (as after a crash between queueing and marking) adds nothing.
    await t.db.query(`UPDATE outbox SET delivered_at = NULL WHERE payload->>'loanId' = $1`, [loan.id]);
    await worker.get(OutboxRelay).deliverBatch();
    await waitFor('the worker idle', workerIdle);
    expect(await count(t, 'message WHERE user_id = $1 AND source_key LIKE $2', [prereview.id, `todo:${loan.id}:%`])).toBe(1);

    // A later notice leaving the same actor the same actions brings that to-do up to date (unread,
    // its words new) rather than adding another: one to-do per actor, loan and actions.
    await t.db.query(`UPDATE message SET content = 'stale', read_at = now(), created_at = now() - interval '1 hour' WHERE id = $1`, [message.id]);
    const handler = worker.get(NotifyNextActorsHandler);
    expect((await handler.handle(row.payload)).notified).toBeGreaterThanOrEqual(1);
    const todos = await t.db.query(`SELECT id, content, read_at FROM message WHERE user_id = $1 AND link = $2`, [prereview.id, `/company/node/${loan.id}`]);
    expect(todos).toEqual([{ id: message.id, content: message.content, read_at: null }]);
    // Delivered once more with nothing new to say: nothing changes.
    expect(await handler.handle(row.payload)).toEqual({ notified: 0 });
  }, 30_000);

  it("writes each next actor's to-do in the language they signed in with, once even when delivered twice", async () => {
    const english = await createUser(t, ['ROLE_USER', 'PRE_REVIEW']);
    const chinese = await createUser(t, ['ROLE_USER', 'PRE_REVIEW']);
    expect((await login(t, english.username, english.password).set('Accept-Language', 'en')).body.code).toBe('A00000');
    expect((await login(t, chinese.username, chinese.password).set('Accept-Language', 'zh-CN')).body.code).toBe('A00000');
    const languages = await t.db.query(`SELECT id, language FROM app_user WHERE id = ANY($1) ORDER BY username`, [[english.id, chinese.id]]);
    expect(Object.fromEntries(languages.map((u: { id: string; language: string }) => [u.id, u.language]))).toEqual({
      [english.id]: 'en',
      [chinese.id]: 'zh-CN',
    });

    const apost = await tokenOf(t, 'apost');
    const admin = await tokenOf(t, 'admin');
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    await sendEvent(t, admin, loan.id, 'CONFIRM_RECEIPT', 1).expect(200);
    await sendEvent(t, apost, loan.id, 'SUBMIT_TO_PRE_REVIEW', 2).expect(200);
    const [company] = await t.db.query(`SELECT c.name FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = $1`, [loan.id]);
    const [instance] = await t.db.query(`SELECT snapshot FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
    const { stage, status } = statusLabels(instance.snapshot);
    expect([stage.en, stage.zh]).toEqual(['Pre-review', '预审会']);
    const todoOf = (userId: string) =>
      waitFor(`the to-do of ${userId}`, async () => {
        const [m] = await t.db.query(`SELECT title, content FROM message WHERE user_id = $1 AND source_key LIKE $2`, [userId, `todo:${loan.id}:%`]);
        return m;
      });
    // Where the loan stands and what to do there, by the actions' names.
    const [pass, fail] = [EVENT_LABELS.PRE_REVIEW_APPROVE, EVENT_LABELS.PRE_REVIEW_REJECT];
    const en = await todoOf(english.id);
    expect(en.title).toBe(`To do: ${company.name}`);
    expect(en.content).toMatch(new RegExp(`^The loan is now at "Pre-review · ${status.en}": please "`));
    expect(en.content).toContain(`"${pass.en}"`);
    expect(en.content).toContain(`"${fail.en}"`);
    const zh = await todoOf(chinese.id);
    expect(zh.title).toBe(`待办：${company.name}`);
    expect(zh.content).toMatch(new RegExp(`^贷款已进入「预审会 · ${status.zh}」，请您「`));
    expect(zh.content).toContain(`「${pass.zh}」`);

    await waitFor('every outbox row delivered', async () => (await count(t, `outbox WHERE payload->>'loanId' = $1 AND delivered_at IS NULL`, [loan.id])) === 0);
    await t.db.query(`UPDATE outbox SET delivered_at = NULL WHERE payload->>'loanId' = $1`, [loan.id]);
    await worker.get(OutboxRelay).deliverBatch();
    await waitFor(
      'the redelivered rows delivered',
      async () => (await count(t, `outbox WHERE payload->>'loanId' = $1 AND delivered_at IS NULL`, [loan.id])) === 0,
    );
    await waitFor('the worker idle', workerIdle);
    for (const user of [english, chinese]) expect(await count(t, 'message WHERE user_id = $1 AND source_key LIKE $2', [user.id, `todo:${loan.id}:%`])).toBe(1);
    // Two sign-ins (slow password hashes), three events, two deliveries and the worker's jobs.
  }, 30_000);

  it('commits one outbox row per effect, in order, in the statement of the event; none when the version moved', async () => {
    const apost = await tokenOf(t, 'apost');
    const loan = await createLoan(t, apost);
    const repo = new WorkflowRepository(t.db);
    const row = (await repo.instance(loan.id))!;
    const [actor] = await t.db.query(`SELECT id FROM app_user WHERE username = 'apost'`);
    const step = (expectedVersion: number, marker: string) => ({
      loanId: loan.id,
      expectedVersion,
      snapshot: row.snapshot,
      stage: row.stage,
      status: row.status,
      event: {
        type: 'SUBMIT_MATERIALS',
        payload: {},
        actorId: actor.id,
        at: new Date().toISOString(),
        from: row.snapshot.value,
        to: row.snapshot.value,
        machineVersion: row.machineVersion,
        prevHash: row.lastHash,
        hash: sha256(marker),
      },
      // Topics no job has: the relay leaves them undelivered, so they are only counted here.
      outbox: [
        { topic: `test.first.${marker}`, payload: { loanId: loan.id, n: 1 } },
        { topic: `test.second.${marker}`, payload: { loanId: loan.id, n: 2 } },
      ],
    });
    expect(await repo.commitStep(t.db.manager, step(0, 'a'))).toBe(true);
    expect(await repo.commitStep(t.db.manager, step(0, 'b'))).toBe(false);
    const rows = await t.db.query(`SELECT topic, payload->>'n' AS n FROM outbox WHERE payload->>'loanId' = $1 ORDER BY id`, [loan.id]);
    expect(rows).toEqual([
      { topic: 'test.first.a', n: '1' },
      { topic: 'test.second.a', n: '2' },
    ]);
  }, 30_000);

  it('survives a process death after commit: rows written while no worker ran are delivered later', async () => {
    await worker.close();
    const apost = await tokenOf(t, 'apost');
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    expect(await count(t, `outbox WHERE payload->>'loanId' = $1 AND delivered_at IS NULL`, [loan.id])).toBe(1);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot({ ...t.config, queuePrefix: `outbox-test-${process.pid}` }), {
      logger: ['error'],
    });
    await worker.init();
    await waitFor('the pending row delivered', async () => (await count(t, `outbox WHERE payload->>'loanId' = $1 AND delivered_at IS NULL`, [loan.id])) === 0);
  }, 30_000);
});
