import { randomUUID } from 'node:crypto';
import * as engine from '@app/workflow';
import { count, startTestApp, AppHandle } from './support/app';
import { loanInStage, pipelineSetup, shanghaiDay } from './support/lists';
import { sendEvent, sendEventAsIs, SMALL_PDF } from './support/loans';

type Doc = { kind: string; upload: string; present: boolean };
type Action = { type: string; document?: Doc };

/** The bad-loan path's steps with a document: walked by bad-loans.spec.ts (a loan that goes bad). */
const BAD_LOAN_STEPS = ['COMPENSATION_PAY', 'RECOVERY_WRITE_OFF_APPROVE'];
/**
 * Every step that stands on a document (workflow EVENT_EVIDENCE) is refused with
 * 409 naming it while none was uploaded for the step's current round, and accepted once the file is
 * posted to the legal action's `document.upload`; a file of an earlier round (before a return) does
 * not count. Section 5: a repayment above the open instalment's due needs `earlySettlement: true`.
 */
describe('steps that stand on their evidence', () => {
  let t: AppHandle;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] ?? user });
  let bankId: string;
  let templateId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const setup = await pipelineSetup(t, '凭证测试银行');
    Object.assign(tokens, setup.tokens);
    ({ bankId, templateId } = setup);
  });
  afterAll(() => t.close());

  /** A step whose document the test does not provide (none stands on one, or it is checked by hand). */
  const plain = async (user: string, loanId: string, version: number, type: string, payload: Record<string, unknown> = {}) => {
    expect(engine.evidenceOf(type)).toBeNull();
    const res = await sendEventAsIs(t, tokens[user], loanId, type, version, payload);
    if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.version as number;
  };

  const actionOf = async (user: string, loanId: string, type: string): Promise<Action | undefined> => {
    const view = await t.http.get(`/server/loans/${loanId}/workflow`).set(as(user)).expect(200);
    return (view.body.data.legalActions as Action[]).find((a) => a.type === type);
  };

  /**
   * The evidence walk of one step: the legal action names the document (absent), the step is refused
   * with 409 naming it in both languages and nothing is written, the file goes to `document.upload`,
   * the action then says it is present, and the step is accepted.
   */
  const withEvidence = async (user: string, loanId: string, version: number, type: engine.EventType, payload: Record<string, unknown> = {}) => {
    const kind = engine.EVENT_EVIDENCE[type]!;
    const action = await actionOf(user, loanId, type);
    expect(action?.document).toEqual({ kind, upload: expect.stringMatching(new RegExp(`^/server/loans/${loanId}/`)), present: false });
    const events = await count(t, 'workflow_event WHERE loan_id = $1', [loanId]);
    const en = await sendEventAsIs(t, tokens[user], loanId, type, version, payload).set('Accept-Language', 'en').expect(409);
    expect(en.body.code).toBe('A10074');
    expect(en.body.message).toContain(engine.EVIDENCE_LABELS[kind].en);
    const zh = await sendEventAsIs(t, tokens[user], loanId, type, version, payload).set('Accept-Language', 'zh-CN').expect(409);
    expect(zh.body.message).toContain(`请先上传${engine.EVIDENCE_LABELS[kind].zh}`);
    expect(await count(t, 'workflow_event WHERE loan_id = $1', [loanId])).toBe(events);

    await t.http.post(action!.document!.upload).set(as(user)).attach('file', SMALL_PDF, `${kind}.pdf`).expect(201);
    expect((await actionOf(user, loanId, type))?.document?.present).toBe(true);
    const res = await sendEventAsIs(t, tokens[user], loanId, type, version, payload).expect(200);
    return res.body.data.version as number;
  };

  /** A loan (2,000,000 yuan) disbursed, each document provided on the way (support sendEvent): after guarantee. */
  async function disbursedLoan(companyName: string) {
    const loan = await loanInStage(t, 'duringGuarantee', companyName);
    let v = loan.version;
    const step = async (user: string, type: string, payload: Record<string, unknown> = {}) => {
      const res = await sendEvent(t, tokens[user], loan.id, type, v, payload);
      if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body)}`);
      v = res.body.data.version;
    };
    await step('apost', 'CONTRACT_GENERATE', { bankId, templateId });
    await step('apost', 'CONTRACT_SUBMIT_REVIEW');
    await step('bpost', 'CONTRACT_MUTUAL_REVIEW_PASS');
    await step('prereview', 'CONTRACT_REVIEW_PASS');
    await step('admin', 'CONTRACT_SEAL_CONFIRM');
    await step('admin', 'CONTRACT_SEAL_COMPLETE');
    await step('admin', 'CONTRACT_ARCHIVE_UPLOAD');
    await step('prereview', 'CONTRACT_ARCHIVE_CONFIRM');
    await step('apost', 'PREMIUM_ADD', { amount: 30_000, reason: '测试保费' });
    await step('apost', 'PREMIUM_SUBMIT');
    await step('finance', 'PREMIUM_CONFIRM');
    await step('bpost', 'COUNTER_GUARANTEE_CONFIRM');
    await step('bpost', 'COUNTER_GUARANTEE_UPLOAD');
    await step('apost', 'LETTER_GENERATE', { bankId });
    await step('apost', 'LETTER_SUBMIT');
    await step('prereview', 'LETTER_APPROVE');
    await step('admin', 'LETTER_SEAL_CONFIRM');
    await step('admin', 'LETTER_SEAL_COMPLETE');
    await step('apost', 'LETTER_UPLOAD_SEALED');
    await step('apost', 'VOUCHER_UPLOAD');
    await step('finance', 'VOUCHER_CONFIRM', { disbursedOn: shanghaiDay(), disbursedAmountFen: 200_000_000 });
    return { id: loan.id, version: v };
  }

  it('walks a loan through every evidence-bearing step: refused without its document, accepted after document.upload', async () => {
    const loan = await loanInStage(t, 'duringGuarantee', `凭证全程${randomUUID().slice(0, 6)}有限公司`);
    let v = loan.version;
    const seen = new Set<string>();
    const evidence = async (user: string, type: engine.EventType, payload: Record<string, unknown> = {}) => {
      v = await withEvidence(user, loan.id, v, type, payload);
      seen.add(type);
    };
    v = await plain('apost', loan.id, v, 'CONTRACT_GENERATE', { bankId, templateId });
    v = await plain('apost', loan.id, v, 'CONTRACT_SUBMIT_REVIEW');
    v = await plain('bpost', loan.id, v, 'CONTRACT_MUTUAL_REVIEW_PASS');
    v = await plain('prereview', loan.id, v, 'CONTRACT_REVIEW_PASS');
    v = await plain('admin', loan.id, v, 'CONTRACT_SEAL_CONFIRM');
    v = await plain('admin', loan.id, v, 'CONTRACT_SEAL_COMPLETE');
    await evidence('admin', 'CONTRACT_ARCHIVE_UPLOAD');
    // a second archive upload (a replacement) stands on a new file: the first was used by the step
    const again = await actionOf('admin', loan.id, 'CONTRACT_ARCHIVE_UPLOAD');
    expect(again?.document?.present).toBe(false);
    await sendEventAsIs(t, tokens.admin, loan.id, 'CONTRACT_ARCHIVE_UPLOAD', v).expect(409);
    v = await plain('prereview', loan.id, v, 'CONTRACT_ARCHIVE_CONFIRM');
    v = await plain('apost', loan.id, v, 'PREMIUM_ADD', { amount: 30_000, reason: '测试保费' });
    v = await plain('apost', loan.id, v, 'PREMIUM_SUBMIT');
    v = await plain('finance', loan.id, v, 'PREMIUM_CONFIRM');
    // the counter-guarantee file cannot be uploaded before B-post confirmed the register
    await t.http
      .post(`/server/loans/${loan.id}/counter-guarantee`)
      .set(as('bpost'))
      .attach('file', SMALL_PDF, '反担保.pdf')
      .set('Accept-Language', 'en')
      .expect(409);
    v = await plain('bpost', loan.id, v, 'COUNTER_GUARANTEE_CONFIRM');
    // the worklist row's legal action carries the same document as the loan's view
    const list = await t.http.get('/server/worklists/counterGuarantee').set(as('bpost')).query({ pageSize: 100 }).expect(200);
    const row = (list.body.data.list as { id: string; workflow: { legalActions: Action[] } }[]).find((r) => r.id === loan.id);
    expect(row?.workflow.legalActions.find((a) => a.type === 'COUNTER_GUARANTEE_UPLOAD')?.document).toEqual({
      kind: 'COUNTER_GUARANTEE',
      upload: `/server/loans/${loan.id}/counter-guarantee`,
      present: false,
    });
    await evidence('bpost', 'COUNTER_GUARANTEE_UPLOAD');
    v = await plain('apost', loan.id, v, 'LETTER_GENERATE', { bankId });
    v = await plain('apost', loan.id, v, 'LETTER_SUBMIT');
    v = await plain('prereview', loan.id, v, 'LETTER_APPROVE');
    v = await plain('admin', loan.id, v, 'LETTER_SEAL_CONFIRM');
    v = await plain('admin', loan.id, v, 'LETTER_SEAL_COMPLETE');
    await evidence('apost', 'LETTER_UPLOAD_SEALED');
    await evidence('apost', 'VOUCHER_UPLOAD');
    v = await plain('finance', loan.id, v, 'VOUCHER_CONFIRM', { disbursedOn: shanghaiDay(), disbursedAmountFen: 200_000_000 });

    // visits: round 1 with its report file; returned, the round's old file does not count again
    await evidence('bpost', 'VISIT_SUBMIT_REPORT', { kind: 'REPORT', classification: 'NORMAL' });
    v = await plain('leader', loan.id, v, 'VISIT_RETURN', { reason: '报告不全' });
    expect((await actionOf('bpost', loan.id, 'VISIT_SUBMIT_REPORT'))?.document?.present).toBe(false);
    await evidence('bpost', 'VISIT_SUBMIT_REPORT', { kind: 'REPORT', classification: 'NORMAL' });
    v = await plain('leader', loan.id, v, 'VISIT_APPROVE');

    // repayments (a monthly plan): the voucher goes onto the open instalment; its amount is the instalment's due
    v = await plain('admin', loan.id, v, 'REPAYMENT_PLAN_EDIT', { method: 'EQUAL_PRINCIPAL', reason: '按月等额还本' });
    const plan = (await t.http.get(`/server/loans/${loan.id}/repayment-plan`).set(as('finance')).expect(200)).body.data;
    const first = plan.instalments[0];
    const action = await actionOf('finance', loan.id, 'RECORD_REPAYMENT');
    expect(action?.document?.upload).toBe(`/server/loans/${loan.id}/instalments/${first.id}/voucher`);
    await evidence('finance', 'RECORD_REPAYMENT', { amount: first.principalFen / 100 });
    const stage = (await t.http.get(`/server/loans/${loan.id}/workflow`).set(as('finance')).expect(200)).body.data.stage;
    expect(stage).toBe('afterGuarantee');

    // every uploaded file is listed on the loan's documents, by kind
    const docs = (await t.http.get(`/server/loans/${loan.id}/documents`).set(as('apost')).expect(200)).body.data as { id: string; kind: string }[];
    const kinds = new Set(docs.map((d) => d.kind));
    for (const [type, kind] of Object.entries(engine.EVENT_EVIDENCE)) if (!BAD_LOAN_STEPS.includes(type)) expect(kinds).toContain(kind);
    const counter = docs.find((d) => d.kind === 'COUNTER_GUARANTEE')!;
    const file = await t.http.get(`/server/documents/${counter.id}/file`).set(as('apost')).expect(200);
    expect(file.headers['content-type']).toMatch(/pdf/);

    expect([...seen].sort()).toEqual(
      Object.keys(engine.EVENT_EVIDENCE)
        .filter((type) => !BAD_LOAN_STEPS.includes(type))
        .sort(),
    );
  });

  it('a repayment above the open instalment is an early settlement: 400 without earlySettlement, accepted with it', async () => {
    const loan = await disbursedLoan(`提前还款${randomUUID().slice(0, 6)}有限公司`);
    let v = await plain('admin', loan.id, loan.version, 'REPAYMENT_PLAN_EDIT', { method: 'EQUAL_PRINCIPAL', reason: '按月等额还本' });
    const plan = (await t.http.get(`/server/loans/${loan.id}/repayment-plan`).set(as('finance')).expect(200)).body.data;
    const [first, second] = plan.instalments as { id: string; seq: number; principalFen: number }[];
    const outstanding = plan.principalFen - plan.repaidFen;
    expect(outstanding).toBeGreaterThan(first.principalFen);
    await t.http.post(`/server/loans/${loan.id}/instalments/${first.id}/voucher`).set(as('finance')).attach('file', SMALL_PDF, '还款凭证.pdf').expect(201);
    const events = await count(t, 'workflow_event WHERE loan_id = $1', [loan.id]);
    const all = { amount: outstanding / 100 };
    const en = await sendEventAsIs(t, tokens.finance, loan.id, 'RECORD_REPAYMENT', v, all).set('Accept-Language', 'en').expect(400);
    expect(en.body.code).toBe('A10076');
    expect(en.body.message).toContain(`instalment ${first.seq}`);
    expect(en.body.data.fieldErrors[0].field).toBe('earlySettlement');
    const zh = await sendEventAsIs(t, tokens.finance, loan.id, 'RECORD_REPAYMENT', v, all).set('Accept-Language', 'zh-CN').expect(400);
    expect(zh.body.message).toContain(`第 ${first.seq} 期`);
    // not a flag: the shape check names it
    await sendEventAsIs(t, tokens.finance, loan.id, 'RECORD_REPAYMENT', v, { ...all, earlySettlement: 'yes' }).expect(400);
    expect(await count(t, 'workflow_event WHERE loan_id = $1', [loan.id])).toBe(events);
    expect(await count(t, `repayment_instalment WHERE loan_id = $1 AND state = 'REPAID'`, [loan.id])).toBe(0);

    // the instalment's own amount needs no confirmation; the loan stays after guarantee
    const res = await sendEventAsIs(t, tokens.finance, loan.id, 'RECORD_REPAYMENT', v, { amount: first.principalFen / 100 }).expect(200);
    v = res.body.data.version;
    expect(res.body.data.stage).toBe('afterGuarantee');
    // the rest early, confirmed: every instalment repaid, the loan moves to release
    const rest = { amount: (outstanding - first.principalFen) / 100, earlySettlement: true };
    expect(second.principalFen).toBeLessThan(outstanding - first.principalFen);
    const done = await sendEvent(t, tokens.finance, loan.id, 'RECORD_REPAYMENT', v, rest).expect(200);
    expect(done.body.data.stage).toBe('release');
    const logged = await t.db.query(`SELECT payload FROM workflow_event WHERE loan_id = $1 AND type = 'RECORD_REPAYMENT' ORDER BY seq DESC LIMIT 1`, [loan.id]);
    expect(logged[0].payload.earlySettlement).toBe(true);
  });
});
