import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Clock } from '../../server/src/common/clock';
import { QUEUES } from '../../server/src/jobs/queues';
import { ReminderJobsHandler } from '../../server/src/reminders/reminder-jobs.handler';
import { bootTestApp, count, type TestApp } from './support/app';
import { loanInStage, pipelineSetup, readExport, shanghaiDay, userWith } from './support/lists';
import { sendEvent } from './support/loans';

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Custody of certificates against the real PostgreSQL and Redis: the lifecycle with each refusal, the
 * return reminders in BullMQ and their cancellation, the release guard as a stage hook, revaluation
 * with the loan-to-value notice sent once, the lists and exports, and the vault's reconciliation.
 */
describe('custody of certificates', () => {
  let t: TestApp;
  let queue: Queue;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] ?? user });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  let bankId: string;
  let templateId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await bootTestApp({ queuePrefix: `custody-${process.pid}` });
    const setup = await pipelineSetup(t, '权证保管测试银行');
    Object.assign(tokens, setup.tokens);
    ({ bankId, templateId } = setup);
    queue = t.app.get<Queue>(getQueueToken(QUEUES.reminders));
    const users: { id: string; username: string }[] = await t.db.query(`SELECT id, username FROM app_user WHERE username = ANY($1)`, [
      ['apost', 'bpost', 'finance', 'leader', 'admin'],
    ]);
    for (const u of users) ids[u.username] = u.id;
  }, 120_000);
  afterAll(async () => {
    Clock.offsetMs = 0;
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

  /** A loan (2,000,000 yuan) disbursed today with a mortgage and a pledge confirmed: in afterGuarantee. */
  async function disbursedLoan(companyName: string) {
    const loan = await loanInStage(t, 'duringGuarantee', companyName);
    let v = loan.version;
    const collateral = [
      { kind: 'MORTGAGE', owner: '张三', description: '浦东新区厂房', appraisedValueFen: 150_000_000, certificateNo: '沪(2026)第1号' },
      { kind: 'PLEDGE', owner: '李四', description: '应收账款', appraisedValueFen: 80_000_000 },
    ];
    for (const item of collateral) await t.http.post(`/server/loans/${loan.id}/collaterals`).set(as('bpost')).send(item).expect(201);
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
    const view = (await t.http.get(`/server/loans/${loan.id}/custody`).set(as('finance')).expect(200)).body.data;
    const [mortgage, pledge] = view.items.map((i: { id: string }) => i.id);
    return { id: loan.id, version: v, mortgage, pledge };
  }

  const register = (loanId: string, collateralId: string, number: string, user = 'finance') =>
    t.http
      .post(`/server/loans/${loanId}/certificates`)
      .set(as(user))
      .send({ collateralId, kind: 'OTHER_RIGHTS', number, issuer: '上海市不动产登记局', holder: '上海某担保有限公司' });
  const moveOf = (id: string, move: string, user: string, body: Record<string, unknown> = {}) =>
    t.http.post(`/server/custody/certificates/${id}/${move}`).set(as(user)).send(body);
  const moves = (certificateId: string) => count(t, 'custody_move WHERE certificate_id = $1', [certificateId]);
  const stateOf = async (id: string) => (await t.db.query(`SELECT state FROM custody_certificate WHERE id = $1`, [id]))[0].state as string;
  const lend = (id: string, dueOn: string, extra: Record<string, unknown> = {}) =>
    moveOf(id, 'lend', 'finance', { borrowerId: ids.apost, reason: '送登记中心办理变更', returnDueOn: dueOn, receiverConfirmed: true, ...extra });

  it('lifecycle: register, deposit, lend, return, release as a stage hook; every refusal writes nothing', async () => {
    const loan = await disbursedLoan(`权证保管${randomUUID().slice(0, 6)}有限公司`);
    const n1 = `沪他项${randomUUID().slice(0, 8)}`;
    const n2 = `沪他项${randomUUID().slice(0, 8)}`;

    // registering takes the keeper's key, a confirmed item and whole input (400 in both languages)
    await register(loan.id, loan.mortgage, n1, 'apost').expect(403);
    await register(loan.id, randomUUID(), n1).expect(409);
    const bad = await t.http
      .post(`/server/loans/${loan.id}/certificates`)
      .set(as('finance'))
      .set('Accept-Language', 'en')
      .send({ collateralId: loan.mortgage, kind: 'DEED', number: '', issuer: 'x', holder: 'y' })
      .expect(400);
    expect(bad.body.message).toMatch(/not allowed|empty/);
    const badZh = await t.http
      .post(`/server/loans/${loan.id}/certificates`)
      .set(as('finance'))
      .set('Accept-Language', 'zh-CN')
      .send({ collateralId: loan.mortgage, kind: 'OTHER_RIGHTS', number: '', issuer: 'x', holder: 'y' })
      .expect(400);
    expect(badZh.body.message).toMatch(/权证编号/);
    expect(await count(t, 'custody_certificate WHERE loan_id = $1', [loan.id])).toBe(0);

    const c1 = (await register(loan.id, loan.mortgage, n1).expect(201)).body.data;
    const c2 = (await register(loan.id, loan.mortgage, n2).expect(201)).body.data;
    expect(c1.state).toBe('AWAITING_DEPOSIT');
    expect(c1.allowedMoves).toEqual(['DEPOSIT', 'CANCEL']);
    // the same number again: 409, nothing written
    await register(loan.id, loan.pledge, n1).expect(409);
    expect(await count(t, 'custody_certificate WHERE loan_id = $1', [loan.id])).toBe(2);

    // out of order: lend before deposit answers 409 naming the state, nothing written
    const early = await lend(c1.id, addDays(shanghaiDay(), 5)).set('Accept-Language', 'en').expect(409);
    expect(early.body.message).toMatch(/awaiting deposit/);
    expect(await moves(c1.id)).toBe(1);

    // parallel repeats of one deposit apply once
    const answers = await Promise.all([1, 2, 3, 4].map(() => moveOf(c1.id, 'deposit', 'finance')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await count(t, `custody_move WHERE certificate_id = $1 AND kind = 'DEPOSIT'`, [c1.id])).toBe(1);
    await moveOf(c2.id, 'deposit', 'finance').expect(200);
    // a scan: the attachments' checks (a text file is refused)
    await t.http.post(`/server/custody/certificates/${c1.id}/scan`).set(as('finance')).attach('file', Buffer.from('plain'), 'a.txt').expect(400);
    await t.http.post(`/server/custody/certificates/${c1.id}/scan`).set(as('finance')).attach('file', pdf, '权证扫描件.pdf').expect(201);
    expect((await t.http.get(`/server/custody/certificates/${c1.id}/scan`).set(as('apost')).expect(200)).headers['content-type']).toMatch(/pdf/);

    // lending: the receiver confirms, the borrower is a user, the day lies ahead
    const due = addDays(shanghaiDay(), 3);
    await lend(c1.id, due, { receiverConfirmed: false }).expect(400);
    await lend(c1.id, due, { borrowerId: randomUUID() }).expect(400);
    await lend(c1.id, shanghaiDay()).expect(400);
    await moveOf(c1.id, 'lend', 'apost', { borrowerId: ids.apost, reason: 'x', returnDueOn: due, receiverConfirmed: true }).expect(403);
    expect(await stateOf(c1.id)).toBe('IN_VAULT');
    const lent = (await lend(c1.id, due).expect(200)).body.data;
    expect([lent.state, lent.lentToName, lent.returnDueOn]).toEqual(['LENT', expect.any(String), due]);

    // the return reminder: a row, and its job in BullMQ
    const [reminder] = await t.db.query(`SELECT id, job_id, state, fire_at, due_at FROM reminder WHERE certificate_id = $1`, [c1.id]);
    expect(reminder.state).toBe('SCHEDULED');
    expect(new Date(reminder.due_at).getTime() - new Date(reminder.fire_at).getTime()).toBe(DAY_MS);
    expect(await queue.getJob(reminder.job_id)).toBeTruthy();

    // the loan to release: the whole principal repaid
    let v = loan.version;
    v = await step('bpost', loan.id, v, 'VISIT_SUBMIT_REPORT', { kind: 'REPORT', classification: 'NORMAL' });
    v = await step('leader', loan.id, v, 'VISIT_APPROVE');
    v = await step('finance', loan.id, v, 'RECORD_REPAYMENT', { amount: 2_000_000, earlySettlement: true });

    // release refused while a certificate is lent out: 409 naming it, in both languages; nothing written
    const events = await count(t, 'workflow_event WHERE loan_id = $1', [loan.id]);
    const refusedEn = await sendEvent(t, tokens.apost, loan.id, 'CONFIRM_RELEASE', v, { itemId: loan.mortgage }).set('Accept-Language', 'en').expect(409);
    expect(refusedEn.body.message).toContain(n1);
    expect(refusedEn.body.message).toMatch(/lent out/);
    const refusedZh = await sendEvent(t, tokens.apost, loan.id, 'CONFIRM_RELEASE', v, { itemId: loan.mortgage }).set('Accept-Language', 'zh-CN').expect(409);
    expect(refusedZh.body.message).toContain(`${n1}（借出）`);
    expect(await count(t, 'workflow_event WHERE loan_id = $1', [loan.id])).toBe(events);
    expect(await stateOf(c2.id)).toBe('IN_VAULT');

    // a return by someone who is neither the borrower nor a keeper: 403, nothing written
    const before = await moves(c1.id);
    const stranger = await userWith(t, ['custody_list']);
    const refused = await moveOf(c1.id, 'return', stranger.token).set('Accept-Language', 'en').expect(403);
    expect(refused.body.message).toMatch(/borrower or a vault keeper/);
    await moveOf(c1.id, 'return', 'bpost').expect(403);
    expect(await moves(c1.id)).toBe(before);

    // the borrower returns it: the reminders are cancelled and their job removed after the commit (an outbox row)
    const back = (await moveOf(c1.id, 'return', 'apost', { reason: '办理完毕' }).expect(200)).body.data;
    expect(back.state).toBe('IN_VAULT');
    expect((await t.db.query(`SELECT state FROM reminder WHERE id = $1`, [reminder.id]))[0].state).toBe('CANCELLED');
    expect(await count(t, `outbox WHERE topic = 'reminders.unqueue' AND payload->'jobIds' ? $1`, [reminder.job_id])).toBe(1);
    // returning again: out of order for the keeper; the former borrower is no longer one
    await moveOf(c1.id, 'return', 'finance').expect(409);
    await moveOf(c1.id, 'return', 'apost').expect(403);

    // now the release goes through, handing both certificates out to the person named, with the event
    v = await step('apost', loan.id, v, 'CONFIRM_RELEASE', { itemId: loan.mortgage, receivedBy: '张三' });
    const out = await t.db.query(
      `SELECT c.state, c.released_to, m.kind, m.counterparty, m.event_seq FROM custody_certificate c JOIN custody_move m ON m.certificate_id = c.id AND m.kind = 'RELEASE'
        WHERE c.collateral_id = $1 ORDER BY c.number`,
      [loan.mortgage],
    );
    expect(out).toHaveLength(2);
    expect(
      out.every(
        (r: { state: string; released_to: string; counterparty: string; event_seq: number }) =>
          r.state === 'RELEASED' && r.released_to === '张三' && r.event_seq === v,
      ),
    ).toBe(true);
    // a move after release: out of order; cancelling it is allowed
    await moveOf(c1.id, 'lend', 'finance').expect(400);
    await lend(c1.id, addDays(shanghaiDay(), 2)).expect(409);
    await moveOf(c1.id, 'cancel', 'finance', {}).expect(400);
    await moveOf(c1.id, 'cancel', 'finance', { reason: '抵押登记已注销' }).expect(200);

    // the pledge has no certificate: its release hands nothing and names the borrower by default
    await step('apost', loan.id, v, 'CONFIRM_RELEASE', { itemId: loan.pledge });

    // history: every move in order, with who, and the receiver's confirmation on hand-overs
    const history = (await t.http.get(`/server/custody/moves?certificateId=${c1.id}`).set(as('apost')).expect(200)).body.data.list;
    expect(history.map((m: { kind: string }) => m.kind)).toEqual(['REGISTER', 'DEPOSIT', 'LEND', 'RETURN', 'RELEASE', 'CANCEL']);
    expect(history.find((m: { kind: string }) => m.kind === 'LEND')).toMatchObject({ receiverConfirmed: true, returnDueOn: due });
    // the moves are append-only, for the application too
    await expect(t.db.query(`UPDATE custody_move SET reason = 'x' WHERE certificate_id = $1`, [c1.id])).rejects.toThrow(/append-only|permission/);
    await expect(t.db.query(`DELETE FROM custody_move WHERE certificate_id = $1`, [c1.id])).rejects.toThrow(/append-only|permission/);

    // exports open in Excel
    const inventory = await readExport(t, `/server/custody/inventory/export?loanId=${loan.id}`, tokens.apost, 'en');
    expect(inventory.headers).toContain('Number');
    expect(inventory.rows.map((r) => r[0]).sort()).toEqual([n1, n2].sort());
    const moveSheet = await readExport(t, `/server/custody/moves/export?certificateId=${c1.id}`, tokens.apost, 'zh-CN');
    expect(moveSheet.rows).toHaveLength(6);
  }, 180_000);

  it('reminders: one day before the return day, then daily while overdue, until it is returned', async () => {
    const loan = await disbursedLoan(`权证提醒${randomUUID().slice(0, 6)}有限公司`);
    const c = (await register(loan.id, loan.pledge, `沪质押${randomUUID().slice(0, 8)}`).expect(201)).body.data;
    await moveOf(c.id, 'deposit', 'finance').expect(200);
    const due = addDays(shanghaiDay(), 2);
    await lend(c.id, due).expect(200);
    const handler = new ReminderJobsHandler(t.db, queue);
    const [first] = await t.db.query(`SELECT id, fire_at FROM reminder WHERE certificate_id = $1`, [c.id]);

    // the first fires (the clock moved to its time): the borrower hears of it, and the next waits for the day after the return day
    Clock.offsetMs = new Date(first.fire_at).getTime() - Date.now() + 1000;
    expect(await handler.fire(first.id)).toEqual({ sent: 1 });
    const second = (await t.db.query(`SELECT id, fire_at, due_at, job_id FROM reminder WHERE certificate_id = $1 AND state = 'SCHEDULED'`, [c.id]))[0];
    expect(new Date(second.fire_at).getTime() - new Date(second.due_at).getTime()).toBe(DAY_MS);
    expect(await queue.getJob(second.job_id)).toBeTruthy();
    // overdue: the next one says so, and makes the one after
    Clock.offsetMs = new Date(second.fire_at).getTime() - Date.now() + 1000;
    expect(await handler.fire(second.id)).toEqual({ sent: 1 });
    const [message] = await t.db.query(`SELECT content FROM message WHERE source_key = $1`, [`reminder:${second.id}`]);
    expect(message.content).toMatch(/逾期 1 天|1 days overdue/);
    const third = (await t.db.query(`SELECT id, fire_at FROM reminder WHERE certificate_id = $1 AND state = 'SCHEDULED'`, [c.id]))[0];
    expect(new Date(third.fire_at).getTime() - new Date(second.fire_at).getTime()).toBe(DAY_MS);
    // returned by a keeper: the scheduled one is cancelled, and one that still fires sends nothing
    Clock.offsetMs = 0;
    await moveOf(c.id, 'return', 'finance').expect(200);
    expect(await count(t, `reminder WHERE certificate_id = $1 AND state = 'SCHEDULED'`, [c.id])).toBe(0);
    Clock.offsetMs = new Date(third.fire_at).getTime() - Date.now() + 1000;
    expect(await handler.fire(third.id)).toEqual({ skipped: 'CANCELLED' });
  }, 180_000);

  it('revaluation: kept with its day, the next revaluation reminded, the loan-to-value notice sent once', async () => {
    const loan = await disbursedLoan(`押品重估${randomUUID().slice(0, 6)}有限公司`);
    // the counter-guarantee's confirmation started each item's clock: the kind's interval from that day
    const [y, m, d] = shanghaiDay().split('-').map(Number);
    const monthsAhead = (n: number) => {
      const month = m - 1 + n;
      const last = new Date(Date.UTC(y + Math.floor(month / 12), (month % 12) + 1, 0)).getUTCDate();
      return `${y + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
    };
    const confirmed = (await t.http.get(`/server/loans/${loan.id}/custody`).set(as('finance')).expect(200)).body.data;
    expect(confirmed.items.map((i: { id: string; nextRevaluationOn: string }) => [i.id, i.nextRevaluationOn])).toEqual([
      [loan.mortgage, monthsAhead(12)],
      [loan.pledge, monthsAhead(6)],
    ]);
    expect(await count(t, `reminder WHERE loan_id = $1 AND kind = 'REVALUATION' AND state = 'SCHEDULED'`, [loan.id])).toBe(2);
    // the first certificate of an item with a clock running leaves it as it is
    await register(loan.id, loan.mortgage, `沪他项${randomUUID().slice(0, 8)}`).expect(201);
    expect(await count(t, `reminder WHERE loan_id = $1 AND kind = 'REVALUATION'`, [loan.id])).toBe(2);
    // outstanding 2,000,000 over 2,300,000 of value: 86.96 %, above the default 70 %, but no revaluation yet told nobody
    expect(await count(t, 'custody_ltv_alert WHERE loan_id = $1', [loan.id])).toBe(0);
    const revalue = (valueFen: number, user = 'bpost') =>
      t.http
        .post(`/server/loans/${loan.id}/revaluations`)
        .set(as(user))
        .send({ collateralId: loan.mortgage, appraisedValueFen: valueFen, valuedOn: shanghaiDay() });
    await revalue(100_000_000, 'apost').expect(403);
    await t.http
      .post(`/server/loans/${loan.id}/revaluations`)
      .set(as('bpost'))
      .send({ collateralId: loan.mortgage, appraisedValueFen: 1.5, valuedOn: shanghaiDay() })
      .expect(400);
    await t.http
      .post(`/server/loans/${loan.id}/revaluations`)
      .set(as('bpost'))
      .send({ collateralId: loan.mortgage, appraisedValueFen: 100, valuedOn: addDays(shanghaiDay(), 3) })
      .expect(400);
    expect(await count(t, 'collateral_valuation WHERE loan_id = $1', [loan.id])).toBe(0);

    // 1,000,000 + 800,000 of value for 2,000,000 owed: 111.11 %
    const view = (await revalue(100_000_000).expect(201)).body.data;
    expect(view.ltvBp).toBe(11111);
    expect(view.ltvAbove).toBe(true);
    expect(view.ltvAlertAt).toBeTruthy();
    const item = view.items.find((i: { id: string }) => i.id === loan.mortgage);
    expect([item.latestValueFen, item.valuedOn]).toEqual([100_000_000, shanghaiDay()]);
    // the mortgage's interval: 12 months by default
    expect(item.nextRevaluationOn).toBe(monthsAhead(12));
    expect(await count(t, `reminder WHERE collateral_id = $1 AND kind = 'REVALUATION' AND state = 'SCHEDULED'`, [loan.mortgage])).toBe(1);

    // the officers (A-post, B-post) and the leader were told, once each
    const told = async () =>
      (await t.db.query(`SELECT user_id FROM message WHERE source_key = $1`, [`ltv:${loan.id}`])).map((r: { user_id: string }) => r.user_id).sort();
    expect(await told()).toEqual([ids.apost, ids.bpost, ids.leader].sort());
    // a second revaluation still above: no second notice; its reminder replaces the first
    await revalue(90_000_000).expect(201);
    expect(await told()).toHaveLength(3);
    expect(await count(t, `reminder WHERE collateral_id = $1 AND kind = 'REVALUATION' AND state = 'SCHEDULED'`, [loan.mortgage])).toBe(1);
    expect(await count(t, 'collateral_valuation WHERE loan_id = $1', [loan.id])).toBe(2);

    // the settings: administrators only, checked
    await t.http
      .put('/server/custody/settings')
      .set(as('bpost'))
      .send({ ltvThresholdBp: 6000, intervalMonths: { MORTGAGE: 12, PLEDGE: 6, OTHER: 12 } })
      .expect(403);
    await t.http
      .put('/server/custody/settings')
      .set(as('admin'))
      .send({ ltvThresholdBp: 6000, intervalMonths: { MORTGAGE: 0, PLEDGE: 6, OTHER: 12 } })
      .expect(400);
    const settings = (await t.http.get('/server/custody/settings').set(as('bpost')).expect(200)).body.data;
    expect(settings.ltvThresholdBp).toBe(7000);
    const trailed = () => count(t, `operator_trail WHERE detail->>'setting' = 'custody'`);
    const trailBefore = await trailed();
    // the same values set again by an administrator: a new version, and its row in the operator trail
    await t.http.put('/server/custody/settings').set(as('admin')).send({ ltvThresholdBp: 7000, intervalMonths: settings.intervalMonths }).expect(200);
    expect(await trailed()).toBe(trailBefore + 1);
    const [trail] = await t.db.query(`SELECT actor_id AS "actorId", after FROM operator_trail WHERE detail->>'setting' = 'custody' ORDER BY id DESC LIMIT 1`);
    expect(trail).toEqual({ actorId: ids.admin, after: { ltvThresholdBp: 7000, intervalMonths: settings.intervalMonths } });
  }, 180_000);

  it('inventory: filtered by state and loan, keyset pages without a gap or a repeat, overdue returns; forged cursors refused', async () => {
    const loan = await disbursedLoan(`库存列表${randomUUID().slice(0, 6)}有限公司`);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = (await register(loan.id, i % 2 ? loan.pledge : loan.mortgage, `沪库存${randomUUID().slice(0, 8)}`).expect(201)).body.data;
      await moveOf(c.id, 'deposit', 'finance').expect(200);
      made.push(c.id);
    }
    await lend(made[0], addDays(shanghaiDay(), 4)).expect(200);
    // an overdue one, as the demo data has: lent with a day now past
    await t.db.query(`UPDATE custody_certificate SET return_due_on = current_date - 3 WHERE id = $1`, [made[0]]);

    const page = async (query: string) => (await t.http.get(`/server/custody/inventory?loanId=${loan.id}&${query}`).set(as('apost')).expect(200)).body.data;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: { list: { id: string }[]; nextCursor: string | null; total: number } = await page(`pageSize=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(p.total).toBe(5);
      seen.push(...p.list.map((r) => r.id));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...made].sort());
    expect((await page('state=IN_VAULT')).total).toBe(4);
    const overdue = await page('state=OVERDUE');
    expect(overdue.list.map((r: { id: string; overdueDays: number }) => [r.id, r.overdueDays])).toEqual([[made[0], 3]]);
    // sorted by number ascending
    const byNumber = (await page('sort=number&order=ASC&pageSize=5')).list.map((r: { number: string }) => r.number);
    expect(byNumber).toEqual([...byNumber].sort());
    // a cursor of another sort, or a forged one: 400
    const first = await page('pageSize=2');
    await t.http.get(`/server/custody/inventory?sort=number&cursor=${first.nextCursor}`).set(as('apost')).expect(400);
    await t.http.get(`/server/custody/inventory?cursor=bm9wZQ`).set(as('apost')).expect(400);
    // without the read key: 403
    const stranger = await userWith(t, []);
    await t.http.get('/server/custody/inventory').set(as(stranger.token)).expect(403);
  }, 180_000);

  it('the vault reconciles on seeded data: per loan, deposited = in the vault + lent + out at release + cancelled', async () => {
    const rows: { loan_id: string; deposited: number; in_vault: number; lent: number; released: number; cancelled: number }[] = await t.db.query(
      `SELECT c.loan_id,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM custody_move m WHERE m.certificate_id = c.id AND m.kind = 'DEPOSIT'))::int AS deposited,
              count(*) FILTER (WHERE c.state = 'IN_VAULT')::int AS in_vault,
              count(*) FILTER (WHERE c.state = 'LENT')::int AS lent,
              count(*) FILTER (WHERE c.state = 'RELEASED')::int AS released,
              count(*) FILTER (WHERE c.state = 'CANCELLED' AND EXISTS (SELECT 1 FROM custody_move m WHERE m.certificate_id = c.id AND m.kind = 'DEPOSIT'))::int AS cancelled
         FROM custody_certificate c GROUP BY c.loan_id`,
    );
    // the demo data has certificates (in the vault, one lent and overdue), and the suites above added theirs
    expect(rows.length).toBeGreaterThan(1);
    const demo = await count(
      t,
      `custody_certificate c JOIN loan l ON l.id = c.loan_id JOIN company co ON co.id = l.company_id WHERE c.state = 'LENT' AND c.return_due_on < current_date`,
    );
    expect(demo).toBeGreaterThan(0);
    for (const r of rows) expect([r.loan_id, r.deposited]).toEqual([r.loan_id, r.in_vault + r.lent + r.released + r.cancelled]);
    // and each certificate's state is the one its last move reached
    const drift = await count(
      t,
      `custody_certificate c WHERE c.state <> (SELECT m.to_state FROM custody_move m WHERE m.certificate_id = c.id ORDER BY m.id DESC LIMIT 1)`,
    );
    expect(drift).toBe(0);
    // the tab counts the triggers keep are the certificates' own, after every suite's moves
    const kept = await t.db.query(`SELECT state, n::int AS n FROM custody_state_count WHERE n > 0 ORDER BY state`);
    const actual = await t.db.query(`SELECT state, count(*)::int AS n FROM custody_certificate GROUP BY state ORDER BY state`);
    expect(kept).toEqual(actual);
    const overdueKept = await t.db.query(`SELECT COALESCE(sum(n), 0)::int AS n FROM custody_lent_due_count WHERE due_on < current_date`);
    expect(overdueKept[0].n).toBe(await count(t, `custody_certificate WHERE state = 'LENT' AND return_due_on < current_date`));
    const tabs = (await t.http.get('/server/custody/inventory?pageSize=1').set(as('apost')).expect(200)).body.data;
    expect(tabs.total).toBe(
      Math.min(
        10_000,
        actual.reduce((sum: number, r: { n: number }) => sum + r.n, 0),
      ),
    );
  });
});
