import { randomInt, randomUUID } from 'node:crypto';
import { DEMO_TEMPLATE_BANK } from '../../server/src/basic-data/demo-basic-data';
import { createDemoLoan, type DemoLoan, type DemoPeople } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { demoPeople, userWith } from './support/lists';

/** The ledger's attachment pages (ledgerList/:id/:flag): balance, repayments, attachments; add report and re-upload. */
describe('ledger attachments', () => {
  let t: AppHandle;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] ?? user });
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  let people: DemoPeople;

  /**
   * A loan of this suite's own, driven by the real machine and the event writers (the seed's way) to
   * `stage`: repaying is the demo's repaying loan (3,600,000 yuan over 12 months, its plan made equal
   * principal, the first instalment of 300,000 yuan repaid).
   */
  async function loanOf(stage: DemoLoan['stage'], repaying = false): Promise<{ id: string; company: string }> {
    const company = `台账附件测试${randomUUID().slice(0, 8)}有限公司`;
    const demo: DemoLoan = { stage, company, amount: 3_600_000, termMonths: 12, bank: DEMO_TEMPLATE_BANK, repaying };
    const startAt = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const storage = new FileStorage(t.db, t.config);
    // the index only makes the credit code: far from the seed's and other suites' own
    const row = await t.db.transaction((em) => createDemoLoan(em, people, demo, 100_000 + randomInt(800_000), startAt, storage));
    return { id: row.loanId, company };
  }
  const reports = (loanId: string) => count(t, `attachment WHERE loan_id = $1 AND kind = 'AFTER_GUARANTEE' AND deleted_at IS NULL`, [loanId]);

  beforeAll(async () => {
    t = await startTestApp();
    for (const user of ['admin', 'apost', 'bpost', 'finance', 'leader']) tokens[user] = await tokenOf(t, user);
    people = await demoPeople(t);
  }, 60_000);
  afterAll(() => t.close());

  it('shows a repaying loan: balance, its repayment, the first instalment voucher-less; apost adds a report and re-uploads it', async () => {
    const loan = await loanOf('afterGuarantee', true);
    const loanId = loan.id;
    const view = (await t.http.get(`/server/loans/${loanId}/ledger`).set(as('apost')).expect(200)).body.data;
    expect(view).toMatchObject({
      company: loan.company,
      stage: 'afterGuarantee',
      principalFen: 360_000_000,
      repaidFen: 30_000_000,
      balanceFen: 330_000_000,
      editable: true,
    });
    expect(view.repayments.map((r: { amountFen: number }) => r.amountFen)).toEqual([30_000_000]);
    expect(view.repayments[0].actorName).toBeTruthy();

    // add a report: apost holds sys:attachment:add-report
    const before = await reports(loanId);
    const added = (await t.http.post(`/server/loans/${loanId}/ledger/reports`).set(as('apost')).attach('file', PDF, '保后检查报告.pdf').expect(201)).body.data;
    expect(await reports(loanId)).toBe(before + 1);
    let after = (await t.http.get(`/server/loans/${loanId}/ledger`).set(as('finance')).expect(200)).body.data;
    expect(after.attachments.find((a: { id: string }) => a.id === added.id)).toMatchObject({
      kind: 'AFTER_GUARANTEE',
      name: '保后检查报告.pdf',
      instalmentSeq: null,
    });
    const file = await t.http.get(`/server/loans/${loanId}/ledger/attachments/${added.id}`).set(as('finance')).expect(200);
    expect(file.headers['content-type']).toMatch(/pdf/);

    // re-upload: the old one gone, the new one in its place, in one step
    const again = (
      await t.http.post(`/server/loans/${loanId}/ledger/reports/${added.id}`).set(as('apost')).attach('file', PDF, '保后检查报告（修订）.pdf').expect(201)
    ).body.data;
    expect(await reports(loanId)).toBe(before + 1);
    after = (await t.http.get(`/server/loans/${loanId}/ledger`).set(as('apost')).expect(200)).body.data;
    const names = after.attachments.map((a: { name: string }) => a.name);
    expect(names).toContain('保后检查报告（修订）.pdf');
    expect(names).not.toContain('保后检查报告.pdf');
    await t.http.get(`/server/loans/${loanId}/ledger/attachments/${added.id}`).set(as('apost')).expect(404);

    // re-uploading the replaced one, or one that never was: 404 in both languages, nothing written
    const en = await t.http
      .post(`/server/loans/${loanId}/ledger/reports/${added.id}`)
      .set(as('apost'))
      .set('Accept-Language', 'en')
      .attach('file', PDF, 'x.pdf')
      .expect(404);
    expect(en.body.message).toMatch(/attachment does not exist/);
    const zh = await t.http
      .post(`/server/loans/${loanId}/ledger/reports/${randomUUID()}`)
      .set(as('apost'))
      .set('Accept-Language', 'zh-CN')
      .attach('file', PDF, 'x.pdf')
      .expect(404);
    expect(zh.body.message).toMatch(/附件不存在/);
    expect(await reports(loanId)).toBe(before + 1);
    expect(again.id).toBeTruthy();

    // without the keys: 403, nothing written
    const reader = await userWith(t, ['ledger_list']);
    await t.http.get(`/server/loans/${loanId}/ledger`).set(as(reader.token)).expect(200);
    await t.http.post(`/server/loans/${loanId}/ledger/reports`).set(as(reader.token)).attach('file', PDF, 'x.pdf').expect(403);
    await t.http.post(`/server/loans/${loanId}/ledger/reports/${again.id}`).set(as(reader.token)).attach('file', PDF, 'x.pdf').expect(403);
    const stranger = await userWith(t, ['bank_list']);
    await t.http.get(`/server/loans/${loanId}/ledger`).set(as(stranger.token)).expect(403);
    expect(await reports(loanId)).toBe(before + 1);
  });

  it('refuses a report on a closed loan (409, both languages) and answers 404 for an unknown loan', async () => {
    const closed = (await loanOf('closed')).id;
    const view = (await t.http.get(`/server/loans/${closed}/ledger`).set(as('apost')).expect(200)).body.data;
    expect(view).toMatchObject({ stage: 'closed', editable: false, balanceFen: 0 });
    const en = await t.http
      .post(`/server/loans/${closed}/ledger/reports`)
      .set(as('apost'))
      .set('Accept-Language', 'en')
      .attach('file', PDF, 'x.pdf')
      .expect(409);
    expect(en.body.code).toBe('A10007');
    expect(en.body.message).toMatch(/only while the loan is after guarantee or awaiting release/);
    const zh = await t.http
      .post(`/server/loans/${closed}/ledger/reports`)
      .set(as('apost'))
      .set('Accept-Language', 'zh-CN')
      .attach('file', PDF, 'x.pdf')
      .expect(409);
    expect(zh.body.message).toMatch(/保后管理或解保阶段/);
    expect(await reports(closed)).toBe(0);
    await t.http.get(`/server/loans/${randomUUID()}/ledger`).set(as('apost')).expect(404);
  });
});
