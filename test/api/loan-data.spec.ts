import * as fs from 'node:fs';
import * as engine from '@app/workflow';
import { B_POST_SECTION, exampleContent, exampleReport } from '@app/workflow';
import { WorkflowRepository } from '../../server/src/workflow/workflow.repository';
import { commitEvent } from '../../server/src/workflow/workflow.service';
import { count, createUser, startTestApp, AppHandle, tokenOf } from './support/app';
import { createLoan } from './support/loans';

/**
 * A loan's data (CLIENT, INQUIRY, AGENT, REPORT): reading, saving with validation and optimistic
 * versions, who may edit what and when (403 / 409), drafts, completeness feeding SUBMIT_MATERIALS,
 * copying a loan, the preview and its PDF.
 */
describe('loan data', () => {
  let t: AppHandle;
  let tk: Record<'apost' | 'bpost' | 'admin' | 'prereview', string>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    const [apost, bpost, admin, prereview] = await Promise.all(['apost', 'bpost', 'admin', 'prereview'].map((u) => tokenOf(t, u)));
    tk = { apost, bpost, admin, prereview };
    const users = await t.db.query(`SELECT id, username FROM app_user WHERE username = ANY($1)`, [
      ['apost', 'bpost', 'admin', 'prereview', 'zb1', 'zb2', 'zb3', 'leader', 'finance'],
    ]);
    ids = Object.fromEntries(users.map((u: { id: string; username: string }) => [u.username, u.id]));
  });
  afterAll(() => t.close());

  const data = (token: string, loanId: string, type: string) => t.http.get(`/server/loans/${loanId}/data/${type}`).set('X-Platform-Token', token);
  const save = (token: string, loanId: string, type: string, content: unknown, expectedVersion: number) =>
    t.http.put(`/server/loans/${loanId}/data/${type}`).set('X-Platform-Token', token).send({ content, expectedVersion });
  const draft = (token: string, loanId: string, type: string, content: unknown, baseVersion = 0) =>
    t.http.put(`/server/loans/${loanId}/data/${type}/draft`).set('X-Platform-Token', token).send({ content, baseVersion });
  const submit = (token: string, loanId: string, expectedVersion: number, payload: Record<string, unknown> = {}) =>
    t.http.post(`/server/loans/${loanId}/events`).set('X-Platform-Token', token).send({ type: 'SUBMIT_MATERIALS', payload, expectedVersion });
  const versionsOf = (loanId: string) => count(t, `loan_data_version WHERE loan_id = $1`, [loanId]);

  /** Drives a loan through the real machine (as the demo data does) to the start of a stage. */
  async function driveTo(loanId: string, stage: Exclude<engine.StageKey, 'discontinued'>) {
    const repo = new WorkflowRepository(t.db);
    let row = (await repo.instance(loanId))!;
    const actors = {
      aPost: ids.apost,
      bPost: ids.bpost,
      clerk: ids.admin,
      approver: ids.prereview,
      leader: ids.leader,
      finance: ids.finance,
      voters: [ids.zb1, ids.zb2, ids.zb3],
    };
    for (const event of engine.eventsToStage(row.input as unknown as engine.GuaranteeInput, stage, actors)) {
      const outcome = await commitEvent(t.db.manager, repo, row, event);
      if (!outcome.ok) throw new Error(`${event.type} refused`);
      row = { ...row, version: outcome.seq, snapshot: outcome.snapshot, lastHash: outcome.hash };
    }
  }

  describe('reading and saving', () => {
    it('answers an empty first view with what the caller may edit, the completeness and a prefill from the company', async () => {
      const loan = await createLoan(t, tk.apost);
      const res = await data(tk.apost, loan.id, 'CLIENT').expect(200);
      const view = res.body.data;
      expect(view).toMatchObject({ loanId: loan.id, type: 'CLIENT', version: 0, content: {}, draft: null, updatedBy: null });
      expect(view.loan).toMatchObject({ id: loan.id, stage: 'collection', aPostOfficerId: ids.apost, amount: 5_000_000 });
      expect(view.editable).toEqual({ sections: ['basic', 'shareholders', 'contacts', 'application', 'assets'], refusal: null, reason: null });
      expect(view.completeness.complete).toBe(false);
      expect(view.prefill.basic).toMatchObject({ companyName: '上海测试科技有限公司' });
      expect(view.prefill.basic.creditCode).toMatch(/^[0-9A-Z]{18}$/);

      // Another user who may read sees it, with the reason they may not edit.
      const forPreReview = (await data(tk.prereview, loan.id, 'REPORT').expect(200)).body.data;
      expect(forPreReview.editable).toMatchObject({ sections: [], refusal: 'PERMISSION' });
      // Unknown types and loans.
      expect((await data(tk.apost, loan.id, 'NOPE').expect(404)).body.code).toBe('A06001');
      await data(tk.apost, '00000000-0000-4000-8000-000000000000', 'CLIENT').expect(404);
      await data(tk.apost, 'not-a-uuid', 'CLIENT').expect(404);
      // Without any reading permission: 403.
      const nobody = await createUser(t, ['ROLE_USER']);
      await data(await tokenOf(t, nobody.username, nobody.password), loan.id, 'CLIENT').expect(403);
    });

    it('saves a partial but valid content as version 1, keeping every saved version', async () => {
      const loan = await createLoan(t, tk.apost);
      const res = await save(tk.apost, loan.id, 'CLIENT', { basic: { companyName: '甲公司', registeredCapital: 5000 } }, 0).expect(200);
      expect(res.body.data).toMatchObject({ version: 1, content: { basic: { companyName: '甲公司', registeredCapital: 5000 } }, updatedBy: { id: ids.apost } });
      expect(res.body.data.completeness.complete).toBe(false);
      await save(tk.apost, loan.id, 'CLIENT', { basic: { companyName: '乙公司' } }, 1).expect(200);
      expect(await versionsOf(loan.id)).toBe(2);
      const versions = await t.http.get(`/server/loans/${loan.id}/data/CLIENT/versions`).set('X-Platform-Token', tk.apost).expect(200);
      expect(versions.body.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    });

    it('refuses invalid content with every problem named, in the caller language, writing nothing (400)', async () => {
      const loan = await createLoan(t, tk.apost);
      await save(tk.apost, loan.id, 'CLIENT', { basic: { companyName: '甲公司' } }, 0).expect(200);
      const bad = await save(tk.apost, loan.id, 'CLIENT', { basic: { registeredCapital: '5000', district: 'MARS', employees: -1 }, nowhere: {} }, 1)
        .set('Accept-Language', 'en')
        .expect(400);
      expect(bad.body.code).toBe('A06002');
      expect(bad.body.message).toContain('Company basics / Registered capital has the wrong type');
      expect(bad.body.data.issues.map((i: { path: string }) => i.path).sort()).toEqual([
        'basic.district',
        'basic.employees',
        'basic.registeredCapital',
        'nowhere',
      ]);
      const zh = await save(tk.apost, loan.id, 'CLIENT', { basic: { establishedDate: '2023-02-30' } }, 1).expect(400);
      expect(zh.body.message).toContain('企业基本信息 / 成立日期日期无效');
      // Not an object at all: the DTO refuses it.
      await save(tk.apost, loan.id, 'CLIENT', 'text', 1).expect(400);
      await t.http.put(`/server/loans/${loan.id}/data/CLIENT`).set('X-Platform-Token', tk.apost).send({ content: {} }).expect(400);
      expect(await versionsOf(loan.id)).toBe(1);
      expect((await data(tk.apost, loan.id, 'CLIENT')).body.data.content).toEqual({ basic: { companyName: '甲公司' } });
    });

    it('refuses a save against an old version (409) and content over the size limit (400)', async () => {
      const loan = await createLoan(t, tk.apost);
      await save(tk.apost, loan.id, 'INQUIRY', { project: { summary: 'a' } }, 0).expect(200);
      const stale = await save(tk.apost, loan.id, 'INQUIRY', { project: { summary: 'b' } }, 0).expect(409);
      expect(stale.body).toMatchObject({ code: 'A06004', data: { version: 1 } });
      const huge = { project: { summary: 'x'.repeat(600 * 1024) } };
      expect((await save(tk.apost, loan.id, 'INQUIRY', huge, 1).expect(400)).body.code).toBe('A06007');
      expect((await draft(tk.apost, loan.id, 'INQUIRY', huge, 1).expect(400)).body.code).toBe('A06007');
      expect(await versionsOf(loan.id)).toBe(1);
    });

    it('lets only the loan officer with the perfect permission edit (403), and refuses at a step that forbids it (409)', async () => {
      const loan = await createLoan(t, tk.apost);
      const content = { basic: { companyName: '甲公司' } };
      // No sys:loan:perfect.
      expect((await save(tk.prereview, loan.id, 'CLIENT', content, 0).expect(403)).body.code).toBe('403');
      expect((await save(tk.bpost, loan.id, 'CLIENT', content, 0).expect(403)).body.code).toBe('403');
      // The permission but not the loan's officer: another A-post user, and the administrator.
      const other = await createUser(t, ['ROLE_USER', 'A_POST']);
      const otherToken = await tokenOf(t, other.username, other.password);
      expect((await save(otherToken, loan.id, 'CLIENT', content, 0).set('Accept-Language', 'en').expect(403)).body).toMatchObject({
        code: 'A06005',
        message: "Only the loan's A-post officer (or ROOT) may complete this data",
      });
      expect((await save(tk.admin, loan.id, 'CLIENT', content, 0).expect(403)).body.code).toBe('A06005');
      expect((await draft(otherToken, loan.id, 'CLIENT', content).expect(403)).body.code).toBe('A06005');
      expect(await count(t, `loan_data WHERE loan_id = $1`, [loan.id])).toBe(0);
      expect(await count(t, `loan_data_draft WHERE loan_id = $1`, [loan.id])).toBe(0);

      // Once the materials are submitted the data is frozen until they are returned.
      await save(tk.apost, loan.id, 'CLIENT', exampleContent('CLIENT'), 0).expect(200);
      await submit(tk.apost, loan.id, 0).expect(200);
      const frozen = await save(tk.apost, loan.id, 'CLIENT', content, 1).expect(409);
      expect(frozen.body.code).toBe('A06003');
      expect(frozen.body.message).toContain('资料已提交，待接收');
      expect((await draft(tk.apost, loan.id, 'CLIENT', content, 1).expect(409)).body.code).toBe('A06003');
      expect((await data(tk.apost, loan.id, 'CLIENT')).body.data.editable).toMatchObject({ sections: [], refusal: 'STATE' });
      // Returned: editable again.
      await t.http
        .post(`/server/loans/${loan.id}/events`)
        .set('X-Platform-Token', tk.admin)
        .send({ type: 'RETURN_MATERIALS', payload: { reason: '补充联系人' }, expectedVersion: 1 })
        .expect(200);
      await save(tk.apost, loan.id, 'CLIENT', exampleContent('CLIENT'), 1).expect(200);
    });
  });

  describe('drafts', () => {
    it('keeps any partial content of the caller as a draft, never validated, until a save replaces it', async () => {
      const loan = await createLoan(t, tk.apost);
      const typed = { basic: { companyName: '草稿公司', registeredCapital: '50' }, financials: 'half typed' };
      const res = await draft(tk.apost, loan.id, 'CLIENT', typed).expect(200);
      expect(res.body.data).toMatchObject({ baseVersion: 0 });
      expect(Date.parse(res.body.data.savedAt)).toBeGreaterThan(0);
      expect((await data(tk.apost, loan.id, 'CLIENT')).body.data.draft).toMatchObject({ content: typed, baseVersion: 0 });
      // Drafts are per user: nobody else sees it.
      expect((await data(tk.prereview, loan.id, 'CLIENT')).body.data.draft).toBeNull();
      expect(await count(t, `loan_data WHERE loan_id = $1`, [loan.id])).toBe(0);
      // Not an object: 400.
      await draft(tk.apost, loan.id, 'CLIENT', ['x']).expect(400);

      await save(tk.apost, loan.id, 'CLIENT', { basic: { companyName: '草稿公司' } }, 0).expect(200);
      expect((await data(tk.apost, loan.id, 'CLIENT')).body.data.draft).toBeNull();
      await draft(tk.apost, loan.id, 'CLIENT', typed, 1).expect(200);
      await t.http.delete(`/server/loans/${loan.id}/data/CLIENT/draft`).set('X-Platform-Token', tk.apost).expect(200);
      expect((await data(tk.apost, loan.id, 'CLIENT')).body.data.draft).toBeNull();
    });
  });

  describe('completeness and SUBMIT_MATERIALS', () => {
    it('refuses SUBMIT_MATERIALS (409) until the saved customer data is complete, whatever the client claims', async () => {
      const loan = await createLoan(t, tk.apost);
      const all = { completeDataTypes: ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] };
      const none = await submit(tk.apost, loan.id, 0, all).set('Accept-Language', 'en').expect(409);
      expect(none.body.code).toBe('A03001');
      expect(none.body.data.reason.code).toBe('DATA_INCOMPLETE');

      const partial = exampleContent('CLIENT');
      delete partial.contacts;
      await save(tk.apost, loan.id, 'CLIENT', partial, 0).expect(200);
      let completeness = (await t.http.get(`/server/loans/${loan.id}/data/completeness`).set('X-Platform-Token', tk.apost).expect(200)).body.data;
      expect(completeness).toMatchObject({ completeDataTypes: [], requiredForSubmission: ['CLIENT'], submittable: false });
      const client = completeness.types.find((c: { type: string }) => c.type === 'CLIENT');
      expect(client.sections.find((s: { key: string }) => s.key === 'contacts')).toMatchObject({ complete: false, missing: ['contacts.contacts'] });
      await submit(tk.apost, loan.id, 0, all).expect(409);
      // A draft does not count: only saved data does.
      await draft(tk.apost, loan.id, 'CLIENT', exampleContent('CLIENT'), 1).expect(200);
      await submit(tk.apost, loan.id, 0).expect(409);

      await save(tk.apost, loan.id, 'CLIENT', exampleContent('CLIENT'), 1).expect(200);
      completeness = (await t.http.get(`/server/loans/${loan.id}/data/completeness`).set('X-Platform-Token', tk.apost).expect(200)).body.data;
      expect(completeness).toMatchObject({ completeDataTypes: ['CLIENT'], submittable: true });
      // The client's own claim is ignored: the event records what the server found.
      const ok = await submit(tk.apost, loan.id, 0, { completeDataTypes: ['CLIENT'] }).expect(200);
      expect(ok.body.data.state).toEqual({ collection: 'submitted' });
      const [event] = await t.db.query(`SELECT payload FROM workflow_event WHERE loan_id = $1 AND seq = 1`, [loan.id]);
      expect(event.payload).toEqual({ completeDataTypes: ['CLIENT'] });
      // Shape is still checked (400) before anything else.
      await submit(tk.apost, (await createLoan(t, tk.apost)).id, 0, { completeDataTypes: ['NOPE'] }).expect(400);
    });
  });

  describe('the review report and the B-post conclusion', () => {
    it('checks the statements, and keeps the B-post conclusion out of the A-post officer reach', async () => {
      const loan = await createLoan(t, tk.apost, { bPostOfficerId: ids.bpost });
      const report = exampleContent('REPORT') as any;
      report.financials.statements.lines.totalAssets[2] = -1;
      const bad = await save(tk.apost, loan.id, 'REPORT', report, 0).expect(400);
      expect(bad.body.data.issues).toEqual([{ path: 'financials.statements.lines.totalAssets.2', code: 'min', params: { min: 0 } }]);

      const withB = exampleReport('某公司', 2024, true);
      const refused = await save(tk.apost, loan.id, 'REPORT', withB, 0).expect(403);
      expect(refused.body).toMatchObject({ code: 'A06006', data: { section: B_POST_SECTION } });
      const saved = await save(tk.apost, loan.id, 'REPORT', exampleContent('REPORT'), 0).expect(200);
      expect(saved.body.data.completeness.complete).toBe(true);
      expect(saved.body.data.editable.sections).toHaveLength(16);
    });

    it('lets the loan B-post officer write the conclusion in risk control, and nothing else', async () => {
      const loan = await createLoan(t, tk.apost, { bPostOfficerId: ids.bpost });
      await save(tk.apost, loan.id, 'CLIENT', exampleContent('CLIENT'), 0).expect(200);
      await save(tk.apost, loan.id, 'REPORT', exampleContent('REPORT'), 0).expect(200);
      await driveTo(loan.id, 'riskControl');

      const view = (await data(tk.bpost, loan.id, 'REPORT').expect(200)).body.data;
      expect(view.editable).toEqual({ sections: [B_POST_SECTION], refusal: null, reason: null });
      const conclusion = exampleReport('某公司', 2024, true)[B_POST_SECTION];
      // The whole report comes back, the conclusion added: only the B-post section changes.
      const saved = await save(tk.bpost, loan.id, 'REPORT', { ...view.content, [B_POST_SECTION]: conclusion }, 1).expect(200);
      expect(saved.body.data).toMatchObject({ version: 2, updatedBy: { id: ids.bpost } });
      expect(saved.body.data.content.companyBasics).toEqual(view.content.companyBasics);
      expect(saved.body.data.completeness.sections.every((s: { complete: boolean }) => s.complete)).toBe(true);
      // Only the conclusion: the A-post sections are not the B-post officer's.
      const touched = await save(tk.bpost, loan.id, 'REPORT', { companyBasics: { history: '改写' } }, 2).expect(403);
      expect(touched.body.code).toBe('A06006');
      // The A-post officer cannot edit the report in risk control; another B-post user is not the loan's.
      expect((await save(tk.apost, loan.id, 'REPORT', { companyBasics: { history: '改写' } }, 2).expect(409)).body.code).toBe('A06003');
      const otherB = await createUser(t, ['ROLE_USER', 'B_POST']);
      expect(
        (await save(await tokenOf(t, otherB.username, otherB.password), loan.id, 'REPORT', { [B_POST_SECTION]: conclusion }, 2).expect(403)).body.code,
      ).toBe('A06005');

      // The B-post report preview shows the conclusion only.
      const preview = await t.http.get(`/server/loans/${loan.id}/data/REPORT/preview`).query({ part: 'B' }).set('X-Platform-Token', tk.bpost).expect(200);
      expect(preview.headers['content-type']).toContain('text/html');
      expect(preview.text).toContain('十七、B岗结论');
      expect(preview.text).not.toContain('一、企业基本情况');

      // Copying this loan gives a new application with the A-post data only.
      const copy = await t.http.post(`/server/loans/${loan.id}/copy`).set('X-Platform-Token', tk.apost).send({ amount: 3_000_000 }).expect(201);
      const copied = copy.body.data;
      expect(copied.id).not.toBe(loan.id);
      expect(copied).toMatchObject({
        companyId: (await t.http.get(`/server/loans/${loan.id}`).set('X-Platform-Token', tk.apost)).body.data.companyId,
        currentAmount: 3_000_000,
      });
      expect(copied.workflow).toMatchObject({ stage: 'collection', version: 0, state: { collection: 'toBeImproved' } });
      const copiedReport = (await data(tk.apost, copied.id, 'REPORT').expect(200)).body.data;
      expect(copiedReport.version).toBe(1);
      expect(copiedReport.content[B_POST_SECTION]).toBeUndefined();
      expect(copiedReport.content.financials).toEqual(view.content.financials);
      expect((await data(tk.apost, copied.id, 'CLIENT')).body.data.content).toEqual(exampleContent('CLIENT'));
      // The copy is a new loan at the start: its data may be perfected and submitted at once.
      expect(copiedReport.editable.refusal).toBeNull();
      await submit(tk.apost, copied.id, 0).expect(200);
    });
  });

  describe('copy', () => {
    it('needs sys:loan:copy (403), an existing loan (404), and writes nothing when refused', async () => {
      const loan = await createLoan(t, tk.apost);
      const loans = await count(t, 'loan');
      await t.http.post(`/server/loans/${loan.id}/copy`).set('X-Platform-Token', tk.prereview).send({}).expect(403);
      await t.http.post(`/server/loans/00000000-0000-4000-8000-000000000000/copy`).set('X-Platform-Token', tk.apost).send({}).expect(404);
      await t.http.post(`/server/loans/${loan.id}/copy`).set('X-Platform-Token', tk.apost).send({ amount: -1 }).expect(400);
      expect(await count(t, 'loan')).toBe(loans);
      // A loan without data copies to a loan without data.
      const copy = await t.http.post(`/server/loans/${loan.id}/copy`).set('X-Platform-Token', tk.apost).send({}).expect(201);
      expect(await count(t, `loan_data WHERE loan_id = $1`, [copy.body.data.id])).toBe(0);
      expect(copy.body.data).toMatchObject({ aPostOfficerId: ids.apost, currentAmount: 5_000_000, termMonths: 12 });
    });
  });

  describe('preview and PDF', () => {
    let loanId: string;
    beforeAll(async () => {
      const loan = await createLoan(t, tk.apost);
      loanId = loan.id;
      await save(tk.apost, loanId, 'CLIENT', exampleContent('CLIENT'), 0).expect(200);
      await save(tk.apost, loanId, 'REPORT', exampleContent('REPORT'), 0).expect(200);
    });

    it('renders the report as print-ready HTML with the computed ratios, escaped, in the caller language', async () => {
      const res = await t.http.get(`/server/loans/${loanId}/data/REPORT/preview`).set('X-Platform-Token', tk.apost).expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toMatch(/^<!DOCTYPE html>/);
      expect(res.text).toContain('上海测试科技有限公司');
      expect(res.text).toContain('五、财务比率分析');
      expect(res.text).toContain('流动比率');
      // Current ratio of the latest year: 6400 / 4000; debt-to-asset 6600 / 12000.
      expect(res.text).toContain('<td class="num">1.60</td>');
      expect(res.text).toContain('<td class="num">55.00%</td>');
      // Growth has no year before the first: a dash.
      expect(res.text).toContain('<td class="num">—</td>');
      const en = await t.http.get(`/server/loans/${loanId}/data/ALL/preview`).set('X-Platform-Token', tk.apost).set('Accept-Language', 'en').expect(200);
      expect(en.text).toContain('Customer data');
      expect(en.text).toContain('Current ratio');

      await save(tk.apost, loanId, 'INQUIRY', { project: { summary: '<script>alert(1)</script>' } }, 0).expect(200);
      const escaped = await t.http.get(`/server/loans/${loanId}/data/INQUIRY/preview`).set('X-Platform-Token', tk.apost).expect(200);
      expect(escaped.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(escaped.text).not.toContain('<script>');

      const nobody = await createUser(t, ['ROLE_USER']);
      await t.http
        .get(`/server/loans/${loanId}/data/REPORT/preview`)
        .set('X-Platform-Token', await tokenOf(t, nobody.username, nobody.password))
        .expect(403);
      await t.http.get(`/server/loans/${loanId}/data/NOPE/preview`).set('X-Platform-Token', tk.apost).expect(404);
      await t.http.get(`/server/loans/${loanId}/data/REPORT/preview`).query({ part: 'C' }).set('X-Platform-Token', tk.apost).expect(400);
    });

    const chromium = fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium');
    (chromium ? it : it.skip)(
      'answers a PDF of the preview (Chromium installed)',
      async () => {
        const res = await t.http
          .get(`/server/loans/${loanId}/data/REPORT/pdf`)
          .set('X-Platform-Token', tk.apost)
          .buffer(true)
          .parse((response, callback) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => callback(null, Buffer.concat(chunks)));
          })
          .expect(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
        const body = res.body as Buffer;
        expect(body.subarray(0, 4).toString('latin1')).toBe('%PDF');
        expect(body.length).toBeGreaterThan(10_000);
      },
      60_000,
    );
  });
});
