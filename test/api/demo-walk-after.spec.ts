import * as fs from 'node:fs';
import * as path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import * as engine from '@app/workflow';
import { WorkerModule } from '../../server/src/worker.module';
import { count, login, ownerUrlOf, bootTestApp, AppHandle, freshDatabaseUrl } from './support/app';
import { shanghaiDay } from './support/lists';
import { sendEvent } from './support/loans';
import { waitFor } from './support/wait';

/**
 * The newcomer's path after disbursement (docs/demo-walkthrough.md, "Walking the demo loan from disbursement to closed"),
 * on a database of its own loaded with the demo data as `npm start` loads it, with a worker (the outbox
 * relay, the reminder and notification handlers) beside the API: the demo loan standing in disbursement
 * is taken to closed by the demo accounts only, signed in as the browser signs in, each step checked to
 * be among the account's legal actions first. The repaying demo loan shows what the seed wrote for it.
 */

const WAITING = '上海数创文化传媒有限公司'; // the demo loan standing in disbursement, awaiting its voucher
const REPAYING = '上海启明智能装备有限公司'; // the demo loan after guarantee repaying monthly
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DAY_MS = 86_400_000;

describe('the demo data after disbursement, walked by a newcomer', () => {
  let t: AppHandle;
  let worker: INestApplicationContext | undefined;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] });
  const loanOf = async (company: string): Promise<string> => {
    const [row] = await t.db.query(`SELECT l.id FROM loan l JOIN company c ON c.id = l.company_id WHERE c.name = $1`, [company]);
    return row.id;
  };
  const messagesOf = async (user: string) =>
    (await t.http.get('/server/messages?pageSize=100').set(as(user)).expect(200)).body.data.list as { title: string; content: string; type: string }[];

  beforeAll(async () => {
    const name = `demo_walk_after_${process.pid}`;
    const dataDir = path.resolve(__dirname, '../../.data/test/demo-walk-after-files');
    fs.rmSync(dataDir, { recursive: true, force: true });
    t = await bootTestApp({
      databaseUrl: await freshDatabaseUrl(name),
      migrationDatabaseUrl: ownerUrlOf(name),
      dataDir,
      checkpointDir: path.join(dataDir, 'checkpoints'),
      queuePrefix: `demo-walk-after-${process.pid}`,
    });
    for (const user of ['admin', 'apost', 'bpost', 'leader', 'finance']) {
      const res = await login(t, user).expect(200);
      expect(res.body.code).toBe('A00000');
      tokens[user] = res.body.extras['x-platform-token'];
    }
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), { logger: ['error'] });
    await worker.init();
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  it(`seeds ${REPAYING} with what the writers make: a monthly plan, instalment 1 repaid, its reminder sent to the officers, the next one queued within the horizon, a visit round`, async () => {
    const loanId = await loanOf(REPAYING);
    const plan = (await t.http.get(`/server/loans/${loanId}/repayment-plan`).set(as('apost')).expect(200)).body.data;
    expect(plan).toMatchObject({ method: 'EQUAL_PRINCIPAL', principalFen: 360_000_000, repaidFen: 30_000_000, termMonths: 12 });
    expect(plan.instalments).toHaveLength(12);
    expect(plan.instalments.slice(0, 2).map((i: { state: string }) => i.state)).toEqual(['REPAID', 'DUE']);
    // the second instalment falls due ten days from the seed
    expect(plan.instalments[1].dueOn).toBe(shanghaiDay(10));
    // the repaid one has the voucher finance uploaded before recording it, downloadable
    expect(plan.instalments[0].voucher).toMatchObject({ name: expect.stringContaining('第1期还款凭证') });
    const voucher = await t.http.get(`/server/loans/${loanId}/instalments/${plan.instalments[0].id}/voucher`).set(as('finance')).expect(200);
    expect(voucher.headers['content-type']).toMatch(/wordprocessingml/);
    expect(plan.instalments[1].voucher).toBeNull();

    const reminders: { kind: string; state: string; dueAt: string; fireAt: string; queued: boolean }[] = (
      await t.http.get(`/server/loans/${loanId}/reminders`).set(as('apost')).expect(200)
    ).body.data;
    const sent = reminders.filter((r) => r.state === 'SENT');
    expect(sent.map((r) => r.kind)).toEqual(['REPAYMENT']);
    const next = reminders.find((r) => r.kind === 'REPAYMENT' && r.state === 'SCHEDULED' && r.dueAt.startsWith(plan.instalments[1].dueOn.slice(0, 7)));
    expect(next).toBeDefined();
    // within the seven-day horizon: the worker's start queued it as a delayed job
    expect(Date.parse(next!.fireAt) - Date.now()).toBeLessThan(7 * DAY_MS);
    await waitFor('the next repayment reminder queued', async () => {
      const now = (await t.http.get(`/server/loans/${loanId}/reminders`).set(as('apost')).expect(200)).body.data as typeof reminders;
      return now.find((r) => r.fireAt === next!.fireAt && r.kind === 'REPAYMENT')?.queued;
    });
    const status = (await t.http.get('/server/admin/reminders/status').set(as('admin')).expect(200)).body.data;
    expect(status.withinHorizon).toBeGreaterThanOrEqual(1);
    expect(status.queued).toBeGreaterThanOrEqual(1);

    // the officers' inboxes hold the sent reminder (the dashboard's unread badge counts it), beside those of
    // the demo loans that went overdue, whose instalments fell due unpaid
    for (const officer of ['apost', 'bpost']) {
      const titles = (await messagesOf(officer)).filter((m) => m.type === 'REMINDER').map((m) => m.title);
      expect(titles.filter((title) => title.includes(REPAYING))).toHaveLength(1);
      expect(titles.some((title) => title.includes('上海宏达五金制品有限公司'))).toBe(true);
    }
    expect((await t.http.get('/server/messages/unread-count').set(as('apost')).expect(200)).body.data).toMatchObject({ count: expect.any(Number) });

    const visits = (await t.http.get(`/server/loans/${loanId}/visits`).set(as('leader')).expect(200)).body.data;
    expect(visits.records.map((r: { round: number; classification: string; state: string }) => [r.round, r.classification, r.state])).toEqual([
      [1, 'NORMAL', 'APPROVED'],
    ]);
    expect(await count(t, `reminder WHERE loan_id = $1 AND kind = 'VISIT' AND state = 'SCHEDULED'`, [loanId])).toBe(1);
    const verified = await t.http.get(`/server/loans/${loanId}/history/verify`).set(as('admin')).expect(200);
    expect(verified.body.data.ok).toBe(true);
  });

  it('gives the demo loans released and closed their plan, visit records and repayments with their vouchers, no reminder left scheduled', async () => {
    const rows: { company: string; stage: string; repaid: string; principal: string; visits: number; scheduled: number; vouchers: number }[] = await t.db.query(
      `SELECT c.name AS company, wi.snapshot->>'value' AS stage, p.repaid_fen::text AS repaid, p.principal_fen::text AS principal,
              (SELECT count(*)::int FROM visit_record v WHERE v.loan_id = l.id AND v.state = 'APPROVED') AS visits,
              (SELECT count(*)::int FROM reminder r WHERE r.loan_id = l.id AND r.state = 'SCHEDULED') AS scheduled,
              (SELECT count(*)::int FROM attachment a WHERE a.loan_id = l.id AND a.kind = 'REPAYMENT_VOUCHER') AS vouchers
         FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
         LEFT JOIN repayment_plan p ON p.loan_id = l.id
        WHERE c.name IN ('上海恒信节能环保有限公司', '上海凯达汽车零部件有限公司') ORDER BY c.name`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.principal).not.toBeNull();
      expect(row.repaid).toBe(row.principal);
      expect(row.visits).toBe(2);
      expect(row.scheduled).toBe(0);
      // each repayment with its voucher
      expect(row.vouchers).toBe(2);
    }
  });

  it(`takes the demo loan of ${WAITING} from disbursement to closed with the demo accounts`, async () => {
    const loanId = await loanOf(WAITING);
    const view = async (user: string) => (await t.http.get(`/server/loans/${loanId}/workflow`).set(as(user)).expect(200)).body.data;
    const act = async (user: string, type: string, payload: Record<string, unknown> = {}) => {
      const seen = await view(user);
      expect([user, seen.legalActions.map((a: { type: string }) => a.type)]).toEqual([user, expect.arrayContaining([type])]);
      const res = await sendEvent(t, tokens[user], loanId, type, seen.version, payload);
      if (res.status !== 200) throw new Error(`${user} ${type}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    /** A bad step: the status and code, the message in both languages, nothing written. */
    const refused = async (user: string, type: string, payload: Record<string, unknown>, status: number, zh: RegExp, en: RegExp) => {
      const before = await count(t, 'workflow_event WHERE loan_id = $1', [loanId]);
      const { version } = await view(user);
      const zhRes = await sendEvent(t, tokens[user], loanId, type, version, payload).set('Accept-Language', 'zh-CN');
      const enRes = await sendEvent(t, tokens[user], loanId, type, version, payload).set('Accept-Language', 'en');
      expect([zhRes.status, enRes.status]).toEqual([status, status]);
      expect(zhRes.body.message).toMatch(zh);
      expect(enRes.body.message).toMatch(en);
      expect(await count(t, 'workflow_event WHERE loan_id = $1', [loanId])).toBe(before);
    };

    const start = await view('finance');
    expect(start.stage).toBe('disbursement');

    // 1. apost uploads the bank's voucher under 文档, then the action 上传放款凭证; finance confirms the day and the amount lent: 已放款, the plan written (BULLET until edited)
    await t.http.post(`/server/loans/${loanId}/disbursement-voucher`).set(as('apost')).attach('file', PDF, '放款凭证.pdf').expect(201);
    await act('apost', 'VOUCHER_UPLOAD');
    await act('finance', 'VOUCHER_CONFIRM', { disbursedOn: shanghaiDay(), disbursedAmountFen: 150_000_000 });
    expect((await view('admin')).stage).toBe('afterGuarantee');

    // 2. apost makes the plan monthly (equal principal): twelve instalments of 125,000.00
    await act('apost', 'REPAYMENT_PLAN_EDIT', { method: 'EQUAL_PRINCIPAL', reason: '按月等额还本' });
    let plan = (await t.http.get(`/server/loans/${loanId}/repayment-plan`).set(as('finance')).expect(200)).body.data;
    expect(plan.instalments.map((i: { principalFen: number }) => i.principalFen)).toEqual(Array(12).fill(12_500_000));

    // 3. visits: round 1 normal; round 2 downgraded to 次级 (substandard) with its reason, approved; the leader is told
    await t.http.post(`/server/loans/${loanId}/visits/attachments`).set(as('bpost')).attach('file', PDF, '第一轮走访报告.pdf').expect(201);
    await act('bpost', 'VISIT_SUBMIT_REPORT', { kind: 'REPORT', classification: 'NORMAL' });
    await act('leader', 'VISIT_APPROVE');
    await act('bpost', 'VISIT_SUBMIT_REPORT', { kind: 'MATERIAL', classification: 'SUBSTANDARD', reason: '主要客户流失，回款放缓' });
    await act('leader', 'VISIT_APPROVE');
    // end to end: the outbox row relayed to BullMQ, the worker's handler writes the leader's message
    const risk = await waitFor('the leader told of the downgrade', async () => (await messagesOf('leader')).find((m) => m.type === 'RISK'));
    expect(risk.title).toContain(WAITING);
    expect(risk.content).toMatch(/由「正常」下调为「次级」|from "Normal" to "Substandard"/);
    expect(risk.content).toContain('主要客户流失');
    // the B-post officer who reported it is not told
    expect((await messagesOf('bpost')).filter((m) => m.type === 'RISK')).toEqual([]);
    const visits = (await t.http.get(`/server/loans/${loanId}/visits`).set(as('leader')).expect(200)).body.data;
    expect(visits).toMatchObject({ currentClassification: 'SUBSTANDARD', nextVisitDueOn: shanghaiDay(14) });

    // bad input: more than the outstanding principal is refused in both languages, nothing written
    await refused('finance', 'RECORD_REPAYMENT', { amount: 1_500_000.01 }, 409, /还款金额超过剩余本金/, /exceeds the outstanding principal/);
    expect((await t.http.get(`/server/loans/${loanId}/repayment-plan`).set(as('finance')).expect(200)).body.data.repaidFen).toBe(0);

    // 4. finance repays each instalment with its voucher: upload on the instalment, then RECORD_REPAYMENT of its amount
    for (const instalment of plan.instalments as { id: string; seq: number; principalFen: number }[]) {
      await t.http
        .post(`/server/loans/${loanId}/instalments/${instalment.id}/voucher`)
        .set(as('finance'))
        .attach('file', PDF, `第${instalment.seq}期还款凭证.pdf`)
        .expect(201);
      await act('finance', 'RECORD_REPAYMENT', { amount: engine.fromFen(instalment.principalFen) });
      if (instalment.seq === 1) {
        // bad input: a voucher for an instalment already repaid, in both languages, nothing written
        const vouchers = await count(t, `attachment WHERE loan_id = $1 AND kind = 'REPAYMENT_VOUCHER'`, [loanId]);
        const zh = await t.http
          .post(`/server/loans/${loanId}/instalments/${instalment.id}/voucher`)
          .set(as('finance'))
          .set('Accept-Language', 'zh-CN')
          .attach('file', PDF, '重复凭证.pdf');
        const en = await t.http
          .post(`/server/loans/${loanId}/instalments/${instalment.id}/voucher`)
          .set(as('finance'))
          .set('Accept-Language', 'en')
          .attach('file', PDF, '重复凭证.pdf');
        expect([zh.status, en.status]).toEqual([409, 409]);
        expect([zh.body.code, en.body.code]).toEqual(['A10004', 'A10004']);
        expect(zh.body.message).toMatch(/已还/);
        expect(en.body.message).toMatch(/repaid/i);
        expect(await count(t, `attachment WHERE loan_id = $1 AND kind = 'REPAYMENT_VOUCHER'`, [loanId])).toBe(vouchers);
      }
    }
    plan = (await t.http.get(`/server/loans/${loanId}/repayment-plan`).set(as('finance')).expect(200)).body.data;
    expect(plan.repaidFen).toBe(150_000_000);
    expect(plan.instalments.every((i: { state: string; voucher: unknown }) => i.state === 'REPAID' && i.voucher)).toBe(true);
    expect((await view('admin')).stage).toBe('release');
    expect(await count(t, `reminder WHERE loan_id = $1 AND state = 'SCHEDULED'`, [loanId])).toBe(0);

    // 5. admin releases the guarantee and each collateral item; an item that does not exist is refused first
    const release = (await t.http.get(`/server/loans/${loanId}/release`).set(as('admin')).expect(200)).body.data;
    expect(release.releasable).toBe(true);
    expect(release.items[0].kind).toBe('GUARANTEE');
    expect(release.items.length).toBeGreaterThanOrEqual(2);
    await refused('admin', 'CONFIRM_RELEASE', { itemId: 'no-such-item' }, 409, /该项不存在或已解除/, /Nothing to release under this item/);
    for (const item of release.items as { itemId: string }[]) await act('admin', 'CONFIRM_RELEASE', { itemId: item.itemId });

    // 6. closed: every item released, the release ledger lists them, the history verifies
    const end = await view('admin');
    expect(end.stage).toBe('closed');
    const after = (await t.http.get(`/server/loans/${loanId}/release`).set(as('admin')).expect(200)).body.data;
    expect(after.items.every((i: { state: string }) => i.state === 'RELEASED')).toBe(true);
    const ledger = (await t.http.get(`/server/release-ledger?loanId=${loanId}`).set(as('admin')).expect(200)).body.data;
    expect(ledger).toHaveLength(release.items.length);
    const verified = await t.http.get(`/server/loans/${loanId}/history/verify`).set(as('admin')).expect(200);
    expect(verified.body.data).toMatchObject({ ok: true, checked: end.version });
  }, 120_000);
});
