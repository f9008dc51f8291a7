import { randomUUID } from 'node:crypto';
import PizZip from 'pizzip';
import * as engine from '@app/workflow';
import { buildDocx, text } from '../../server/src/basic-data/demo-templates';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { loanInStage, shanghaiDay, userWith } from './support/lists';
import { sendEvent, sendEventAsIs } from './support/loans';

/** Guarantee letters (LETTER_GENERATE from the bank's letter template, the sealed copy) and the disbursement voucher. */
describe('guarantee letters and the loan voucher', () => {
  let t: AppHandle;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] ?? user });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  let bankId: string;
  let bankName: string;
  let contractTemplateId: string;
  let bareBankId: string;

  const download = (url: string) =>
    t.http
      .get(url)
      .set(as('apost'))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
  const written = async (loanId: string) => ({
    documents: await count(t, 'loan_document WHERE loan_id = $1', [loanId]),
    files: await count(t, `uploaded_file WHERE kind = 'document'`),
    events: await count(t, 'workflow_event WHERE loan_id = $1', [loanId]),
  });
  const uploadTemplate = (bank: string, contractType: string, body: string, name: string) =>
    t.http.post(`/server/banks/${bank}/templates`).set(as('admin')).field('contractType', contractType).attach('file', buildDocx(body), name).expect(201);

  beforeAll(async () => {
    t = await startTestApp();
    for (const user of ['admin', 'apost', 'bpost', 'finance']) tokens[user] = await tokenOf(t, user);
    // the checker of the contract, its archive and the letter: not the maker of any of them
    const checks = ['CONTRACT_REVIEW_PASS', 'CONTRACT_ARCHIVE_CONFIRM', 'LETTER_APPROVE'] as const;
    tokens.prereview = (await userWith(t, ['sys:loan:detail', ...checks.map((type) => engine.EVENT_PERMISSIONS[type])])).token;
    bankName = `保函测试银行${randomUUID().slice(0, 6)}`;
    bankId = (await t.http.post('/server/banks').set(as('admin')).send({ name: bankName, category: 'JOINT_STOCK' }).expect(201)).body.data.id;
    contractTemplateId = (await uploadTemplate(bankId, 'BANK_LOAN', text('借款合同 {companyName}'), '借款合同.docx')).body.data.id;
    await uploadTemplate(
      bankId,
      'GUARANTEE_LETTER',
      [text('担保函'), text('申请人：{companyName}'), text('受益人：{bankName}'), text('金额：{amountInWords}')].join(''),
      '保函.docx',
    );
    bareBankId = (
      await t.http
        .post('/server/banks')
        .set(as('admin'))
        .send({ name: `无保函银行${randomUUID().slice(0, 6)}`, category: 'JOINT_STOCK' })
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => t.close());

  /** Sends an event as `user` and answers the new version (expecting 200). */
  const step = async (user: string, loanId: string, version: number, type: string, payload: Record<string, unknown> = {}) => {
    const res = await sendEvent(t, tokens[user], loanId, type, version, payload);
    if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.version as number;
  };

  /** A loan in duringGuarantee with contract, premium and counter-guarantee done: the letter can be generated. */
  async function loanReadyForLetter(companyName?: string) {
    const loan = await loanInStage(t, 'duringGuarantee', companyName);
    let v = loan.version;
    v = await step('apost', loan.id, v, 'CONTRACT_GENERATE', { bankId, templateId: contractTemplateId });
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
    return { id: loan.id, version: v };
  }

  it('generates the letter from the bank letter template, requires the sealed copy and the voucher, and stores the disbursement', async () => {
    const companyName = `保函生成${randomUUID().slice(0, 6)}有限公司`;
    const loan = await loanReadyForLetter(companyName);
    let v = loan.version;

    // a bank without an enabled letter template: 409 in the user's language, nothing written
    const before = await written(loan.id);
    const none = await sendEvent(t, tokens.apost, loan.id, 'LETTER_GENERATE', v, { bankId: bareBankId }).set('Accept-Language', 'en').expect(409);
    expect(none.body.message).toMatch(/no enabled guarantee letter template/);
    const noneZh = await sendEvent(t, tokens.apost, loan.id, 'LETTER_GENERATE', v, { bankId: bareBankId }).set('Accept-Language', 'zh-CN').expect(409);
    expect(noneZh.body.message).toMatch(/没有启用的保函模板/);
    // without the permission: 403, nothing written
    const stranger = await userWith(t, ['sys:loan:detail']);
    await sendEvent(t, stranger.token, loan.id, 'LETTER_GENERATE', v, { bankId }).expect(403);
    expect(await written(loan.id)).toEqual(before);

    v = await step('apost', loan.id, v, 'LETTER_GENERATE', { bankId });
    const docs = (await t.http.get(`/server/loans/${loan.id}/documents`).set(as('apost')).expect(200)).body.data;
    const letter = docs.find((d: { kind: string }) => d.kind === 'GUARANTEE_LETTER');
    expect(letter).toMatchObject({ kind: 'GUARANTEE_LETTER', contractType: 'GUARANTEE_LETTER', templateVersion: 1 });
    const file = await download(`/server/documents/${letter.id}/file`).expect(200);
    const body = new PizZip(file.body)
      .file('word/document.xml')!
      .asText()
      .replace(/<[^>]+>/g, '');
    expect(body).toContain(`申请人：${companyName}`);
    expect(body).toContain(`受益人：${bankName}`);
    expect(body).toContain('金额：贰佰万元整');

    v = await step('apost', loan.id, v, 'LETTER_SUBMIT');
    v = await step('prereview', loan.id, v, 'LETTER_APPROVE');
    v = await step('admin', loan.id, v, 'LETTER_SEAL_CONFIRM');
    // the voucher is refused while the loan is not yet sealed through (still in duringGuarantee)
    await t.http.post(`/server/loans/${loan.id}/disbursement-voucher`).set(as('apost')).attach('file', pdf, '放款凭证.pdf').expect(409);
    await sendEvent(t, tokens.apost, loan.id, 'VOUCHER_UPLOAD', v).expect(409);
    // the sealed letter cannot be uploaded before sealing completes
    await t.http.post(`/server/loans/${loan.id}/sealed-letter`).set(as('apost')).attach('file', pdf, '保函盖章件.pdf').expect(409);
    v = await step('admin', loan.id, v, 'LETTER_SEAL_COMPLETE');

    // LETTER_UPLOAD_SEALED before the sealed letter is uploaded: 409 localized, nothing written
    const noSealed = await sendEventAsIs(t, tokens.apost, loan.id, 'LETTER_UPLOAD_SEALED', v).set('Accept-Language', 'en').expect(409);
    expect(noSealed.body.message).toMatch(/Upload the sealed guarantee letter first/);
    await t.http.post(`/server/loans/${loan.id}/sealed-letter`).set(as(stranger.token)).attach('file', pdf, '保函盖章件.pdf').expect(403);
    await t.http.post(`/server/loans/${loan.id}/sealed-letter`).set(as('apost')).attach('file', pdf, '保函盖章件.docx').expect(400);
    const sealed = await t.http.post(`/server/loans/${loan.id}/sealed-letter`).set(as('apost')).attach('file', pdf, '保函盖章件.pdf').expect(201);
    expect(sealed.body.data).toMatchObject({ kind: 'SEALED_LETTER', name: '保函盖章件.pdf' });
    v = await step('apost', loan.id, v, 'LETTER_UPLOAD_SEALED');

    // disbursement: the voucher first
    const noVoucher = await sendEventAsIs(t, tokens.apost, loan.id, 'VOUCHER_UPLOAD', v).set('Accept-Language', 'zh-CN').expect(409);
    expect(noVoucher.body.message).toMatch(/请先上传放款凭证/);
    await t.http.post(`/server/loans/${loan.id}/disbursement-voucher`).set(as('apost')).attach('file', pdf, '放款凭证.pdf').expect(201);
    v = await step('apost', loan.id, v, 'VOUCHER_UPLOAD');

    // bad days and amounts: 400 in the user's language, nothing written
    const confirmBefore = await written(loan.id);
    const today = shanghaiDay();
    const bad: [Record<string, unknown>, RegExp, RegExp][] = [
      [{ disbursedOn: '2026-02-30', disbursedAmountFen: 100 }, /disbursedOn must be a calendar date/, /disbursedOn须为存在的日期/],
      [{ disbursedOn: shanghaiDay(1), disbursedAmountFen: 100 }, /cannot be after today/, /不能晚于今天/],
      [{ disbursedOn: today, disbursedAmountFen: -5 }, /disbursedAmountFen must be a positive whole number/, /须为正整数/],
      [{ disbursedOn: today, disbursedAmountFen: 12.5 }, /disbursedAmountFen must be a positive whole number/, /须为正整数/],
      [{ disbursedOn: today, disbursedAmountFen: 200_000_001 }, /cannot exceed the guaranteed amount of 2000000.00/, /不能超过担保金额/],
      [{ disbursedOn: today }, /disbursedAmountFen is required/, /disbursedAmountFen为必填项/],
    ];
    for (const [payload, en, zh] of bad) {
      const resEn = await sendEvent(t, tokens.finance, loan.id, 'VOUCHER_CONFIRM', v, payload).set('Accept-Language', 'en').expect(400);
      expect(resEn.body.message).toMatch(en);
      const resZh = await sendEvent(t, tokens.finance, loan.id, 'VOUCHER_CONFIRM', v, payload).set('Accept-Language', 'zh-CN').expect(400);
      expect(resZh.body.message).toMatch(zh);
    }
    expect(await written(loan.id)).toEqual(confirmBefore);

    await step('finance', loan.id, v, 'VOUCHER_CONFIRM', { disbursedOn: today, disbursedAmountFen: 199_999_900 });
    const [row] = await t.db.query(`SELECT snapshot FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
    expect(row.snapshot.value).toHaveProperty('afterGuarantee');
    expect(row.snapshot.context).toMatchObject({ disbursedOn: today, disbursedAmountFen: 199_999_900 });
    const detail = await t.http.get(`/server/loans/${loan.id}`).set(as('apost')).expect(200);
    expect(detail.body.data).toMatchObject({ disbursedOn: today, disbursedAmountFen: 199_999_900 });
  });
});
