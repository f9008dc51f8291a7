import { randomUUID } from 'node:crypto';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { randomCreditCode, sendEvent } from './support/loans';
import { readExport, shanghaiDay, userWith } from './support/lists';

/** A marker shared by the companies of one test, so list assertions only see their own. */
const mark = () => `测${randomUUID().slice(0, 8)}`;

const full = (name: string) => ({
  name,
  creditCode: randomCreditCode(),
  legalRepresentative: '王强',
  registeredCapital: 1200.5,
  establishedDate: '2012-03-15',
  registeredAddress: '上海市浦东新区张江路 100 号',
  districtCode: 'PDXQ',
  contactPerson: '李敏',
  contactPhone: '13800138000',
  enterpriseKinds: ['TECH_INNOVATION'],
  qualifications: ['HIGH_TECH', 'SOFTWARE'],
  propertyType: 'OFFICE_BUILDING',
  bankCategory: 'JOINT_STOCK',
  listingType: 'NEEQ',
  strategicIndustries: ['NEW_IT'],
  honours: ['SPECIALIZED_NEW'],
  employeeCount: 120,
  mainBusiness: '工业软件研发',
});

describe('companies', () => {
  let t: AppHandle;
  let apost: string;
  let admin: string;
  let prereview: string;
  const companies = () => count(t, 'company');

  beforeAll(async () => {
    t = await startTestApp();
    [apost, admin, prereview] = await Promise.all([tokenOf(t, 'apost'), tokenOf(t, 'admin'), tokenOf(t, 'prereview')]);
  });
  afterAll(() => t.close());

  const post = (token: string, body: unknown) =>
    t.http
      .post('/server/companies')
      .set('X-Platform-Token', token)
      .send(body as object);
  const list = (token: string, query: Record<string, unknown>) => t.http.get('/server/companies').set('X-Platform-Token', token).query(query);

  it('creates a full record and answers it with every field', async () => {
    const body = full(`${mark()}精密机械有限公司`);
    const res = await post(apost, body).expect(201);
    expect(res.body.code).toBe('A00000');
    expect(res.body.data).toMatchObject({ ...body, loanCount: 0, openLoanCount: 0, loans: [] });
    const detail = await t.http.get(`/server/companies/${res.body.data.id}`).set('X-Platform-Token', apost).expect(200);
    expect(detail.body.data).toMatchObject(body);
  });

  it('keeps a minimal record (name and credit code) and normalizes what was typed', async () => {
    const code = randomCreditCode();
    const res = await post(apost, { name: '  乙方科技有限公司 ', creditCode: ` ${code.slice(0, 9).toLowerCase()} ${code.slice(9)}`, contactPhone: '' }).expect(
      201,
    );
    expect(res.body.data).toMatchObject({ name: '乙方科技有限公司', creditCode: code, contactPhone: null, enterpriseKinds: [], honours: [] });
  });

  it('refuses bad input with 400, a message in the caller language per field, and writes nothing', async () => {
    const before = await companies();
    const bad = await post(apost, {
      ...full('坏数据公司'),
      contactPhone: '1380013800',
      districtCode: 'PUDONG',
      establishedDate: shanghaiDay(1),
      honours: ['NOPE'],
    })
      .set('Accept-Language', 'en')
      .expect(400);
    expect(bad.body.code).toBe('A05001');
    expect(bad.body.data.fieldErrors).toEqual([
      { field: 'contactPhone', key: 'phone' },
      { field: 'establishedDate', key: 'futureDate' },
      { field: 'districtCode', key: 'option' },
      { field: 'honours', key: 'option' },
    ]);
    expect(bad.body.message).toContain('contact phone must be 11 digits');

    const code = await post(apost, { ...full('校验位公司'), creditCode: '91350100M000100Y44' }).expect(400);
    expect(code.body.code).toBe('A04001');
    expect(code.body.message).toContain('统一社会信用代码');

    // Types are checked at the edge (strings for numbers, unknown fields, a missing name).
    const typed = await post(apost, { ...full('类型公司'), registeredCapital: '100', employeeCount: 1.5 }).expect(400);
    expect(typed.body.data.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['registeredCapital', 'employeeCount']);
    await post(apost, { ...full('多余字段公司'), password: 'x' }).expect(400);
    await post(apost, { creditCode: randomCreditCode() }).expect(400);
    await post(apost, { ...full('日期公司'), establishedDate: '2023-02-30' }).expect(400);
    expect(await companies()).toBe(before);
  });

  it('refuses a duplicate credit code on create and on update (409), in any letter case', async () => {
    const first = (await post(apost, full(`${mark()}甲`)).expect(201)).body.data;
    const before = await companies();
    const dup = await post(apost, { ...full('重复公司'), creditCode: first.creditCode.toLowerCase() }).expect(409);
    expect(dup.body.code).toBe('A04002');
    expect(await companies()).toBe(before);

    const second = (await post(apost, full(`${mark()}乙`)).expect(201)).body.data;
    const clash = await t.http
      .put(`/server/companies/${second.id}`)
      .set('X-Platform-Token', apost)
      .send({ ...full(second.name), creditCode: first.creditCode })
      .expect(409);
    expect(clash.body.code).toBe('A04002');
    const [row] = await t.db.query(`SELECT credit_code FROM company WHERE id = $1`, [second.id]);
    expect(row.credit_code).toBe(second.creditCode);
  });

  it('updates the whole record; bad input leaves it as it was', async () => {
    const created = (await post(apost, full(`${mark()}更新前`)).expect(201)).body.data;
    const next = { ...full(`${mark()}更新后`), creditCode: created.creditCode, districtCode: 'XHQ', honours: [], registeredCapital: null };
    const res = await t.http.put(`/server/companies/${created.id}`).set('X-Platform-Token', apost).send(next).expect(200);
    expect(res.body.data).toMatchObject({ ...next, registeredCapital: null, honours: [] });

    await t.http
      .put(`/server/companies/${created.id}`)
      .set('X-Platform-Token', apost)
      .send({ ...next, employeeCount: -3 })
      .expect(400);
    const again = await t.http.get(`/server/companies/${created.id}`).set('X-Platform-Token', apost).expect(200);
    expect(again.body.data.employeeCount).toBe(next.employeeCount);
    await t.http.put(`/server/companies/${randomUUID()}`).set('X-Platform-Token', apost).send(next).expect(404);
    await t.http.get('/server/companies/not-an-id').set('X-Platform-Token', apost).expect(404);
  });

  it('filters by name, code, district, kind and qualification; sorts; pages', async () => {
    const m = mark();
    const a = (await post(apost, { ...full(`${m}A公司`), districtCode: 'HPQ', enterpriseKinds: ['LISTED'], qualifications: ['LITTLE_GIANT'] }).expect(201)).body
      .data;
    const b = (await post(apost, { ...full(`${m}B公司`), districtCode: 'HPQ', enterpriseKinds: ['TECH_INNOVATION'], qualifications: [] }).expect(201)).body
      .data;
    const c = (await post(apost, { ...full(`${m}C公司`), districtCode: 'CMQ', enterpriseKinds: ['LISTED'], qualifications: ['LITTLE_GIANT'] }).expect(201)).body
      .data;

    const names = async (query: Record<string, unknown>) =>
      (await list(apost, { name: m, ...query }).expect(200)).body.data.list.map((x: { name: string }) => x.name);
    expect(await names({ sort: 'name', order: 'asc' })).toEqual([a.name, b.name, c.name]);
    expect(await names({ sort: 'name', order: 'desc' })).toEqual([c.name, b.name, a.name]);
    expect(await names({ districtCode: 'HPQ', sort: 'name' })).toEqual([a.name, b.name]);
    expect(await names({ enterpriseKind: 'LISTED', sort: 'name' })).toEqual([a.name, c.name]);
    expect(await names({ qualification: 'LITTLE_GIANT', districtCode: 'CMQ' })).toEqual([c.name]);
    const byCode = await list(apost, { creditCode: b.creditCode.slice(4).toLowerCase() }).expect(200);
    expect(byCode.body.data.list.map((x: { id: string }) => x.id)).toEqual([b.id]);

    const page2 = await list(apost, { name: m, sort: 'name', pageSize: 2, pageNum: 2 }).expect(200);
    expect(page2.body.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(page2.body.data.list.map((x: { id: string }) => x.id)).toEqual([c.id]);

    // A literal % in the filter is a character, not a wildcard.
    expect((await list(apost, { name: `${m}%` }).expect(200)).body.data.total).toBe(0);
    for (const bad of [{ districtCode: 'PUDONG' }, { sort: 'password_hash' }, { order: 'sideways' }, { pageSize: 1000 }, { qualification: 'X' }]) {
      await list(apost, bad).expect(400);
    }
  });

  it('exports what the filters show, headers in the caller language', async () => {
    const m = mark();
    const one = (await post(apost, { ...full(`${m}导出一`), districtCode: 'JAQ', honours: ['HIGH_TECH', 'INNOVATION_FUND'] }).expect(201)).body.data;
    await post(apost, { ...full(`${m}导出二`), districtCode: 'JDQ' }).expect(201);

    const zh = await readExport(t, `/server/companies/export?name=${encodeURIComponent(m)}&districtCode=JAQ`, apost);
    expect(zh.res.headers['content-type']).toContain('spreadsheetml');
    expect(zh.res.headers['content-disposition']).toContain('attachment');
    expect(zh.headers.slice(0, 3)).toEqual(['企业名称', '统一社会信用代码', '法定代表人']);
    expect(zh.rows).toHaveLength(1);
    expect(zh.rows[0][0]).toBe(one.name);
    expect(zh.rows[0][1]).toBe(one.creditCode);
    expect(zh.rows[0]).toContain('静安区');
    expect(zh.rows[0]).toContain('高新技术企业、国家或上海创新基金项目');

    const en = await readExport(t, `/server/companies/export?name=${encodeURIComponent(m)}&sort=name&order=desc`, apost, 'en');
    expect(en.headers.slice(0, 3)).toEqual(['Company name', 'Unified social credit code', 'Legal representative']);
    expect(en.rows.map((r) => r[0])).toEqual([`${m}导出二`, `${m}导出一`]);
    expect(en.rows[1]).toContain("Jing'an");
  });

  it('checks each permission: list, add, detail, edit, delete (403, nothing written)', async () => {
    const listOnly = await userWith(t, ['company_list']);
    const target = (await post(apost, full(`${mark()}权限`)).expect(201)).body.data;
    const before = await companies();

    await list(prereview, {}).expect(403);
    await t.http.get('/server/companies/export').set('X-Platform-Token', prereview).expect(403);
    await list(listOnly.token, {}).expect(200);
    await post(listOnly.token, full('无权新增')).expect(403);
    await t.http.get(`/server/companies/${target.id}`).set('X-Platform-Token', listOnly.token).expect(403);
    await t.http.put(`/server/companies/${target.id}`).set('X-Platform-Token', listOnly.token).send(full('无权编辑')).expect(403);
    await t.http.delete(`/server/companies/${target.id}`).set('X-Platform-Token', listOnly.token).expect(403);
    expect(await companies()).toBe(before);
    expect((await t.db.query(`SELECT name, deleted_at FROM company WHERE id = $1`, [target.id]))[0]).toEqual({ name: target.name, deleted_at: null });
  });

  it('refuses to delete a company with a loan under way (409), deletes it once the loan is discontinued', async () => {
    const company = (await post(apost, full(`${mark()}有贷款`)).expect(201)).body.data;
    const loan = await t.http
      .post('/server/loans')
      .set('X-Platform-Token', apost)
      .send({ companyId: company.id, amount: 1_000_000, termMonths: 12 })
      .expect(201);

    const refused = await t.http.delete(`/server/companies/${company.id}`).set('X-Platform-Token', apost).set('Accept-Language', 'en').expect(409);
    expect(refused.body.code).toBe('A05002');
    expect(refused.body.data).toEqual({ openLoanCount: 1 });
    expect(refused.body.message).toContain('1 loan(s)');
    const listed = await list(apost, { name: company.name }).expect(200);
    expect(listed.body.data.list[0]).toMatchObject({ loanCount: 1, openLoanCount: 1 });

    await sendEvent(t, apost, loan.body.data.id, 'COLLECTION_DISCONTINUE', 0, { reason: '企业撤回申请' }).expect(200);
    await t.http.delete(`/server/companies/${company.id}`).set('X-Platform-Token', admin).expect(200);

    // Gone from the list and the detail; its loan history stays; its code may be used again.
    expect((await list(apost, { name: company.name }).expect(200)).body.data.total).toBe(0);
    await t.http.get(`/server/companies/${company.id}`).set('X-Platform-Token', apost).expect(404);
    await t.http.delete(`/server/companies/${company.id}`).set('X-Platform-Token', apost).expect(404);
    const [row] = await t.db.query(`SELECT deleted_by FROM company WHERE id = $1`, [company.id]);
    expect(row.deleted_by).not.toBeNull();
    await t.http.post('/server/loans').set('X-Platform-Token', apost).send({ companyId: company.id, amount: 1000, termMonths: 12 }).expect(404);
    await post(apost, { ...full('重新登记公司'), creditCode: company.creditCode }).expect(201);
  });
});
