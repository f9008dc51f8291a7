import { CONTRACT_TYPES } from '@app/workflow';
import { randomUUID } from 'node:crypto';
import PizZip from 'pizzip';
import { buildDocx, demoTemplate, paragraph, run, text } from '../../server/src/basic-data/demo-templates';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { createLoan } from './support/loans';
import { readExport, userWith } from './support/lists';

const mark = () => `测试银行${randomUUID().slice(0, 8)}`;

describe('basic data', () => {
  let t: AppHandle;
  let admin: string;
  let apost: string;
  const as = (token: string) => ({ 'X-Platform-Token': token });

  beforeAll(async () => {
    t = await startTestApp();
    [admin, apost] = await Promise.all([tokenOf(t, 'admin'), tokenOf(t, 'apost')]);
  });
  afterAll(() => t.close());

  const addBank = async (name = mark()) => {
    const res = await t.http.post('/server/banks').set(as(admin)).send({ name, category: 'JOINT_STOCK', phone: '021-5888 0000', address: '上海市浦东新区' });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; name: string };
  };
  /** A binary answer read whole (supertest would try to parse it). */
  const download = (url: string, token: string) =>
    t.http
      .get(url)
      .set(as(token))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
  const upload = (token: string, bankId: string, bytes: Buffer, name: string, contractType: string = 'BANK_LOAN', lang = 'zh-CN') =>
    t.http
      .post(`/server/banks/${bankId}/templates`)
      .set(as(token))
      .set('Accept-Language', lang)
      .field('contractType', contractType)
      .attach('file', bytes, name);

  describe('banks', () => {
    it('adds a bank (the fixed contract) and lists, filters, sorts and exports it', async () => {
      const name = mark();
      const res = await t.http
        .post('/server/banks')
        .set(as(admin))
        .send({ name: `  ${name} `, category: 'RURAL_FINANCIAL' })
        .expect(201);
      expect(res.body.data).toMatchObject({
        id: expect.any(String),
        name,
        category: 'RURAL_FINANCIAL',
        phone: null,
        address: null,
        templateCount: 0,
        loanCount: 0,
      });
      const list = await t.http.get('/server/banks').set(as(admin)).query({ name, category: 'RURAL_FINANCIAL', sort: 'name', order: 'asc' }).expect(200);
      expect(list.body.data.total).toBe(1);
      expect(list.body.data.list[0].id).toBe(res.body.data.id);
      const other = await t.http.get('/server/banks').set(as(admin)).query({ name, category: 'STATE_OWNED' }).expect(200);
      expect(other.body.data.total).toBe(0);
      const sheet = await readExport(t, `/server/banks/export?name=${encodeURIComponent(name)}`, admin);
      expect(sheet.headers.slice(0, 2)).toEqual(['银行名称', '银行类别']);
      expect(sheet.rows).toEqual([expect.arrayContaining([name, '农村金融机构'])]);
    });

    it('refuses bad input with a localized message and a taken name with 409, writing nothing', async () => {
      const before = await count(t, 'bank');
      const bad = await t.http.post('/server/banks').set(as(admin)).set('Accept-Language', 'en').send({ name: mark(), category: 'ALIEN' }).expect(400);
      expect(bad.body.message).toMatch(/bank category/);
      await t.http.post('/server/banks').set(as(admin)).send({ name: '', category: 'STATE_OWNED' }).expect(400);
      await t.http.post('/server/banks').set(as(admin)).send({ name: mark(), category: 'STATE_OWNED', phone: 'call me' }).expect(400);
      const taken = await t.http.post('/server/banks').set(as(admin)).send({ name: '浦发银行', category: 'JOINT_STOCK' }).expect(409);
      expect(taken.body.message).toContain('浦发银行');
      // the refusal names its field, so a form shows it under the name (A09101, both languages)
      expect(taken.body).toMatchObject({ code: 'A09101', data: { fieldErrors: [{ field: 'name', message: '已有同名银行：浦发银行' }] } });
      const takenEn = await t.http
        .post('/server/banks')
        .set(as(admin))
        .set('Accept-Language', 'en')
        .send({ name: '浦发银行', category: 'JOINT_STOCK' })
        .expect(409);
      expect(takenEn.body.data.fieldErrors).toEqual([{ field: 'name', message: 'A bank named 浦发银行 already exists' }]);
      expect(await count(t, 'bank')).toBe(before);
    });

    it('needs its permission for each action (403) and lets anyone signed in read the options', async () => {
      const bank = await addBank();
      await t.http.get('/server/banks').set(as(apost)).expect(403);
      await t.http.post('/server/banks').set(as(apost)).send({ name: mark(), category: 'STATE_OWNED' }).expect(403);
      await t.http.put(`/server/banks/${bank.id}`).set(as(apost)).send({ name: mark(), category: 'STATE_OWNED' }).expect(403);
      await t.http.delete(`/server/banks/${bank.id}`).set(as(apost)).expect(403);
      const lister = await userWith(t, ['bank_list']);
      await t.http.get('/server/banks').set(as(lister.token)).expect(200);
      await t.http.post('/server/banks').set(as(lister.token)).send({ name: mark(), category: 'STATE_OWNED' }).expect(403);
      const options = await t.http.get('/server/banks/options').set(as(apost)).expect(200);
      expect(options.body.data).toEqual(expect.arrayContaining([{ id: bank.id, name: bank.name, category: 'JOINT_STOCK' }]));
    });

    it('refuses to delete a bank a loan names or a template belongs to (409), then deletes it once free', async () => {
      const used = await addBank();
      await createLoan(t, apost, { bank: used.name });
      const byLoan = await t.http.delete(`/server/banks/${used.id}`).set(as(admin)).expect(409);
      expect(byLoan.body.data).toEqual({ loanCount: 1, templateCount: 0 });
      expect(byLoan.body.message).toContain('1 笔贷款');

      const withTemplate = await addBank();
      const template = await upload(admin, withTemplate.id, demoTemplate('BANK_LOAN'), 'loan.docx').expect(201);
      const byTemplate = await t.http.delete(`/server/banks/${withTemplate.id}`).set(as(admin)).set('Accept-Language', 'en').expect(409);
      expect(byTemplate.body.message).toContain('1 contract template(s)');
      await t.http.delete(`/server/templates/${template.body.data.id}`).set(as(admin)).expect(200);
      await t.http.delete(`/server/banks/${withTemplate.id}`).set(as(admin)).expect(200);
      await t.http.get(`/server/banks/${withTemplate.id}`).set(as(admin)).expect(404);
      // the name is free again
      await addBank(withTemplate.name);
    });

    it('carries a new name to the loans that named the bank', async () => {
      const bank = await addBank();
      const loan = await createLoan(t, apost, { bank: bank.name });
      const renamed = mark();
      const res = await t.http.put(`/server/banks/${bank.id}`).set(as(admin)).send({ name: renamed, category: 'STATE_OWNED' }).expect(200);
      expect(res.body.data).toMatchObject({ name: renamed, category: 'STATE_OWNED', loanCount: 1 });
      const [row] = await t.db.query(`SELECT bank FROM loan WHERE id = $1`, [loan.id]);
      expect(row.bank).toBe(renamed);
    });
  });

  describe('templates', () => {
    it('uploads a template: {id, version, placeholders}; versions count per bank and type; the newest is enabled', async () => {
      const bank = await addBank();
      const first = await upload(admin, bank.id, demoTemplate('MORTGAGE'), '抵押合同.docx', 'MORTGAGE').expect(201);
      expect(first.body.data).toMatchObject({ id: expect.any(String), version: 1, contractType: 'MORTGAGE', fileName: '抵押合同.docx', enabled: true });
      expect(first.body.data.placeholders).toEqual(expect.arrayContaining(['companyName', 'amountInWords', 'collaterals', 'collaterals.owner']));
      const second = await upload(admin, bank.id, demoTemplate('MORTGAGE'), '抵押合同v2.docx', 'MORTGAGE').expect(201);
      expect(second.body.data).toMatchObject({ version: 2, enabled: true });
      const other = await upload(admin, bank.id, demoTemplate('PLEDGE'), 'pledge.docx', 'PLEDGE').expect(201);
      expect(other.body.data.version).toBe(1);

      const list = await t.http.get(`/server/banks/${bank.id}/templates`).set(as(admin)).query({ contractType: 'MORTGAGE' }).expect(200);
      expect(list.body.data.map((r: { version: number; enabled: boolean }) => [r.version, r.enabled])).toEqual([
        [2, true],
        [1, false],
      ]);
      // enabling version 1 disables version 2: one enabled template per bank and type
      await t.http.put(`/server/templates/${first.body.data.id}/enabled`).set(as(admin)).send({ enabled: true }).expect(200);
      const after = await t.http.get(`/server/banks/${bank.id}/templates`).set(as(admin)).query({ contractType: 'MORTGAGE' }).expect(200);
      expect(after.body.data.map((r: { version: number; enabled: boolean }) => [r.version, r.enabled])).toEqual([
        [2, false],
        [1, true],
      ]);
      await t.http.put(`/server/templates/${first.body.data.id}/enabled`).set(as(admin)).send({ enabled: false }).expect(200);
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM bank_template WHERE bank_id = $1 AND contract_type = 'MORTGAGE' AND enabled`, [bank.id]);
      expect(n).toBe(0);
      // a deleted version keeps its number: the next upload is 3
      await t.http.delete(`/server/templates/${second.body.data.id}`).set(as(admin)).expect(200);
      const third = await upload(admin, bank.id, demoTemplate('MORTGAGE'), 'v3.docx', 'MORTGAGE').expect(201);
      expect(third.body.data.version).toBe(3);
    });

    it('downloads the bytes as uploaded, with a Chinese name and nosniff', async () => {
      const bank = await addBank();
      const bytes = demoTemplate('GUARANTEE_LETTER');
      const up = await upload(admin, bank.id, bytes, '保函模板.docx', 'GUARANTEE_LETTER').expect(201);
      const res = await download(`/server/templates/${up.body.data.id}/file`, admin).expect(200);
      expect(Buffer.compare(res.body, bytes)).toBe(0);
      expect(res.headers['content-type']).toContain('wordprocessingml');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('保函模板.docx')}`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(up.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
      await t.http.get(`/server/templates/${up.body.data.id}/file`).set(as(apost)).expect(403);
    });

    it('refuses a template with unknown placeholders, naming each, in the request language; nothing is written', async () => {
      const bank = await addBank();
      const before = await count(t, 'bank_template');
      // Word splits tags across runs: the scanner joins them before judging
      const docx = buildDocx(
        paragraph([run('甲方：{company'), run('Nmae}，乙方：{bankName}')]) + text('{#collaterals}{owner}{colour}{/collaterals}') + text('{guarantor}'),
      );
      const zh = await upload(admin, bank.id, docx, 'bad.docx').expect(400);
      expect(zh.body.code).toBe('A09104');
      expect(zh.body.message).toContain('未定义的占位符');
      for (const name of ['{companyNmae}', '{collaterals.colour}', '{guarantor}']) expect(zh.body.message).toContain(name);
      expect(zh.body.message).not.toContain('{bankName}');
      expect(zh.body.data.unknown.sort()).toEqual(['collaterals.colour', 'companyNmae', 'guarantor']);
      const en = await upload(admin, bank.id, docx, 'bad.docx', 'BANK_LOAN', 'en').expect(400);
      expect(en.body.message).toMatch(/placeholders that do not exist: .*\{companyNmae\}/);
      const broken = await upload(admin, bank.id, buildDocx(text('{companyName {#x}')), 'broken.docx').expect(400);
      expect(broken.body.code).toBe('A09105');
      expect(await count(t, 'bank_template')).toBe(before);
    });

    it('refuses what is not a .docx, by name or by bytes, and a wrong contract type', async () => {
      const bank = await addBank();
      const before = await count(t, 'bank_template');
      const pdfNamedDocx = await upload(admin, bank.id, Buffer.from('%PDF-1.7 not a word file'), '合同.docx').expect(400);
      expect(pdfNamedDocx.body.code).toBe('A09103');
      expect(pdfNamedDocx.body.message).toContain('合同.docx');
      const xlsx = new PizZip();
      xlsx.file('xl/workbook.xml', '<workbook/>');
      await upload(admin, bank.id, xlsx.generate({ type: 'nodebuffer' }), 'sheet.docx').expect(400);
      const docxNamedPdf = await upload(admin, bank.id, demoTemplate('BANK_LOAN'), 'contract.pdf').expect(400);
      expect(docxNamedPdf.body.code).toBe('A02003');
      await upload(admin, bank.id, demoTemplate('BANK_LOAN'), 'contract.docx', 'LOAN_SHARK').expect(400);
      const missing = await t.http.post(`/server/banks/${bank.id}/templates`).set(as(admin)).field('contractType', 'BANK_LOAN').expect(400);
      expect(missing.body.code).toBe('A02001');
      await upload(admin, randomUUID(), demoTemplate('BANK_LOAN'), 'contract.docx').expect(404);
      expect(await count(t, 'bank_template')).toBe(before);
    });

    it('needs its permission for each action (403)', async () => {
      const bank = await addBank();
      const up = await upload(admin, bank.id, demoTemplate('BANK_LOAN'), 'a.docx').expect(201);
      await upload(apost, bank.id, demoTemplate('BANK_LOAN'), 'a.docx').expect(403);
      await t.http.get(`/server/banks/${bank.id}/templates`).set(as(apost)).expect(403);
      await t.http.put(`/server/templates/${up.body.data.id}/enabled`).set(as(apost)).send({ enabled: false }).expect(403);
      await t.http.delete(`/server/templates/${up.body.data.id}`).set(as(apost)).expect(403);
      const viewer = await userWith(t, ['template_list']);
      await t.http.get(`/server/banks/${bank.id}/templates`).set(as(viewer.token)).expect(200);
      await upload(viewer.token, bank.id, demoTemplate('BANK_LOAN'), 'a.docx').expect(403);
      await t.http.put(`/server/templates/${up.body.data.id}/enabled`).set(as(viewer.token)).send({ enabled: false }).expect(403);
    });

    it('the demo bank has an enabled template of every contract type and the letter', async () => {
      const [bank] = await t.db.query(`SELECT id FROM bank WHERE name = '浦发银行' AND deleted_at IS NULL`);
      const list = await t.http.get(`/server/banks/${bank.id}/templates`).set(as(admin)).expect(200);
      const enabled = list.body.data.filter((r: { enabled: boolean }) => r.enabled).map((r: { contractType: string }) => r.contractType);
      expect(enabled.sort()).toEqual([...CONTRACT_TYPES].sort());
      const file = await download(`/server/templates/${list.body.data[0].id}/file`, admin).expect(200);
      expect(new PizZip(file.body).file('word/document.xml')!.asText()).toContain('{companyName}');
    });
  });

  describe('loan types', () => {
    const body = (name: string, feeRate: unknown = 1.25) => ({ name, feeRate, repaymentReminderDays: 7, maturityReminderDays: 30 });

    it('adds, edits, lists and exports a loan type with an exact rate', async () => {
      const name = `测试贷款类型${randomUUID().slice(0, 6)}`;
      const res = await t.http.post('/server/loan-types').set(as(admin)).send(body(name, 1.25)).expect(201);
      expect(res.body.data).toMatchObject({ name, feeRate: 1.25, feeRateBp: 125, repaymentReminderDays: 7, maturityReminderDays: 30, loanCount: 0 });
      const [row] = await t.db.query(`SELECT fee_rate_bp FROM loan_type WHERE id = $1`, [res.body.data.id]);
      expect(row.fee_rate_bp).toBe(125);
      const edited = await t.http
        .put(`/server/loan-types/${res.body.data.id}`)
        .set(as(admin))
        .send({ ...body(name, 0.3), maturityReminderDays: 45 })
        .expect(200);
      expect(edited.body.data).toMatchObject({ feeRate: 0.3, feeRateBp: 30, maturityReminderDays: 45 });
      const list = await t.http.get('/server/loan-types').set(as(admin)).query({ name, sort: 'feeRate' }).expect(200);
      expect(list.body.data.list.map((r: { id: string }) => r.id)).toEqual([res.body.data.id]);
      const sheet = await readExport(t, `/server/loan-types/export?name=${encodeURIComponent(name)}`, admin, 'en');
      expect(sheet.headers[1]).toBe('Annual fee rate (%)');
      expect(sheet.rows[0].slice(0, 2)).toEqual([name, '0.30']);
    });

    it('refuses a rate with more than two decimals, negative or over 100, and bad days (400), writing nothing', async () => {
      const before = await count(t, 'loan_type');
      for (const rate of [1.255, -1, 100.01, 'abc', null]) {
        const res = await t.http
          .post('/server/loan-types')
          .set(as(admin))
          .send(body(`x${randomUUID().slice(0, 6)}`, rate));
        expect(res.status).toBe(400);
      }
      const en = await t.http.post('/server/loan-types').set(as(admin)).set('Accept-Language', 'en').send(body('y', 1.255)).expect(400);
      expect(en.body.message).toMatch(/two decimals at most/);
      await t.http
        .post('/server/loan-types')
        .set(as(admin))
        .send({ ...body('z'), repaymentReminderDays: 1.5 })
        .expect(400);
      await t.http
        .post('/server/loan-types')
        .set(as(admin))
        .send({ ...body('z'), maturityReminderDays: 400 })
        .expect(400);
      const taken = await t.http.post('/server/loan-types').set(as(admin)).send(body('流动资金贷款')).expect(409);
      expect(taken.body).toMatchObject({ code: 'A09106', data: { fieldErrors: [{ field: 'name', message: '已有同名贷款类型：流动资金贷款' }] } });
      expect(await count(t, 'loan_type')).toBe(before);
    });

    it('refuses to delete a loan type a loan names (409), deletes a free one, and checks permissions (403)', async () => {
      const name = `测试贷款类型${randomUUID().slice(0, 6)}`;
      const created = await t.http.post('/server/loan-types').set(as(admin)).send(body(name)).expect(201);
      await createLoan(t, apost, { loanType: name });
      const refused = await t.http.delete(`/server/loan-types/${created.body.data.id}`).set(as(admin)).expect(409);
      expect(refused.body.data).toEqual({ loanCount: 1 });
      const free = await t.http
        .post('/server/loan-types')
        .set(as(admin))
        .send(body(`${name}b`))
        .expect(201);
      await t.http.delete(`/server/loan-types/${free.body.data.id}`).set(as(apost)).expect(403);
      await t.http
        .post('/server/loan-types')
        .set(as(apost))
        .send(body(`${name}c`))
        .expect(403);
      await t.http
        .put(`/server/loan-types/${free.body.data.id}`)
        .set(as(apost))
        .send(body(`${name}c`))
        .expect(403);
      await t.http.get('/server/loan-types').set(as(apost)).expect(403);
      await t.http.delete(`/server/loan-types/${free.body.data.id}`).set(as(admin)).expect(200);
      await t.http.get(`/server/loan-types/${free.body.data.id}`).set(as(admin)).expect(404);
      const options = await t.http.get('/server/loan-types/options').set(as(apost)).expect(200);
      expect(options.body.data).toEqual(expect.arrayContaining([{ id: created.body.data.id, name, feeRateBp: 125 }]));
    });
  });
});
