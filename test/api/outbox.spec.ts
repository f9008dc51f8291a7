import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { OutboxRelay } from '../../server/src/outbox/outbox.relay';
import { WorkerModule } from '../../server/src/worker.module';
import { count, startTestApp, TestApp, tokenOf } from './support/app';
import { createLoan, sendEvent } from './support/loans';

const SUBMIT = { completeDataTypes: ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] };

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 15000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The outbox as a worker process runs it: real Redis, real BullMQ queues and processors. */
describe('outbox -> BullMQ -> to-do messages', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    t = await startTestApp();
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot({ ...t.config, queuePrefix: `outbox-test-${process.pid}` }), {
      logger: ['error'],
    });
    await worker.init();
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('delivers a committed transition and tells the next actor, once', async () => {
    const apost = await tokenOf(t, 'apost');
    const admin = await tokenOf(t, 'admin');
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    await sendEvent(t, admin, loan.id, 'CONFIRM_RECEIPT', 1).expect(200);
    await sendEvent(t, apost, loan.id, 'SUBMIT_TO_PRE_REVIEW', 2).expect(200);

    // The pre-review approver gets a to-do for the loan now waiting on them.
    const [prereview] = await t.db.query(`SELECT id FROM app_user WHERE username = 'prereview'`);
    const message = await until('the to-do message', async () => {
      const [m] = await t.db.query(`SELECT * FROM message WHERE user_id = $1 AND source_key = $2`, [prereview.id, `wf:${loan.id}:3`]);
      return m;
    });
    expect(message).toMatchObject({ type: 'TODO', link: `/company/node/${loan.id}` });
    expect(message.content).toContain('预审');
    await until('every outbox row delivered', async () => (await count(t, `outbox WHERE payload->>'loanId' = $1 AND delivered_at IS NULL`, [loan.id])) === 0);

    // Delivering the same rows again (as after a crash between queueing and marking) adds nothing.
    await t.db.query(`UPDATE outbox SET delivered_at = NULL WHERE payload->>'loanId' = $1`, [loan.id]);
    await worker.get(OutboxRelay).deliverBatch();
    await new Promise((r) => setTimeout(r, 1000));
    expect(await count(t, 'message WHERE user_id = $1 AND source_key = $2', [prereview.id, `wf:${loan.id}:3`])).toBe(1);
  });

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
    await until('the pending row delivered', async () => (await count(t, `outbox WHERE payload->>'loanId' = $1 AND delivered_at IS NULL`, [loan.id])) === 0);
  });
});
