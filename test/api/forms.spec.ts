import { randomUUID } from 'node:crypto';
import { bootTestApp, count, startTestApp, AppHandle, tokenOf } from './support/app';
import { readExport } from './support/lists';
import { createCompany, randomCreditCode } from './support/loans';

/**
 * What the forms refuse the server refuses too (a localized 400 naming the field, nothing
 * written); a refusal that belongs to a field names it; one company time zone for every rendering.
 */
describe('forms: minimums, field errors', () => {
  let t: AppHandle;
  let apost: string;

  beforeAll(async () => {
    t = await startTestApp();
    apost = await tokenOf(t, 'apost');
  });
  afterAll(() => t.close());

  const postLoan = (body: Record<string, unknown>, lang = 'zh-CN') =>
    t.http.post('/server/loans').set('X-Platform-Token', apost).set('Accept-Language', lang).send(body);

  it('refuses a loan amount under 0.01 yuan (1 fen) and a term outside 1-360 whole months: 400 on the field, nothing written', async () => {
    const company = await createCompany(t, apost, `最小值测${randomUUID().slice(0, 6)}`);
    const before = await count(t, 'loan');
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ amount: -100 }, 'amount', '金额过小', 'amount is too small'],
      [{ amount: 0 }, 'amount', '金额过小', 'amount is too small'],
      [{ termMonths: 0 }, 'termMonths', '期限（月）过小', 'term (months) is too small'],
      [{ termMonths: -12 }, 'termMonths', '期限（月）过小', 'term (months) is too small'],
      [{ termMonths: 1.5 }, 'termMonths', '期限（月）必须是整数', 'term (months) must be a whole number'],
      [{ termMonths: 361 }, 'termMonths', '期限（月）过大', 'term (months) is too large'],
    ];
    for (const [patch, field, zh, en] of cases) {
      const body = { companyId: company.id, amount: 1000, termMonths: 12, ...patch };
      const refusedZh = await postLoan(body).expect(400);
      expect(refusedZh.body).toMatchObject({ code: '400', data: { fieldErrors: [{ field, message: zh }] } });
      expect(refusedZh.body.message).toContain(zh);
      const refusedEn = await postLoan(body, 'en').expect(400);
      expect(refusedEn.body.data.fieldErrors).toEqual([{ field, message: en }]);
    }
    expect(await count(t, 'loan')).toBe(before);
    // The smallest amount there is: one fen.
    await postLoan({ companyId: company.id, amount: 0.01, termMonths: 1 }).expect(201);
  });

  it('refuses a negative registered capital or employee count, never storing it as positive', async () => {
    const before = await count(t, 'company');
    for (const [patch, field] of [
      [{ registeredCapital: -500 }, 'registeredCapital'],
      [{ registeredCapital: 0 }, 'registeredCapital'],
      [{ employeeCount: -1 }, 'employeeCount'],
    ] as const) {
      const res = await t.http
        .post('/server/companies')
        .set('X-Platform-Token', apost)
        .set('Accept-Language', 'en')
        .send({ name: `资本测${randomUUID().slice(0, 6)}`, creditCode: randomCreditCode(), ...patch })
        .expect(400);
      expect(res.body.data.fieldErrors.map((f: { field: string }) => f.field)).toEqual([field]);
      expect(res.body.message).toMatch(/not valid/);
    }
    expect(await count(t, 'company')).toBe(before);
  });

  it('names the field of a duplicate credit code (409), worded in the caller language', async () => {
    const first = await createCompany(t, apost, `重复测${randomUUID().slice(0, 6)}`);
    const send = (lang: string) =>
      t.http
        .post('/server/companies')
        .set('X-Platform-Token', apost)
        .set('Accept-Language', lang)
        .send({ name: `重复测${randomUUID().slice(0, 6)}`, creditCode: first.creditCode.toLowerCase() })
        .expect(409);
    const zh = await send('zh-CN');
    expect(zh.body).toMatchObject({ code: 'A04002', message: '该统一社会信用代码已存在' });
    expect(zh.body.data).toEqual({ fieldErrors: [{ field: 'creditCode', message: '该统一社会信用代码已存在' }] });
    const en = await send('en');
    expect(en.body.data.fieldErrors).toEqual([{ field: 'creditCode', message: 'A company with this unified social credit code already exists' }]);
  });

  it('tells the web the company time zone with the signed-in user', async () => {
    const res = await t.http.get('/server/user/current').set('X-Platform-Token', apost).expect(200);
    expect(res.body.data[0].companyTimeZone).toBe('Asia/Shanghai');
  });
});

describe('forms: another company time zone (COMPANY_TIME_ZONE=America/New_York)', () => {
  let t: AppHandle;
  let apost: string;

  beforeAll(async () => {
    t = await bootTestApp({ companyTimeZone: 'America/New_York' });
    apost = await tokenOf(t, 'apost');
  });
  afterAll(() => t.close());

  it('reads date filters, writes exports and names the zone in it', async () => {
    const me = await t.http.get('/server/user/current').set('X-Platform-Token', apost).expect(200);
    expect(me.body.data[0].companyTimeZone).toBe('America/New_York');

    const company = await createCompany(t, apost, `时区测${randomUUID().slice(0, 8)}有限公司`);
    const loan = await t.http.post('/server/loans').set('X-Platform-Token', apost).send({ companyId: company.id, amount: 1000, termMonths: 12 }).expect(201);
    // 02:00 UTC on 1 March: 10:00 that day in Shanghai, but 21:00 on 28 February in New York.
    await t.db.query(`UPDATE loan SET created_at = '2026-03-01T02:00:00Z' WHERE id = $1`, [loan.body.data.id]);

    const ids = async (query: Record<string, string>) =>
      (
        await t.http
          .get('/server/loans')
          .set('X-Platform-Token', apost)
          .query({ companyId: company.id, ...query })
          .expect(200)
      ).body.data.list.map((r: { id: string }) => r.id);
    expect(await ids({ createdFrom: '2026-02-28', createdTo: '2026-02-28' })).toEqual([loan.body.data.id]);
    expect(await ids({ createdFrom: '2026-03-01', createdTo: '2026-03-01' })).toEqual([]);

    const sheet = await readExport(t, `/server/loans/export?companyId=${company.id}`, apost);
    const column = sheet.headers.indexOf('创建时间（America/New_York）');
    expect(column).toBeGreaterThan(-1);
    expect(sheet.rows[0][column]).toBe('2026-02-28 21:00');
  });
});
