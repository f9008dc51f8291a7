import { randomUUID } from 'node:crypto';
import * as engine from '@app/workflow';
import { RiskDowngradeHandler } from '../../server/src/visits/risk-downgrade.handler';
import { count, startTestApp, AppHandle } from './support/app';
import { loanInStage, pipelineSetup, readExport, shanghaiDay, userWith } from './support/lists';
import { sendEvent } from './support/loans';

/** After guarantee: visits with their risk classification, release of the guarantee and each collateral item, the release ledger. */
describe('visits and release', () => {
  let t: AppHandle;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] ?? user });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  let bankId: string;
  let templateId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const setup = await pipelineSetup(t, '保后测试银行');
    Object.assign(tokens, setup.tokens);
    ({ bankId, templateId } = setup);
  });
  afterAll(() => t.close());

  const step = async (user: string, loanId: string, version: number, type: string, payload: Record<string, unknown> = {}) => {
    const res = await sendEvent(t, tokens[user], loanId, type, version, payload);
    if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.version as number;
  };

  /** A loan (2,000,000 yuan) disbursed with a mortgage and a pledge in its register: in afterGuarantee, awaiting visit round 1. */
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
    return { id: loan.id, version: v };
  }

  const visitRows = (loanId: string) => count(t, 'visit_record WHERE loan_id = $1', [loanId]);
  const events = (loanId: string) => count(t, 'workflow_event WHERE loan_id = $1', [loanId]);
  /** `months` later as PostgreSQL adds them (the 29th of November plus 3 months is the 28th of February), then `days`. */
  const addDays = (day: string, months: number, days = 0) => {
    const [y, m, d] = day.split('-').map(Number);
    const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
    return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last)) + days * 86_400_000).toISOString().slice(0, 10);
  };

  it('visits: classification required, reason when not normal or changed, next visit due by classification, downgrade notifies each leader once, round 7 refused', async () => {
    const loan = await disbursedLoan(`保后走访${randomUUID().slice(0, 6)}有限公司`);
    let v = loan.version;
    const today = shanghaiDay();

    // attachments: B-post uploads; someone without the key cannot
    const stranger = await userWith(t, ['sys:loan:detail']);
    await t.http.post(`/server/loans/${loan.id}/visits/attachments`).set(as(stranger.token)).attach('file', pdf, '走访报告.pdf').expect(403);
    const att = await t.http.post(`/server/loans/${loan.id}/visits/attachments`).set(as('bpost')).attach('file', pdf, '走访报告.pdf').expect(201);
    const file = await t.http.get(`/server/loans/${loan.id}/visits/attachments/${att.body.data.id}`).set(as('leader')).expect(200);
    expect(file.headers['content-type']).toMatch(/pdf/);

    // no classification: 400 naming the field, in both languages, nothing written
    const before = { events: await events(loan.id), visits: await visitRows(loan.id) };
    const noneEn = await sendEvent(t, tokens.bpost, loan.id, 'VISIT_SUBMIT_REPORT', v, { kind: 'REPORT' }).set('Accept-Language', 'en').expect(400);
    expect(noneEn.body.code).toBe('A10070');
    expect(noneEn.body.message).toMatch(/risk classification/);
    expect(noneEn.body.data.fieldErrors[0].field).toBe('classification');
    const noneZh = await sendEvent(t, tokens.bpost, loan.id, 'VISIT_SUBMIT_REPORT', v, { kind: 'REPORT' }).set('Accept-Language', 'zh-CN').expect(400);
    expect(noneZh.body.message).toMatch(/风险分类/);
    // unknown level: 400 from the shape check
    await sendEvent(t, tokens.bpost, loan.id, 'VISIT_SUBMIT_REPORT', v, { kind: 'REPORT', classification: 'GOOD' }).expect(400);
    // not normal without a reason: 400 A10071 in both languages
    const noReason = await sendEvent(t, tokens.bpost, loan.id, 'VISIT_SUBMIT_REPORT', v, { kind: 'REPORT', classification: 'SPECIAL_MENTION' })
      .set('Accept-Language', 'en')
      .expect(400);
    expect(noReason.body.code).toBe('A10071');
    expect(noReason.body.message).toMatch(/Special mention.*give the reason/);
    const noReasonZh = await sendEvent(t, tokens.bpost, loan.id, 'VISIT_SUBMIT_REPORT', v, { kind: 'REPORT', classification: 'LOSS', reason: ' ' })
      .set('Accept-Language', 'zh-CN')
      .expect(400);
    expect(noReasonZh.body.message).toMatch(/损失.*请填写分类原因/);
    expect({ events: await events(loan.id), visits: await visitRows(loan.id) }).toEqual(before);

    // round 1: NORMAL, no reason needed; the next visit is due in a quarter
    v = await step('bpost', loan.id, v, 'VISIT_SUBMIT_REPORT', { kind: 'REPORT', classification: 'NORMAL' });
    let view = (await t.http.get(`/server/loans/${loan.id}/visits`).set(as('leader')).expect(200)).body.data;
    expect(view.records).toHaveLength(1);
    expect(view.records[0]).toMatchObject({ round: 1, classification: 'NORMAL', previousClassification: null, downgraded: false, state: 'SUBMITTED' });
    expect(view.records[0].nextVisitDueOn).toBe(addDays(today, 3));
    expect(view.attachments.map((a: { name: string }) => a.name)).toEqual(['走访报告.pdf']);
    v = await step('leader', loan.id, v, 'VISIT_APPROVE');

    // round 2: downgraded to DOUBTFUL with a reason; fortnightly; the leaders are told once
    v = await step('bpost', loan.id, v, 'VISIT_SUBMIT_REPORT', { kind: 'MATERIAL', classification: 'DOUBTFUL', reason: '企业停产，逾期两期' });
    view = (await t.http.get(`/server/loans/${loan.id}/visits`).set(as('bpost')).expect(200)).body.data;
    expect(view.records[1]).toMatchObject({
      round: 2,
      classification: 'DOUBTFUL',
      previousClassification: 'NORMAL',
      downgraded: true,
      reason: '企业停产，逾期两期',
    });
    expect(view.records[1].nextVisitDueOn).toBe(addDays(today, 0, 14));
    expect(view).toMatchObject({ currentClassification: 'DOUBTFUL', nextVisitDueOn: addDays(today, 0, 14), state: 'visitReportSubmitted' });

    const outbox = await t.db.query(
      `SELECT payload FROM outbox WHERE topic = 'notifyRiskDowngrade' AND payload->>'loanId' = $1 ORDER BY (payload->>'seq')::int`,
      [loan.id],
    );
    expect(outbox.map((r: { payload: { classification: string } }) => r.payload.classification)).toEqual(['NORMAL', 'DOUBTFUL']);
    const handler = new RiskDowngradeHandler(t.db);
    const leaders: { id: string; language: string }[] = await t.db.query(
      `SELECT DISTINCT u.id, u.language FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role_permission rp ON rp.role_id = ur.role_id
        WHERE rp.permission_key = 'sys:after-leader:approve' AND NOT u.disabled
          AND NOT EXISTS (SELECT 1 FROM user_role ur2 JOIN role r ON r.id = ur2.role_id WHERE ur2.user_id = u.id AND r.code IN ('ROLE_ADMIN', 'ROOT'))`,
    );
    expect(leaders.length).toBeGreaterThan(0);
    // the NORMAL report of round 1 tells no one
    expect(await handler.handle(outbox[0].payload)).toEqual({ notified: 0 });
    expect(await handler.handle(outbox[1].payload)).toEqual({ notified: leaders.length });
    expect(await handler.handle(outbox[1].payload)).toEqual({ notified: 0 }); // run twice: nothing more
    const messages = await t.db.query(`SELECT user_id, title, content FROM message WHERE source_key = $1`, [`risk:${loan.id}:${outbox[1].payload.seq}`]);
    expect(messages).toHaveLength(leaders.length);
    const leaderMessage = messages.find((m: { user_id: string }) => m.user_id === leaders[0].id);
    expect(leaderMessage.content).toMatch(leaders[0].language === 'en' ? /from "Normal" to "Doubtful"/ : /由「正常」下调为「可疑」/);
    expect(leaderMessage.content).toContain('企业停产');

    // the leader returns it: the record says so; resubmitted at the same level, a reason is still needed, and it is no downgrade
    v = await step('leader', loan.id, v, 'VISIT_RETURN', { reason: '补充现场照片' });
    await sendEvent(t, tokens.bpost, loan.id, 'VISIT_SUBMIT_REPORT', v, { kind: 'REPORT', classification: 'DOUBTFUL' }).expect(400);
    v = await step('bpost', loan.id, v, 'VISIT_SUBMIT_REPORT', { kind: 'REPORT', classification: 'DOUBTFUL', reason: '照片已补充' });
    view = (await t.http.get(`/server/loans/${loan.id}/visits`).set(as('leader')).expect(200)).body.data;
    expect(view.records.map((r: { state: string }) => r.state)).toEqual(['APPROVED', 'RETURNED', 'SUBMITTED']);
    expect(view.records[1].decisionReason).toBe('补充现场照片');
    expect(view.records[2]).toMatchObject({ round: 2, previousClassification: 'DOUBTFUL', downgraded: false });
    v = await step('leader', loan.id, v, 'VISIT_APPROVE');

    // back to NORMAL: a change, so a reason is required even though NORMAL
    await sendEvent(t, tokens.bpost, loan.id, 'VISIT_SUBMIT_REPORT', v, { kind: 'REPORT', classification: 'NORMAL' }).expect(400);
    for (let round = 3; round <= 6; round++) {
      v = await step('bpost', loan.id, v, 'VISIT_SUBMIT_REPORT', { kind: 'REPORT', classification: 'NORMAL', reason: '恢复生产' });
      v = await step('leader', loan.id, v, 'VISIT_APPROVE');
    }
    // round 7: 409 with its own message in both languages, nothing written
    const sixth = { events: await events(loan.id), visits: await visitRows(loan.id) };
    const seventh = await sendEvent(t, tokens.bpost, loan.id, 'VISIT_SUBMIT_REPORT', v, { kind: 'REPORT', classification: 'NORMAL' })
      .set('Accept-Language', 'en')
      .expect(409);
    expect(seventh.body.code).toBe('A10072');
    expect(seventh.body.message).toMatch(/at most six visit rounds/);
    const seventhZh = await sendEvent(t, tokens.bpost, loan.id, 'VISIT_SUBMIT_REPORT', v, { kind: 'REPORT', classification: 'NORMAL' })
      .set('Accept-Language', 'zh-CN')
      .expect(409);
    expect(seventhZh.body.message).toMatch(/最多6轮/);
    expect({ events: await events(loan.id), visits: await visitRows(loan.id) }).toEqual(sixth);
  });

  it('release: the guarantee and each collateral item, unknown or repeated items refused with nothing written, the ledger and its export', async () => {
    const companyName = `解保解押${randomUUID().slice(0, 6)}有限公司`;
    const loan = await disbursedLoan(companyName);
    let v = loan.version;
    v = await step('bpost', loan.id, v, 'VISIT_SUBMIT_REPORT', { kind: 'REPORT', classification: 'NORMAL' });
    v = await step('leader', loan.id, v, 'VISIT_APPROVE');
    // the whole principal repaid: the loan moves to release
    v = await step('finance', loan.id, v, 'RECORD_REPAYMENT', { amount: 2_000_000, earlySettlement: true });

    const view = (await t.http.get(`/server/loans/${loan.id}/release`).set(as('admin')).expect(200)).body.data;
    expect(view.releasable).toBe(true);
    expect(view.items.map((i: { kind: string; state: string; valueFen: number }) => [i.kind, i.state, i.valueFen])).toEqual([
      ['GUARANTEE', 'UNRESOLVED', 200_000_000],
      ['MORTGAGE', 'UNRESOLVED', 150_000_000],
      ['PLEDGE', 'UNRESOLVED', 80_000_000],
    ]);
    const [mortgage, pledge] = view.items.slice(1).map((i: { itemId: string }) => i.itemId);

    // an item that does not exist: 409 with the reason in both languages, nothing written
    const before = await events(loan.id);
    const unknownEn = await sendEvent(t, tokens.admin, loan.id, 'CONFIRM_RELEASE', v, { itemId: randomUUID() }).set('Accept-Language', 'en').expect(409);
    expect(unknownEn.body.message).toMatch(/Nothing to release under this item/);
    const unknownZh = await sendEvent(t, tokens.admin, loan.id, 'CONFIRM_RELEASE', v, { itemId: 'nope' }).set('Accept-Language', 'zh-CN').expect(409);
    expect(unknownZh.body.message).toMatch(/该项不存在或已解除/);
    await sendEvent(t, tokens.admin, loan.id, 'CONFIRM_RELEASE', v, {}).expect(400);
    expect(await events(loan.id)).toBe(before);
    // without the key: 403
    const stranger = await userWith(t, ['sys:loan:detail']);
    await sendEvent(t, stranger.token, loan.id, 'CONFIRM_RELEASE', v, { itemId: engine.GUARANTEE_ITEM_ID }).expect(403);
    await t.http.get('/server/release-ledger').set(as(stranger.token)).expect(403);

    v = await step('admin', loan.id, v, 'CONFIRM_RELEASE', { itemId: engine.GUARANTEE_ITEM_ID });
    // already released: refused, nothing written
    const once = await events(loan.id);
    await sendEvent(t, tokens.admin, loan.id, 'CONFIRM_RELEASE', v, { itemId: engine.GUARANTEE_ITEM_ID }).expect(409);
    expect(await events(loan.id)).toBe(once);
    v = await step('admin', loan.id, v, 'CONFIRM_RELEASE', { itemId: mortgage });
    await step('admin', loan.id, v, 'CONFIRM_RELEASE', { itemId: pledge });
    const [row] = await t.db.query(`SELECT snapshot FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
    expect(row.snapshot.value).toBe('closed');
    const after = (await t.http.get(`/server/loans/${loan.id}/release`).set(as('admin')).expect(200)).body.data;
    expect(after.releasable).toBe(false);
    expect(after.items.every((i: { state: string; releasedAt: string | null }) => i.state === 'RELEASED' && i.releasedAt)).toBe(true);

    // the ledger: three rows for this loan, newest first
    const ledger = (await t.http.get(`/server/release-ledger?loanId=${loan.id}`).set(as('admin')).expect(200)).body.data;
    expect(ledger.map((r: { kind: string; valueFen: number; company: string }) => [r.kind, r.valueFen, r.company])).toEqual([
      ['PLEDGE', 80_000_000, companyName],
      ['MORTGAGE', 150_000_000, companyName],
      ['GUARANTEE', 200_000_000, companyName],
    ]);
    expect(ledger[0].releasedByName).toBeTruthy();

    // the export opens as a workbook with the same rows
    const { headers, rows, res } = await readExport(t, `/server/release-ledger/export?loanId=${loan.id}`, tokens.admin, 'en');
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(headers.slice(0, 5)).toEqual(['Company', 'Loan', 'Item', 'Kind', 'Value (yuan)']);
    expect(rows.map((r) => [r[0], r[3], r[4]])).toEqual([
      [companyName, 'Pledge', '800,000.00'],
      [companyName, 'Mortgage', '1,500,000.00'],
      [companyName, 'Guarantee', '2,000,000.00'],
    ]);
    expect(rows[1][2]).toContain('浦东新区厂房');
  });
});
