import { randomUUID } from 'node:crypto';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { createCompany, sendEvent } from './support/loans';
import { loanInPreReview, readExport, shanghaiDay, Tokens, userWith } from './support/lists';

interface Row {
  id: string;
  companyName: string;
  amount: number;
  deletable: boolean;
  aPostOfficer: { id: string; name: string } | null;
  bPostOfficer: { id: string; name: string } | null;
  workflow: { stage: string; version: number; statusLabels: { status: { key: string; zh: string } }; legalActions: { type: string }[] };
}

describe('loans: list, export, delete, officers', () => {
  let t: AppHandle;
  let tk: Tokens;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    const [apost, admin, prereview, bpost] = await Promise.all(['apost', 'admin', 'prereview', 'bpost'].map((u) => tokenOf(t, u)));
    tk = { apost, admin, prereview, bpost };
    const users = await t.db.query(`SELECT id, username FROM app_user WHERE username = ANY($1)`, [['apost', 'bpost', 'prereview', 'admin']]);
    ids = Object.fromEntries(users.map((u: { id: string; username: string }) => [u.username, u.id]));
  });
  afterAll(() => t.close());

  const list = (token: string, query: Record<string, unknown>) => t.http.get('/server/loans').set('X-Platform-Token', token).query(query);
  const rows = async (token: string, query: Record<string, unknown>): Promise<Row[]> => (await list(token, query).expect(200)).body.data.list;
  /** A company of its own (a unique name to filter on) with loans of the given amounts. */
  async function companyWithLoans(amounts: number[], extra: Record<string, unknown> = {}) {
    const company = await createCompany(t, tk.apost, `贷款测${randomUUID().slice(0, 8)}有限公司`);
    const loans: string[] = [];
    for (const amount of amounts) {
      const res = await t.http
        .post('/server/loans')
        .set('X-Platform-Token', tk.apost)
        .send({ companyId: company.id, amount, termMonths: 12, ...extra })
        .expect(201);
      loans.push(res.body.data.id);
    }
    return { company, loans };
  }

  it('initiates a loan with a B-post officer holding that post; refuses a wrong officer (400, nothing written)', async () => {
    const company = await createCompany(t, tk.apost, `官员测${randomUUID().slice(0, 6)}`);
    const ok = await t.http
      .post('/server/loans')
      .set('X-Platform-Token', tk.apost)
      .send({ companyId: company.id, amount: 800_000, termMonths: 12, bank: '中国银行', loanType: '流动资金贷款', bPostOfficerId: ids.bpost })
      .expect(201);
    expect(ok.body.data).toMatchObject({
      bank: '中国银行',
      loanType: '流动资金贷款',
      bPostOfficerId: ids.bpost,
      bPostOfficerName: expect.any(String),
      currentAmount: 800_000,
    });

    const before = await count(t, 'loan');
    const same = await t.http
      .post('/server/loans')
      .set('X-Platform-Token', tk.apost)
      .send({ companyId: company.id, amount: 1, termMonths: 1, bPostOfficerId: ids.apost })
      .expect(400);
    expect(same.body.code).toBe('A05005');
    const notB = await t.http
      .post('/server/loans')
      .set('X-Platform-Token', tk.apost)
      .set('Accept-Language', 'en')
      .send({ companyId: company.id, amount: 1, termMonths: 1, bPostOfficerId: ids.prereview })
      .expect(400);
    expect(notB.body.message).toContain('B-post officer');
    await t.http
      .post('/server/loans')
      .set('X-Platform-Token', tk.apost)
      .send({ companyId: company.id, amount: 1, termMonths: 1, aPostOfficerId: ids.bpost })
      .expect(400);
    await t.http.post('/server/loans').set('X-Platform-Token', tk.prereview).send({ companyId: company.id, amount: 1, termMonths: 1 }).expect(403);
    expect(await count(t, 'loan')).toBe(before);
  });

  it("lists loans with stage and status words, officers, and the caller's actions of this list only", async () => {
    const { company, loans } = await companyWithLoans([1_000_000]);
    const [row] = await rows(tk.apost, { companyName: company.name });
    expect(row).toMatchObject({
      id: loans[0],
      companyName: company.name,
      amount: 1_000_000,
      deletable: true,
      aPostOfficer: { id: ids.apost, name: expect.any(String) },
      workflow: { stage: 'collection', version: 0, statusLabels: { status: { key: 'TO_BE_IMPROVED', zh: '待完善' } } },
    });
    expect(row.workflow.legalActions.map((a) => a.type)).toEqual(['SUBMIT_MATERIALS', 'COLLECTION_DISCONTINUE']);
    // The checker sees return/confirm once materials are in; the maker does not (maker-checker).
    await sendEvent(t, tk.apost, loans[0], 'SUBMIT_MATERIALS', 0).expect(200);
    const [forAdmin] = await rows(tk.admin, { companyName: company.name });
    expect(forAdmin.workflow.legalActions.map((a) => a.type)).toEqual(['RETURN_MATERIALS', 'CONFIRM_RECEIPT', 'COLLECTION_DISCONTINUE']);
    const [forApost] = await rows(tk.apost, { companyName: company.name });
    expect(forApost.workflow.legalActions.map((a) => a.type)).toEqual(['COLLECTION_DISCONTINUE']);
    // Someone without delete or any collection permission sees the row with no action.
    const [forPre] = await rows(tk.prereview, { companyName: company.name });
    expect(forPre).toMatchObject({ deletable: false, workflow: { legalActions: [] } });

    // A loan in pre-review: the approval is the pre-review list's action, not the loan list's.
    const pre = await loanInPreReview(t, tk);
    const [preRow] = await rows(tk.admin, { companyId: pre.companyId });
    expect(preRow).toMatchObject({ deletable: false, workflow: { stage: 'preReview', legalActions: [] } });
  });

  it("filters by company, stage, status, amount (the machine's), created day and officer; sorts; pages", async () => {
    const { company, loans } = await companyWithLoans([300_000, 5_000_000, 1_200_000]);
    const name = company.name;
    const ids3 = async (query: Record<string, unknown>) => (await rows(tk.apost, { companyName: name, ...query })).map((r) => r.id);

    expect(await ids3({ sort: 'amount', order: 'asc' })).toEqual([loans[0], loans[2], loans[1]]);
    expect(await ids3({ sort: 'amount', order: 'desc' })).toEqual([loans[1], loans[2], loans[0]]);
    expect(await ids3({ amountMin: 1_000_000, amountMax: 2_000_000 })).toEqual([loans[2]]);
    expect(await ids3({ amountMin: 300_000, amountMax: 300_000 })).toEqual([loans[0]]);
    expect(await ids3({ sort: 'createdAt', order: 'asc' })).toEqual(loans);
    expect(await ids3({ createdFrom: shanghaiDay(), createdTo: shanghaiDay(), sort: 'createdAt' })).toEqual(expect.arrayContaining(loans));
    expect(await ids3({ createdTo: shanghaiDay(-1) })).toEqual([]);
    expect(await ids3({ createdFrom: shanghaiDay(1) })).toEqual([]);
    expect(await ids3({ aPostOfficerId: ids.apost })).toHaveLength(3);
    expect(await ids3({ aPostOfficerId: ids.bpost })).toEqual([]);
    expect(await ids3({ companyId: company.id })).toHaveLength(3);

    // Stage and status follow the machine: one loan submitted.
    await sendEvent(t, tk.apost, loans[1], 'SUBMIT_MATERIALS', 0).expect(200);
    expect(await ids3({ status: 'SUBMITTED' })).toEqual([loans[1]]);
    expect(await ids3({ stage: 'collection', status: 'TO_BE_IMPROVED', sort: 'amount' })).toEqual([loans[0], loans[2]]);
    expect(await ids3({ stage: 'preReview' })).toEqual([]);

    const page = await list(tk.apost, { companyName: name, sort: 'amount', pageSize: 2, pageNum: 2 }).expect(200);
    expect(page.body.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(page.body.data.list.map((r: Row) => r.id)).toEqual([loans[1]]);

    // Sorting by company name works across companies.
    const other = await companyWithLoans([10]);
    const byName = await rows(tk.apost, { companyName: '贷款测', sort: 'companyName', order: 'asc', pageSize: 200 });
    const names = byName.map((r) => r.companyName);
    expect(names).toEqual([...names].sort());
    expect(names).toContain(other.company.name);
  });

  it('refuses bad filters with 400', async () => {
    for (const bad of [
      { stage: 'nowhere' },
      { status: 'drop table' },
      { amountMin: 'lots' },
      { amountMin: 10, amountMax: 5 },
      { createdFrom: '2023-02-30' },
      { createdFrom: '2026-12-01', createdTo: '2026-11-01' },
      { aPostOfficerId: 'me' },
      { sort: 'password_hash' },
      { pageNum: 0 },
    ]) {
      const res = await list(tk.apost, bad).set('Accept-Language', 'en').expect(400);
      expect(res.body.code).toBe('400');
    }
  });

  it('exports the filtered list (every page), headers in the caller language', async () => {
    const { company, loans } = await companyWithLoans([2_000_000, 700_000]);
    const zh = await readExport(t, `/server/loans/export?companyName=${encodeURIComponent(company.name)}&sort=amount&order=asc&pageSize=1`, tk.apost);
    expect(zh.headers).toEqual([
      '企业名称',
      '统一社会信用代码',
      '担保金额（元）',
      '期限（月）',
      '贷款银行',
      '贷款类型',
      '阶段',
      '状态',
      '当前节点',
      'A岗经办人',
      'B岗经办人',
      '创建时间（Asia/Shanghai）',
      '放款日期',
      '放款金额（元）',
      // from the nightly close of business (empty before disbursement)
      '逾期天数',
      '逾期分档',
    ]);
    expect(zh.rows.map((r) => [r[0], r[2], r[6], r[7]])).toEqual([
      [company.name, '700000', '资料收集与完善', '待完善'],
      [company.name, '2000000', '资料收集与完善', '待完善'],
    ]);
    const en = await readExport(t, `/server/loans/export?companyId=${company.id}`, tk.apost, 'en');
    expect(en.headers.slice(0, 3)).toEqual(['Company', 'Unified social credit code', 'Amount (yuan)']);
    expect(en.rows).toHaveLength(loans.length);
    expect(en.rows[0][6]).toBe('Data collection');
    await t.http
      .get('/server/loans/export')
      .set('X-Platform-Token', (await userWith(t, [])).token)
      .expect(403);
  });

  it('deletes a loan only while in data collection (409 after), with its permission (403), and it is gone everywhere', async () => {
    const { company, loans } = await companyWithLoans([100_000]);
    await t.http.delete(`/server/loans/${loans[0]}`).set('X-Platform-Token', tk.prereview).expect(403);

    const pre = await loanInPreReview(t, tk);
    const refused = await t.http.delete(`/server/loans/${pre.id}`).set('X-Platform-Token', tk.apost).set('Accept-Language', 'en').expect(409);
    expect(refused.body).toMatchObject({ code: 'A05003', data: { stage: 'preReview' } });
    expect(refused.body.message).toContain('Pre-review');
    expect(await count(t, 'loan WHERE id = $1 AND deleted_at IS NULL', [pre.id])).toBe(1);

    await t.http.delete(`/server/loans/${loans[0]}`).set('X-Platform-Token', tk.apost).expect(200);
    expect(await rows(tk.apost, { companyName: company.name })).toEqual([]);
    await t.http.get(`/server/loans/${loans[0]}`).set('X-Platform-Token', tk.apost).expect(404);
    await t.http.get(`/server/loans/${loans[0]}/workflow`).set('X-Platform-Token', tk.apost).expect(404);
    await sendEvent(t, tk.apost, loans[0], 'SUBMIT_MATERIALS', 0).expect(404);
    await t.http.delete(`/server/loans/${loans[0]}`).set('X-Platform-Token', tk.apost).expect(404);
    await t.http.delete('/server/loans/nope').set('X-Platform-Token', tk.apost).expect(404);
    const [row] = await t.db.query(`SELECT deleted_by FROM loan WHERE id = $1`, [loans[0]]);
    expect(row.deleted_by).toBe(ids.apost);
    // With its only loan deleted the company may go too.
    await t.http.delete(`/server/companies/${company.id}`).set('X-Platform-Token', tk.apost).expect(200);
  });

  it('answers the officers of a post to the forms that pick one (403 for others, 400 for another role)', async () => {
    const b = await t.http.get('/server/loans/officers?role=B_POST').set('X-Platform-Token', tk.apost).expect(200);
    expect(b.body.data.map((u: { username: string }) => u.username)).toContain('bpost');
    expect(b.body.data.map((u: { username: string }) => u.username)).not.toContain('apost');
    await t.http.get('/server/loans/officers?role=A_POST').set('X-Platform-Token', tk.bpost).expect(200);
    await t.http.get('/server/loans/officers?role=ROLE_ADMIN').set('X-Platform-Token', tk.apost).expect(400);
    await t.http
      .get('/server/loans/officers?role=B_POST')
      .set('X-Platform-Token', (await userWith(t, ['company_list'])).token)
      .expect(403);
  });

  it('needs loan_list for the list (403)', async () => {
    const nobody = await userWith(t, ['company_list']);
    await list(nobody.token, {}).expect(403);
    await list(tk.prereview, {}).expect(200);
  });
});
