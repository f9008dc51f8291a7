import { randomUUID } from 'node:crypto';
import * as engine from '@app/workflow';
import { DisbursementColumns1764109100000 } from '../../migrations/1764109100000-disbursement-columns';
import { listColumns } from '../../server/src/workflow/list-columns';
import { WorkflowRepository } from '../../server/src/workflow/workflow.repository';
import { commitEvent } from '../../server/src/workflow/workflow.service';
import { count, ownerDb, startTestApp, AppHandle, tokenOf } from './support/app';
import { loanInStage, readExport, shanghaiDay, userWith } from './support/lists';

/**
 * voucherList's extras: the disbursement reminder to the loan's A-post officer, and the
 * disbursement day and amount lent as list columns (shown, sorted, exported).
 */
describe('disbursement reminder and disbursement columns', () => {
  let t: AppHandle;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] ?? user });
  let idOf: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    for (const user of ['admin', 'apost', 'finance']) tokens[user] = await tokenOf(t, user);
    const users: { id: string; username: string }[] = await t.db.query(`SELECT id, username FROM app_user WHERE username = ANY($1)`, [
      ['admin', 'apost', 'bpost', 'prereview', 'leader', 'finance'],
    ]);
    idOf = Object.fromEntries(users.map((u) => [u.username, u.id]));
  });
  afterAll(async () => {
    await t.http.patch('/server/user/language').set(as('apost')).send({ language: 'zh-CN' });
    await t.close();
  });

  /**
   * A new loan taken through the API to the guarantee stage, then on through the machine (the
   * happy path's events, committed in-process as the meeting library does: no document uploads
   * needed) to `stage`; VOUCHER_CONFIRM carries the given day and amount.
   */
  async function loanAt(stage: 'disbursement' | 'afterGuarantee', companyName: string, lent?: { disbursedOn: string; disbursedAmountFen: number }) {
    const loan = await loanInStage(t, 'duringGuarantee', companyName);
    const actors: engine.PipelineActors = {
      aPost: idOf.apost,
      bPost: idOf.bpost,
      clerk: idOf.admin,
      approver: idOf.prereview,
      leader: idOf.leader,
      finance: idOf.finance,
      voters: ['voter-1', 'voter-2', 'voter-3'],
    };
    const input = { loanId: loan.id, amount: 2_000_000, termMonths: 12, aPostOfficerId: idOf.apost, bPostOfficerId: idOf.bpost };
    const events = engine.eventsToStage(input, stage, actors).slice(loan.version);
    const repo = new WorkflowRepository(t.db);
    for (const drafted of events) {
      const event = { ...drafted, ...(drafted.type === 'VOUCHER_CONFIRM' && lent ? lent : {}), at: new Date().toISOString() } as engine.GuaranteeEvent;
      const row = await repo.instance(loan.id);
      const outcome = await commitEvent(t.db.manager, repo, row!, event);
      if (!outcome.ok) throw new Error(`${event.type}: ${JSON.stringify(outcome)}`);
    }
    const [row] = await t.db.query(`SELECT stage, version FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
    expect(row.stage).toBe(stage);
    return { id: loan.id, version: row.version as number };
  }

  const remind = (loanId: string, token: string, lang = 'zh-CN') =>
    t.http.post(`/server/loans/${loanId}/disbursement-reminder`).set('X-Platform-Token', token).set('Accept-Language', lang);
  const remindersOf = (loanId: string) => count(t, `message WHERE source_key LIKE $1`, [`disbursement-reminder:${loanId}:%`]);

  describe('the disbursement reminder', () => {
    it('refuses without sys:voucher:remind, and without access to the loan (403), writing nothing', async () => {
      const loan = await loanAt('disbursement', `提醒权限${randomUUID().slice(0, 6)}有限公司`);
      const noRemind = await userWith(t, ['sys:loan:detail', 'voucher_list', 'protect_middle']);
      const res = await remind(loan.id, noRemind.token, 'en').expect(403);
      expect(res.body.code).toBe('403');
      // the remind code alone does not open a loan the user may not see
      const noAccess = await userWith(t, ['sys:voucher:remind', 'voucher_list', 'protect_middle']);
      const blind = await remind(loan.id, noAccess.token, 'en').expect(403);
      expect(blind.body.data).toMatchObject({ required: 'sys:loan:detail' });
      expect(await remindersOf(loan.id)).toBe(0);
      // with both: sent
      const both = await userWith(t, ['sys:voucher:remind', 'sys:loan:detail']);
      await remind(loan.id, both.token).expect(200);
      expect(await remindersOf(loan.id)).toBe(1);
    });

    it('refuses (409, localized) a loan not awaiting disbursement, and an unknown loan (404)', async () => {
      const before = await count(t, 'message');
      const during = await loanInStage(t, 'duringGuarantee');
      const zh = await remind(during.id, tokens.apost, 'zh-CN').expect(409);
      expect(zh.body).toMatchObject({ code: 'A09407', message: '只能在贷款等待放款时发送放款提醒' });
      const after = await loanAt('afterGuarantee', `提醒已放款${randomUUID().slice(0, 6)}有限公司`);
      const en = await remind(after.id, tokens.apost, 'en').expect(409);
      expect(en.body).toMatchObject({ code: 'A09407', message: 'A disbursement reminder can be sent only while the loan awaits disbursement' });
      await remind(randomUUID(), tokens.apost).expect(404);
      await remind('not-a-loan', tokens.apost).expect(404);
      expect(await count(t, 'message')).toBe(before);
    });

    it("writes one message per day to the loan's A-post officer, even for 5 requests at once, and answers with it", async () => {
      const company = `提醒并发${randomUUID().slice(0, 6)}有限公司`;
      const loan = await loanAt('disbursement', company);
      const answers = await Promise.all(Array.from({ length: 5 }, () => remind(loan.id, tokens.admin)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await remindersOf(loan.id)).toBe(1);
      const [message] = await t.db.query(`SELECT id, user_id, type, link, source_key FROM message WHERE source_key LIKE $1`, [
        `disbursement-reminder:${loan.id}:%`,
      ]);
      expect(message).toMatchObject({ user_id: idOf.apost, type: 'REMINDER', link: `/company/node/${loan.id}` });
      expect(message.source_key).toBe(`disbursement-reminder:${loan.id}:${shanghaiDay()}`);
      // every answer names that one message; exactly one of them wrote it
      expect(new Set(answers.map((a) => a.body.data.messageId))).toEqual(new Set([message.id]));
      expect(answers.filter((a) => a.body.data.created)).toHaveLength(1);
      expect(answers[0].body.data).toMatchObject({ recipient: { id: idOf.apost }, day: shanghaiDay() });
      // a later request the same day: the same message again
      const again = await remind(loan.id, tokens.admin).expect(200);
      expect(again.body.data).toMatchObject({ messageId: message.id, created: false });
      // the officer finds it on the dashboard
      const inbox = await t.http.get('/server/messages?pageNum=1&pageSize=50').set(as('apost')).expect(200);
      expect(inbox.body.data.list.map((m: { id: string }) => m.id)).toContain(message.id);
    });

    it("is written in the recipient's language (zh and en), whatever the sender's", async () => {
      const zhLoan = await loanAt('disbursement', `提醒中文${randomUUID().slice(0, 6)}有限公司`);
      await t.http.patch('/server/user/language').set(as('apost')).send({ language: 'zh-CN' }).expect(200);
      const zh = await remind(zhLoan.id, tokens.admin, 'en').expect(200);
      expect(zh.body.data).toMatchObject({ language: 'zh-CN', title: expect.stringMatching(/^放款提醒：提醒中文/) });
      expect(zh.body.data.content).toContain('2,000,000.00');
      expect(zh.body.data.content).toMatch(/催促放款/);

      const enLoan = await loanAt('disbursement', `提醒英文${randomUUID().slice(0, 6)}有限公司`);
      await t.http.patch('/server/user/language').set(as('apost')).send({ language: 'en' }).expect(200);
      const en = await remind(enLoan.id, tokens.admin, 'zh-CN').expect(200);
      expect(en.body.data).toMatchObject({ language: 'en', title: expect.stringMatching(/^Disbursement reminder: 提醒英文/) });
      expect(en.body.data.content).toMatch(/awaits disbursement: please chase .* to lend/);
      const [stored] = await t.db.query(`SELECT title, content FROM message WHERE id = $1`, [en.body.data.messageId]);
      expect(stored).toEqual({ title: en.body.data.title, content: en.body.data.content });
      await t.http.patch('/server/user/language').set(as('apost')).send({ language: 'zh-CN' }).expect(200);
    });
  });

  describe('the disbursement day and amount lent as list columns', () => {
    const prefix = `放款列${randomUUID().slice(0, 6)}`;
    let early: { id: string };
    let late: { id: string };
    let waiting: { id: string };

    beforeAll(async () => {
      early = await loanAt('afterGuarantee', `${prefix}甲有限公司`, { disbursedOn: '2026-01-05', disbursedAmountFen: 150_000_000 });
      late = await loanAt('afterGuarantee', `${prefix}乙有限公司`, { disbursedOn: '2026-02-10', disbursedAmountFen: 90_000_050 });
      waiting = await loanAt('disbursement', `${prefix}丙有限公司`);
    });

    it('keeps them as instance columns beside the snapshot', async () => {
      const rows = await t.db.query(
        `SELECT loan_id, disbursed_on::text AS "on", disbursed_amount_fen::bigint AS fen FROM workflow_instance WHERE loan_id = ANY($1)`,
        [[early.id, late.id, waiting.id]],
      );
      const byId = Object.fromEntries(rows.map((r: any) => [r.loan_id, { on: r.on, fen: r.fen === null ? null : Number(r.fen) }]));
      expect(byId[early.id]).toEqual({ on: '2026-01-05', fen: 150_000_000 });
      expect(byId[late.id]).toEqual({ on: '2026-02-10', fen: 90_000_050 });
      expect(byId[waiting.id]).toEqual({ on: null, fen: null });
    });

    it("match every instance's snapshot, as written with each event and as the migration fills them in SQL", async () => {
      type Stored = { loan_id: string; snapshot: any; on: string | null; fen: string | null };
      const read = (q: { query: (sql: string) => Promise<Stored[]> }) =>
        q.query(`SELECT loan_id, snapshot, disbursed_on::text AS "on", disbursed_amount_fen AS fen FROM workflow_instance ORDER BY loan_id`);
      const expectFromSnapshots = (stored: Stored[]) => {
        for (const row of stored) {
          const want = listColumns(row.snapshot);
          expect([row.loan_id, row.on, row.fen === null ? null : Number(row.fen)]).toEqual([row.loan_id, want.disbursedOn, want.disbursedAmountFen]);
        }
      };
      const written = await read(t.db);
      // demo loans after disbursement and the ones above: some lent, some not
      expect(written.filter((r) => r.on !== null).length).toBeGreaterThanOrEqual(3);
      expect(written.filter((r) => r.on === null).length).toBeGreaterThan(0);
      expectFromSnapshots(written);

      // the migration's backfill on the same rows (rolled back), as the owner that may alter tables
      const owner = await ownerDb();
      const runner = owner.createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      try {
        const migration = new DisbursementColumns1764109100000();
        await migration.down(runner);
        await migration.up(runner);
        const refilled = await read(runner);
        expect(refilled.map((r) => [r.loan_id, r.on, r.fen])).toEqual(written.map((r) => [r.loan_id, r.on, r.fen]));
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
        await owner.destroy();
      }
    });

    it('shows them on the loan list and the ledger, sorted both ways (undisbursed last)', async () => {
      const q = `companyName=${encodeURIComponent(prefix)}&pageNum=1&pageSize=10`;
      const names = (res: any) => res.body.data.list.map((r: any) => r.id);
      const asc = await t.http.get(`/server/loans?${q}&sort=disbursedOn&order=asc`).set(as('admin')).expect(200);
      expect(names(asc)).toEqual([early.id, late.id, waiting.id]);
      expect(asc.body.data.list[0]).toMatchObject({ disbursedOn: '2026-01-05', disbursedAmountFen: 150_000_000 });
      expect(asc.body.data.list[2]).toMatchObject({ disbursedOn: null, disbursedAmountFen: null });
      const desc = await t.http.get(`/server/loans?${q}&sort=disbursedOn&order=desc`).set(as('admin')).expect(200);
      expect(names(desc)).toEqual([late.id, early.id, waiting.id]);
      const byAmount = await t.http.get(`/server/loans?${q}&sort=disbursedAmount&order=asc`).set(as('admin')).expect(200);
      expect(names(byAmount)).toEqual([late.id, early.id, waiting.id]);

      const ledger = await t.http.get(`/server/worklists/ledgerList?${q}&sort=disbursedAmount&order=desc`).set(as('admin')).expect(200);
      expect(names(ledger)).toEqual([early.id, late.id]);
      expect(ledger.body.data.list[1]).toMatchObject({ disbursedOn: '2026-02-10', disbursedAmountFen: 90_000_050 });
      const voucher = await t.http.get(`/server/worklists/voucherList?${q}`).set(as('admin')).expect(200);
      expect(voucher.body.data.list).toMatchObject([{ id: waiting.id, disbursedOn: null, disbursedAmountFen: null }]);
      // the lists' column registry names them
      const meta = await t.http.get('/server/worklists').set(as('admin')).expect(200);
      const columnsOf = (name: string) => meta.body.data.find((l: { name: string }) => l.name === name)?.columns;
      expect(columnsOf('voucherList')).toEqual(expect.arrayContaining(['disbursedOn', 'disbursedAmount']));
      expect(columnsOf('ledgerList')).toEqual(expect.arrayContaining(['disbursedOn', 'disbursedAmount']));
      // an unknown sort is refused, not ignored
      await t.http.get(`/server/loans?${q}&sort=disbursed`).set(as('admin')).expect(400);
    });

    it('exports them (loan list and ledger), in yuan', async () => {
      const q = `companyName=${encodeURIComponent(prefix)}&sort=disbursedOn&order=asc`;
      const zh = await readExport(t, `/server/loans/export?${q}`, tokens.admin, 'zh-CN');
      const on = zh.headers.indexOf('放款日期');
      const amount = zh.headers.indexOf('放款金额（元）');
      expect(on).toBeGreaterThanOrEqual(0);
      expect(amount).toBeGreaterThanOrEqual(0);
      expect(zh.rows.map((r) => [r[on], r[amount]])).toEqual([
        ['2026-01-05', '1500000'],
        ['2026-02-10', '900000.5'],
        ['', ''],
      ]);
      const en = await readExport(t, `/server/worklists/ledgerList/export?${q}`, tokens.admin, 'en');
      expect(en.headers).toEqual(expect.arrayContaining(['Disbursed on', 'Amount lent (yuan)']));
      expect(en.rows.map((r) => r[en.headers.indexOf('Disbursed on')])).toEqual(['2026-01-05', '2026-02-10']);
    });
  });
});
