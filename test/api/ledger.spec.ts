import { randomUUID } from 'node:crypto';
import { DEMO_TEMPLATE_BANK, seedDemoBasicData } from '../../server/src/basic-data/demo-basic-data';
import { createDemoLoan, DemoPeople } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { count, startTestApp, AppHandle } from './support/app';
import { demoPeople, userWith } from './support/lists';
import { sendEvent } from './support/loans';

interface Instalment {
  id: string;
  seq: number;
  dueOn: string;
  principalFen: number;
  repaidFen: number;
  state: 'DUE' | 'REPAID';
  voucher: { attachmentId: string; name: string; uploadedAt: string } | null;
}

/**
 * The ledger's actions on the repayment plan against the real PostgreSQL: the plan edit
 * offered by the ledger list, each instalment's repayment voucher through the file storage, and the
 * manual repayment reminder (one message per company day to the A-post officer).
 */
describe('ledger: repayment plan edit, vouchers and the repayment reminder', () => {
  let t: AppHandle;
  let people: DemoPeople;
  let storage: FileStorage;
  const tokens: Record<string, string> = {};
  const as = (user: string, lang = 'zh-CN') => ({ 'X-Platform-Token': tokens[user], 'Accept-Language': lang });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp();
    people = await demoPeople(t);
    storage = new FileStorage(t.db, t.config);
    const [{ n: banks }] = await t.db.query(`SELECT count(*)::int AS n FROM bank WHERE name = $1`, [DEMO_TEMPLATE_BANK]);
    if (!banks) await t.db.transaction((em) => seedDemoBasicData(em, storage, people.admin));
    const read = ['sys:loan:detail', 'archives_detail', 'protect_after', 'ledger_list'];
    tokens.ledger = (
      await userWith(t, [...read, 'sys:ledger:edit', 'sys:ledger:upload-repayment', 'sys:ledger:remind-repayment', 'sys:ledger:attachments'])
    ).token;
    tokens.reader = (await userWith(t, read)).token;
    tokens.stranger = (await userWith(t, ['protect_after'])).token;
  }, 60_000);
  afterAll(() => t.close());

  /** A loan driven by the real machine to afterGuarantee (1,200,000 yuan over 3 months) with its BULLET plan, as VOUCHER_CONFIRM makes it. */
  async function loanAfterGuarantee(): Promise<{ id: string; company: string }> {
    n += 1;
    const company = `台账测试公司${randomUUID().slice(0, 8)}`;
    const row = await t.db.transaction((em) =>
      createDemoLoan(
        em,
        people,
        { stage: 'afterGuarantee', company, amount: 1_200_000, termMonths: 3, bank: DEMO_TEMPLATE_BANK },
        800 + n,
        new Date(Date.now() - 40 * 86_400_000).toISOString(),
        storage,
      ),
    );
    const loanId = row.loanId;
    return { id: loanId, company };
  }
  const version = async (loanId: string): Promise<number> =>
    (await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].version;
  const plan = async (loanId: string) =>
    (await t.http.get(`/server/loans/${loanId}/repayment-plan`).set(as('ledger')).expect(200)).body.data as { instalments: Instalment[] };
  const companyIdOf = async (loanId: string): Promise<string> => (await t.db.query(`SELECT company_id FROM loan WHERE id = $1`, [loanId]))[0].company_id;

  /** Edits the plan to equal principal (3 instalments) from the ledger list, where the edit is offered; then repays the first. */
  async function editAndRepayFirst(loanId: string): Promise<Instalment[]> {
    const list = await t.http
      .get('/server/worklists/ledgerList')
      .set(as('ledger'))
      .query({ companyId: await companyIdOf(loanId), pageSize: 50 })
      .expect(200);
    const row = list.body.data.list.find((r: { id: string }) => r.id === loanId);
    expect(row).toBeDefined();
    const offered: { type: string; payload?: { name: string }[] }[] = row.workflow.legalActions;
    expect(offered.map((a) => a.type).sort()).toEqual(['RECORD_REPAYMENT', 'REPAYMENT_PLAN_EDIT']);
    // the reader holds the list but not the edit: it is not offered to them
    const readerRow = (
      await t.http
        .get('/server/worklists/ledgerList')
        .set(as('reader'))
        .query({ companyId: await companyIdOf(loanId) })
        .expect(200)
    ).body.data.list[0];
    expect(readerRow.workflow.legalActions).toEqual([]);

    const noReason = await sendEvent(t, tokens.ledger, loanId, 'REPAYMENT_PLAN_EDIT', await version(loanId), { method: 'EQUAL_PRINCIPAL' });
    expect(noReason.status).toBe(400);
    await sendEvent(t, tokens.ledger, loanId, 'REPAYMENT_PLAN_EDIT', await version(loanId), {
      method: 'EQUAL_PRINCIPAL',
      reason: '企业申请按月等额还本',
    }).expect(200);
    const [edit] = await t.db.query(`SELECT payload FROM workflow_event WHERE loan_id = $1 AND type = 'REPAYMENT_PLAN_EDIT'`, [loanId]);
    expect(JSON.stringify(edit.payload)).toContain('企业申请按月等额还本');
    const instalments = (await plan(loanId)).instalments;
    expect(instalments.map((i) => [i.seq, i.state])).toEqual([
      [1, 'DUE'],
      [2, 'DUE'],
      [3, 'DUE'],
    ]);
    await sendEvent(t, tokens.ledger, loanId, 'RECORD_REPAYMENT', await version(loanId), { amount: instalments[0].principalFen / 100 }).expect(200);
    const after = (await plan(loanId)).instalments;
    expect(after.map((i) => i.state)).toEqual(['REPAID', 'DUE', 'DUE']);
    return after;
  }

  it('stores a voucher on an open instalment through the file storage, shows it on the plan and serves it to those who may see the loan', async () => {
    const loan = await loanAfterGuarantee();
    const [instalment] = (await plan(loan.id)).instalments;
    expect(instalment.voucher).toBeNull();
    const url = `/server/loans/${loan.id}/instalments/${instalment.id}/voucher`;

    // 403: neither the upload key nor the repayment voucher list; nothing written
    const refused = await t.http.post(url).set(as('reader')).attach('file', pdf, '还款凭证.pdf');
    expect(refused.status).toBe(403);
    expect(await count(t, `attachment WHERE loan_id = $1 AND kind = 'REPAYMENT_VOUCHER'`, [loan.id])).toBe(0);
    // 400: no file, a file of a refused type
    expect((await t.http.post(url).set(as('ledger'))).status).toBe(400);
    const exe = await t.http.post(url).set(as('ledger', 'en')).attach('file', Buffer.from('MZ\x90\x00binary'), 'voucher.exe');
    expect(exe.status).toBe(400);
    expect(await count(t, `attachment WHERE loan_id = $1 AND kind = 'REPAYMENT_VOUCHER'`, [loan.id])).toBe(0);

    const stored = await t.http.post(url).set(as('ledger')).attach('file', pdf, '第一期还款凭证.pdf').expect(201);
    const attachmentId: string = stored.body.data.id;
    const [row] = await t.db.query(
      `SELECT a.kind, a.loan_id, f.original_name, f.size FROM attachment a JOIN uploaded_file f ON f.id = a.file_id WHERE a.id = $1`,
      [attachmentId],
    );
    expect(row).toMatchObject({ kind: 'REPAYMENT_VOUCHER', loan_id: loan.id, original_name: '第一期还款凭证.pdf', size: pdf.length });
    const [shown] = (await plan(loan.id)).instalments;
    expect(shown.voucher).toMatchObject({ attachmentId, name: '第一期还款凭证.pdf' });

    // finance uploads through its repayment voucher list key too, replacing the reference
    const finance = (await userWith(t, ['sys:loan:detail', 'repayment_list'])).token;
    const second = await t.http.post(url).set({ 'X-Platform-Token': finance }).attach('file', pdf, '补充凭证.pdf').expect(201);
    expect((await plan(loan.id)).instalments[0].voucher?.attachmentId).toBe(second.body.data.id);

    const download = await t.http
      .get(url)
      .set(as('ledger'))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(download.body as Buffer, pdf)).toBe(0);
    expect(String(download.headers['content-disposition'])).toContain('.pdf');
    // a user who may not see the loan's files is refused the download
    expect((await t.http.get(url).set(as('stranger'))).status).toBe(403);
    // 404: an unknown instalment (upload and download), a malformed id
    const unknown = `/server/loans/${loan.id}/instalments/${randomUUID()}/voucher`;
    const missing = await t.http.post(unknown).set(as('ledger', 'en')).attach('file', pdf, 'x.pdf');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'A10003', message: 'The loan has no such instalment' });
    const missingZh = await t.http.post(unknown).set(as('ledger')).attach('file', pdf, 'x.pdf');
    expect(missingZh.body).toMatchObject({ code: 'A10003', message: '该贷款没有这一期还款' });
    expect((await t.http.post(`/server/loans/${loan.id}/instalments/nope/voucher`).set(as('ledger')).attach('file', pdf, 'x.pdf')).status).toBe(404);
    expect((await t.http.get(unknown).set(as('ledger'))).status).toBe(404);
    expect(await count(t, `attachment WHERE loan_id = $1 AND kind = 'REPAYMENT_VOUCHER'`, [loan.id])).toBe(2);
  });

  it('refuses a voucher for a repaid instalment and for a loan no longer after guarantee (409), in both languages', async () => {
    const loan = await loanAfterGuarantee();
    const instalments = await editAndRepayFirst(loan.id);
    const repaid = await t.http.post(`/server/loans/${loan.id}/instalments/${instalments[0].id}/voucher`).set(as('ledger')).attach('file', pdf, 'x.pdf');
    expect(repaid.status).toBe(409);
    expect(repaid.body).toMatchObject({ code: 'A10004', message: '该期已还清，不能再上传还款凭证' });
    const repaidEn = await t.http
      .post(`/server/loans/${loan.id}/instalments/${instalments[0].id}/voucher`)
      .set(as('ledger', 'en'))
      .attach('file', pdf, 'x.pdf');
    expect(repaidEn.body).toMatchObject({ code: 'A10004', message: 'The instalment is already repaid: no voucher can be uploaded for it' });

    // the rest repaid: the loan moves to release
    const rest = instalments.slice(1).reduce((sum, i) => sum + i.principalFen, 0);
    await sendEvent(t, tokens.ledger, loan.id, 'RECORD_REPAYMENT', await version(loan.id), { amount: rest / 100, earlySettlement: true }).expect(200);
    // (every instalment is repaid now; re-open the last one's state to check the stage rule on its own)
    await t.db.query(`UPDATE repayment_instalment SET state = 'DUE', repaid_fen = 0 WHERE id = $1`, [instalments[2].id]);
    const late = await t.http.post(`/server/loans/${loan.id}/instalments/${instalments[2].id}/voucher`).set(as('ledger', 'en')).attach('file', pdf, 'x.pdf');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'A10005', message: 'This can be done only while the loan is under after-guarantee management' });
    const reminder = await t.http.post(`/server/loans/${loan.id}/repayment-reminder`).set(as('ledger'));
    expect(reminder.status).toBe(409);
    expect(reminder.body).toMatchObject({ code: 'A10005', message: '只能在保后管理阶段办理' });
    // only the two vouchers the repayments stood on (sendEvent uploads them): the refused uploads wrote nothing
    expect(await count(t, `attachment WHERE loan_id = $1 AND kind = 'REPAYMENT_VOUCHER'`, [loan.id])).toBe(2);
    expect(await count(t, `message WHERE source_key LIKE $1`, [`repayment-reminder:${loan.id}:%`])).toBe(0);
  });

  it('sends one repayment reminder a day to the A-post officer for five parallel requests, naming the next open instalment', async () => {
    const loan = await loanAfterGuarantee();
    // 403 without the key
    const refused = await t.http.post(`/server/loans/${loan.id}/repayment-reminder`).set(as('reader', 'en'));
    expect(refused.status).toBe(403);
    expect(await count(t, `message WHERE source_key LIKE $1`, [`repayment-reminder:${loan.id}:%`])).toBe(0);

    const instalments = await editAndRepayFirst(loan.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.http.post(`/server/loans/${loan.id}/repayment-reminder`).set(as('ledger'))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.data.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.data.messageId)).size).toBe(1);
    const sent = answers[0].body.data;
    expect(sent.recipient.id).toBe(people.apost);
    expect(sent.instalment).toMatchObject({ id: instalments[1].id, seq: 2, dueOn: instalments[1].dueOn, openFen: instalments[1].principalFen });
    const messages = await t.db.query(`SELECT user_id, title, content, type, link FROM message WHERE source_key LIKE $1`, [`repayment-reminder:${loan.id}:%`]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ user_id: people.apost, type: 'REMINDER', title: `还款提醒：${loan.company}`, link: `/company/node/${loan.id}` });
    expect(messages[0].content).toContain(`第 2 期`);
    expect(messages[0].content).toContain(instalments[1].dueOn);

    // in the officer's language
    await t.db.query(`UPDATE app_user SET language = 'en' WHERE id = $1`, [people.apost]);
    try {
      await t.db.query(`DELETE FROM message WHERE source_key LIKE $1`, [`repayment-reminder:${loan.id}:%`]);
      const en = (await t.http.post(`/server/loans/${loan.id}/repayment-reminder`).set(as('ledger')).expect(200)).body.data;
      expect(en).toMatchObject({ created: true, language: 'en', title: `Repayment reminder: ${loan.company}` });
      expect(en.content).toContain('Instalment 2');
    } finally {
      await t.db.query(`UPDATE app_user SET language = 'zh-CN' WHERE id = $1`, [people.apost]);
    }
    // an unknown loan
    expect((await t.http.post(`/server/loans/${randomUUID()}/repayment-reminder`).set(as('ledger'))).status).toBe(404);
  });
});
