import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import PizZip from 'pizzip';
import { buildDocx, loopTable, text } from '../../server/src/basic-data/demo-templates';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { loanInStage, userWith } from './support/lists';
import { sendEvent } from './support/loans';

/** Contracts generated with CONTRACT_GENERATE from a template uploaded here, read back from the .docx. */
describe('contracts', () => {
  let t: AppHandle;
  let admin: string;
  let apost: string;
  const as = (token: string) => ({ 'X-Platform-Token': token });
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
  const documentText = (bytes: Buffer) =>
    new PizZip(bytes)
      .file('word/document.xml')!
      .asText()
      .replace(/<[^>]+>/g, '');
  const onDisk = (key: string) => fs.existsSync(path.join(t.config.dataDir, 'uploads', key));
  const documentsFolder = () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'documents');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };
  const written = async () => ({
    documents: await count(t, 'loan_document'),
    files: await count(t, `uploaded_file WHERE kind = 'document'`),
    bytes: documentsFolder(),
  });

  let bankId: string;
  let bankName: string;
  let templateId: string;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, apost] = await Promise.all([tokenOf(t, 'admin'), tokenOf(t, 'apost')]);
    bankName = `合同测试银行${randomUUID().slice(0, 6)}`;
    const bank = await t.http.post('/server/banks').set(as(admin)).send({ name: bankName, category: 'JOINT_STOCK' }).expect(201);
    bankId = bank.body.data.id;
    const template = buildDocx(
      [
        text('借款合同'),
        text('借款人：{companyName}'),
        text('贷款人：{bankName}'),
        text('金额：人民币{amountInWords}（￥{amount}）'),
        loopTable('collaterals', ['序号', '所有人'], ['index', 'owner']),
      ].join(''),
    );
    const up = await t.http
      .post(`/server/banks/${bankId}/templates`)
      .set(as(admin))
      .field('contractType', 'BANK_LOAN')
      .attach('file', template, '借款合同.docx')
      .expect(201);
    templateId = up.body.data.id;
  });
  afterAll(() => t.close());

  it('generates the contract with its event, lists it as the contract says and serves the filled .docx; delete removes it', async () => {
    const companyName = `合同生成${randomUUID().slice(0, 6)}有限公司`;
    const loan = await loanInStage(t, 'duringGuarantee', companyName);
    const options = await t.http.get(`/server/banks/${bankId}/contract-templates`).set(as(apost)).expect(200);
    expect(options.body.data).toEqual([{ id: templateId, contractType: 'BANK_LOAN', version: 1, fileName: '借款合同.docx' }]);

    await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId, templateId }).expect(200);
    const list = await t.http.get(`/server/loans/${loan.id}/documents`).set(as(apost)).expect(200);
    expect(list.body.data).toHaveLength(1);
    const doc = list.body.data[0];
    const [{ id: apostId }] = await t.db.query(`SELECT id FROM app_user WHERE username = 'apost'`);
    expect(Object.keys(doc).sort()).toEqual(
      ['contractType', 'createdAt', 'createdBy', 'id', 'kind', 'name', 'sha256', 'size', 'templateId', 'templateVersion'].sort(),
    );
    expect(doc).toMatchObject({
      kind: 'CONTRACT',
      contractType: 'BANK_LOAN',
      name: `${companyName}-银行借款合同.docx`,
      templateId,
      templateVersion: 1,
      createdBy: apostId,
    });
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);

    const file = await download(`/server/documents/${doc.id}/file`, apost).expect(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toContain('wordprocessingml');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${companyName}-银行借款合同.docx`)}`);
    expect(file.body.length).toBe(doc.size);
    const body = documentText(file.body);
    expect(body).toContain(`借款人：${companyName}`);
    expect(body).toContain(`贷款人：${bankName}`);
    // the loan of loanInStage is 2,000,000 yuan
    expect(body).toContain('金额：人民币贰佰万元整（￥2,000,000.00）');
    expect(body).not.toContain('{');

    // a second generation is not legal once generated: 409, nothing more written
    const before = await written();
    await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version + 1, { bankId, templateId }).expect(409);
    expect(await written()).toEqual(before);

    // a signed copy joins the list while the contract stands generated; bytes that disagree with the name are refused
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await t.http.post(`/server/loans/${loan.id}/documents`).set(as(apost)).attach('file', pdf, '签署件.docx').expect(400);
    const signed = await t.http.post(`/server/loans/${loan.id}/documents`).set(as(apost)).attach('file', pdf, '签署件.pdf').expect(201);
    expect(signed.body.data).toMatchObject({ kind: 'SIGNED_CONTRACT', contractType: null, name: '签署件.pdf', templateId: null, templateVersion: null });
    expect((await t.http.get(`/server/loans/${loan.id}/documents`).set(as(apost)).expect(200)).body.data).toHaveLength(2);
    const withSigned = await written();

    // CONTRACT_DELETE takes the documents with it (rows and bytes)
    const [{ storage_key }] = await t.db.query(`SELECT f.storage_key FROM loan_document d JOIN uploaded_file f ON f.id = d.file_id WHERE d.id = $1`, [doc.id]);
    expect(storage_key).toMatch(/^documents\//);
    expect(onDisk(storage_key)).toBe(true);
    await sendEvent(t, apost, loan.id, 'CONTRACT_DELETE', loan.version + 1).expect(200);
    expect((await t.http.get(`/server/loans/${loan.id}/documents`).set(as(apost)).expect(200)).body.data).toEqual([]);
    expect(await written()).toEqual({ documents: withSigned.documents - 2, files: withSigned.files - 2, bytes: withSigned.bytes - 2 });
    expect(onDisk(storage_key)).toBe(false);
    await t.http.get(`/server/documents/${doc.id}/file`).set(as(apost)).expect(404);
  });

  it('refuses without the permission (403) and serves documents only to those who may see the loan', async () => {
    const loan = await loanInStage(t, 'duringGuarantee');
    const before = await written();
    const seer = await userWith(t, ['sys:loan:detail']);
    await sendEvent(t, seer.token, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId, templateId }).expect(403);
    expect(await written()).toEqual(before);

    await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId, templateId }).expect(200);
    const [doc] = (await t.http.get(`/server/loans/${loan.id}/documents`).set(as(seer.token)).expect(200)).body.data;
    const blind = await userWith(t, ['sys:contract:generate']);
    await t.http.get(`/server/loans/${loan.id}/documents`).set(as(blind.token)).expect(403);
    await t.http.get(`/server/documents/${doc.id}/file`).set(as(blind.token)).expect(403);
    await download(`/server/documents/${doc.id}/file`, seer.token).expect(200);
    await t.http.get(`/server/documents/${randomUUID()}/file`).set(as(seer.token)).expect(404);
  });

  it('writes nothing, not even the event, when the template was disabled meanwhile or is not of the bank', async () => {
    const loan = await loanInStage(t, 'duringGuarantee');
    const before = await written();
    await t.http.put(`/server/templates/${templateId}/enabled`).set(as(admin)).send({ enabled: false }).expect(200);
    try {
      const res = await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId, templateId }).set('Accept-Language', 'en').expect(409);
      expect(res.body.message).toMatch(/template cannot be used/);
    } finally {
      await t.http.put(`/server/templates/${templateId}/enabled`).set(as(admin)).send({ enabled: true }).expect(200);
    }
    const other = await t.http
      .post('/server/banks')
      .set(as(admin))
      .send({ name: `别的银行${randomUUID().slice(0, 6)}`, category: 'STATE_OWNED' })
      .expect(201);
    const zh = await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId: other.body.data.id, templateId }).expect(409);
    expect(zh.body.message).toMatch(/合同模板不可用/);
    expect(await written()).toEqual(before);
    // no signed copy before a contract is generated
    await t.http.post(`/server/loans/${loan.id}/documents`).set(as(apost)).attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.pdf').expect(409);
    const stranger = await userWith(t, ['sys:loan:detail']);
    await t.http.post(`/server/loans/${loan.id}/documents`).set(as(stranger.token)).attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.pdf').expect(403);
    expect(await written()).toEqual(before);
    const [{ version }] = await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
    expect(version).toBe(loan.version);
  });

  describe('the whole contract set (CONTRACT_GENERATE without templateId)', () => {
    let setBankId: string;
    let setBankName: string;
    /** contract type -> the enabled template's id and version the set must use */
    const expected: Record<string, { id: string; version: number }> = {};
    const upload = async (bank: string, contractType: string, title: string) => {
      const docx = buildDocx([text(title), text('借款人：{companyName}'), text('贷款人：{bankName}'), text('金额：人民币{amountInWords}')].join(''));
      const res = await t.http
        .post(`/server/banks/${bank}/templates`)
        .set(as(admin))
        .field('contractType', contractType)
        .attach('file', docx, `${title}.docx`)
        .expect(201);
      return { id: res.body.data.id as string, version: res.body.data.version as number };
    };

    beforeAll(async () => {
      setBankName = `全套合同银行${randomUUID().slice(0, 6)}`;
      setBankId = (await t.http.post('/server/banks').set(as(admin)).send({ name: setBankName, category: 'LOCAL_COMMERCIAL' }).expect(201)).body.data.id;
      expected.BANK_LOAN = await upload(setBankId, 'BANK_LOAN', '借款合同');
      // a second upload of a type is its next version and the enabled one: the set takes version 2
      await upload(setBankId, 'BANK_GUARANTEE', '保证合同旧版');
      expected.BANK_GUARANTEE = await upload(setBankId, 'BANK_GUARANTEE', '保证合同');
      expect(expected.BANK_GUARANTEE.version).toBe(2);
      expected.COUNTER_GUARANTEE = await upload(setBankId, 'COUNTER_GUARANTEE', '反担保合同');
      // disabled: skipped
      const mortgage = await upload(setBankId, 'MORTGAGE', '抵押合同');
      await t.http.put(`/server/templates/${mortgage.id}/enabled`).set(as(admin)).send({ enabled: false }).expect(200);
      // the letter template is never part of the contract set
      await upload(setBankId, 'GUARANTEE_LETTER', '保函');
    });

    it('makes one document per enabled contract type of the bank, each filled for the loan; regenerates after a delete', async () => {
      const companyName = `全套合同${randomUUID().slice(0, 6)}有限公司`;
      const loan = await loanInStage(t, 'duringGuarantee', companyName);
      await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId: setBankId }).expect(200);
      const [{ snapshot }] = await t.db.query(`SELECT snapshot FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
      expect(snapshot.value.duringGuarantee.contract).toBe('generated');
      expect(snapshot.context).toMatchObject({ contractBankId: setBankId, contractTemplateId: null });
      const [{ payload }] = await t.db.query(`SELECT payload FROM workflow_event WHERE loan_id = $1 AND type = 'CONTRACT_GENERATE'`, [loan.id]);
      expect(payload).toEqual({ bankId: setBankId });

      const docs = (await t.http.get(`/server/loans/${loan.id}/documents`).set(as(apost)).expect(200)).body.data as Record<string, any>[];
      expect(docs.map((d) => [d.kind, d.contractType, d.templateId, d.templateVersion]).sort()).toEqual(
        Object.entries(expected)
          .map(([type, tpl]) => ['CONTRACT', type, tpl.id, tpl.version])
          .sort(),
      );
      const titles: Record<string, string> = { BANK_LOAN: '借款合同', BANK_GUARANTEE: '保证合同', COUNTER_GUARANTEE: '反担保合同' };
      for (const doc of docs) {
        const file = await download(`/server/documents/${doc.id}/file`, apost).expect(200);
        expect(file.body.length).toBe(doc.size);
        const body = documentText(file.body);
        expect(body.startsWith(titles[doc.contractType])).toBe(true);
        expect(body).not.toContain('旧版');
        expect(body).toContain(`借款人：${companyName}`);
        expect(body).toContain(`贷款人：${setBankName}`);
        // the loan of loanInStage is 2,000,000 yuan
        expect(body).toContain('金额：人民币贰佰万元整');
      }

      // delete, then generate again: the whole set, then (after another delete) one named template
      await sendEvent(t, apost, loan.id, 'CONTRACT_DELETE', loan.version + 1).expect(200);
      expect((await t.http.get(`/server/loans/${loan.id}/documents`).set(as(apost)).expect(200)).body.data).toEqual([]);
      await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version + 2, { bankId: setBankId }).expect(200);
      expect((await t.http.get(`/server/loans/${loan.id}/documents`).set(as(apost)).expect(200)).body.data).toHaveLength(3);
      await sendEvent(t, apost, loan.id, 'CONTRACT_DELETE', loan.version + 3).expect(200);
      await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version + 4, { bankId: setBankId, templateId: expected.COUNTER_GUARANTEE.id }).expect(200);
      const one = (await t.http.get(`/server/loans/${loan.id}/documents`).set(as(apost)).expect(200)).body.data;
      expect(one.map((d: Record<string, unknown>) => [d.contractType, d.templateId])).toEqual([['COUNTER_GUARANTEE', expected.COUNTER_GUARANTEE.id]]);
    });

    it('409 in zh and en for a bank without an enabled contract template (a letter does not count), nothing written', async () => {
      const loan = await loanInStage(t, 'duringGuarantee');
      const letterOnly = (
        await t.http
          .post('/server/banks')
          .set(as(admin))
          .send({ name: `只有保函银行${randomUUID().slice(0, 6)}`, category: 'RURAL_FINANCIAL' })
          .expect(201)
      ).body.data.id;
      await upload(letterOnly, 'GUARANTEE_LETTER', '保函');
      const before = await written();
      const zh = await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId: letterOnly }).expect(409);
      expect(zh.body.code).toBe('A09305');
      expect(zh.body.message).toMatch(/所选银行没有启用的合同模板/);
      const en = await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId: letterOnly }).set('Accept-Language', 'en').expect(409);
      expect(en.body.message).toMatch(/has no enabled contract template/);
      // an unknown bank is the same answer
      await sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId: randomUUID() }).expect(409);
      expect(await written()).toEqual(before);
      const [{ version, snapshot }] = await t.db.query(`SELECT version, snapshot FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
      expect(version).toBe(loan.version);
      expect(snapshot.value.duringGuarantee.contract).toBe('toGenerate');
      expect(await count(t, `workflow_event WHERE loan_id = '${loan.id}' AND type = 'CONTRACT_GENERATE'`)).toBe(0);
    });

    it('403 without the permission, nothing written', async () => {
      const loan = await loanInStage(t, 'duringGuarantee');
      const before = await written();
      const seer = await userWith(t, ['sys:loan:detail']);
      await sendEvent(t, seer.token, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId: setBankId }).expect(403);
      expect(await written()).toEqual(before);
      await t.http.get(`/server/banks/${setBankId}/contract-templates`).set(as(seer.token)).expect(403);
    });
  });
});
