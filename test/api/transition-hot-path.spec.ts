import { exampleContent } from '@app/workflow';
import { commitEvent } from '../../server/src/workflow/workflow.service';
import { WorkflowRepository } from '../../server/src/workflow/workflow.repository';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { createLoan, sendEvent } from './support/loans';

const SUBMIT = { completeDataTypes: ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] };

/**
 * The server keeps the instance it last committed and starts the next event from it (one statement
 * instead of a read and a write). These tests move the stored rows behind its back, as another API
 * process would, and check that the answer always comes from what is stored.
 */
describe('transitions: the one-statement path answers from the stored rows', () => {
  let t: AppHandle;
  let apost: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    [apost, admin] = await Promise.all([tokenOf(t, 'apost'), tokenOf(t, 'admin')]);
  });
  afterAll(() => t.close());

  const events = (loanId: string) => count(t, `workflow_event WHERE loan_id = $1`, [loanId]);

  it('an instance moved by another process: a step at the old version is stale, the next one chains on', async () => {
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);

    // Another process returns the materials (version 2) without this server seeing it.
    const repo = new WorkflowRepository(t.db);
    const row = (await repo.instance(loan.id))!;
    const [officer] = await t.db.query(`SELECT id FROM app_user WHERE username = 'admin'`);
    const moved = await commitEvent(t.db.manager, repo, row, {
      type: 'RETURN_MATERIALS',
      reason: '另一进程退回',
      actorId: officer.id,
      at: new Date().toISOString(),
    } as any);
    expect(moved.ok).toBe(true);

    const stale = await sendEvent(t, admin, loan.id, 'RETURN_MATERIALS', 1, { reason: '重复退回' }).set('Accept-Language', 'en').expect(409);
    expect(stale.body).toMatchObject({ code: 'A03002', data: { version: 2 } });
    expect(await events(loan.id)).toBe(2);

    const next = await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 2, SUBMIT).expect(200);
    expect(next.body.data).toMatchObject({ version: 3, state: { collection: 'submitted' } });
    const verify = await t.http.get(`/server/loans/${loan.id}/history/verify`).set('X-Platform-Token', apost).expect(200);
    expect(verify.body.data).toMatchObject({ ok: true });
  });

  it('a last hash changed behind the server (a re-seal) is not chained over', async () => {
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    const [before] = await t.db.query(`SELECT last_hash FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
    const resealed = 'a'.repeat(64);
    await t.db.query(`UPDATE workflow_instance SET last_hash = $2 WHERE loan_id = $1`, [loan.id, resealed]);

    await sendEvent(t, admin, loan.id, 'RETURN_MATERIALS', 1, { reason: '退回' }).expect(200);
    const [second] = await t.db.query(`SELECT prev_hash FROM workflow_event WHERE loan_id = $1 AND seq = 2`, [loan.id]);
    // Chained on the stored head, not on the one the server committed before.
    expect(second.prev_hash).toBe(resealed);
    expect(second.prev_hash).not.toBe(before.last_hash);
  });

  it('loan data saved after the completeness was read: SUBMIT_MATERIALS is judged on what is stored now', async () => {
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    await sendEvent(t, admin, loan.id, 'RETURN_MATERIALS', 1, { reason: '资料不全' }).expect(200);

    // The customer data emptied by another process (a new saved version).
    const [officer] = await t.db.query(`SELECT a_post_officer_id AS id FROM loan WHERE id = $1`, [loan.id]);
    await t.db.query(`UPDATE loan_data SET content = '{}', version = version + 1 WHERE loan_id = $1 AND type = 'CLIENT'`, [loan.id]);
    await t.db.query(
      `INSERT INTO loan_data_version (loan_id, type, version, content, saved_by) SELECT loan_id, type, version, content, $2 FROM loan_data WHERE loan_id = $1`,
      [loan.id, officer.id],
    );
    const refused = await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 2, SUBMIT).expect(409);
    expect(refused.body.code).toBe('A03001');
    expect(await events(loan.id)).toBe(2);

    // Complete again: accepted.
    await t.db.query(`UPDATE loan_data SET content = $2, version = version + 1 WHERE loan_id = $1 AND type = 'CLIENT'`, [loan.id, exampleContent('CLIENT')]);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 2, SUBMIT).expect(200);
    expect(await events(loan.id)).toBe(3);
  });

  it('a loan deleted behind the server takes no event', async () => {
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    await t.db.query(`UPDATE loan SET deleted_at = now() WHERE id = $1`, [loan.id]);
    await sendEvent(t, admin, loan.id, 'RETURN_MATERIALS', 1, { reason: '退回' }).expect(404);
    expect(await events(loan.id)).toBe(1);
  });

  it('a refusal judged on the kept instance is answered from the stored one', async () => {
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    // Submitting twice is refused by the machine (already submitted), with the stored version.
    const refused = await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 1, SUBMIT).expect(409);
    expect(refused.body).toMatchObject({ code: 'A03001', data: { version: 1 } });
    expect(await events(loan.id)).toBe(1);
  });
});
