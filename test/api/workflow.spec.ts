import { EVENT_PERMISSIONS } from '@app/workflow';
import { count, ownerDb, startTestApp, AppHandle, tokenOf } from './support/app';
import { createCompany, createLoan, ensureClientData, randomCreditCode, sendEvent } from './support/loans';
import { loanInStage } from './support/lists';

const SUBMIT = { completeDataTypes: ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] };

describe('workflow: instances, events, history', () => {
  let t: AppHandle;
  let apost: string;
  let admin: string;
  let prereview: string;
  beforeAll(async () => {
    t = await startTestApp();
    [apost, admin, prereview] = await Promise.all([tokenOf(t, 'apost'), tokenOf(t, 'admin'), tokenOf(t, 'prereview')]);
  });
  afterAll(() => t.close());

  it('creates companies with a checked credit code, refusing invalid and duplicate ones', async () => {
    const bad = await t.http
      .post('/server/companies')
      .set('X-Platform-Token', apost)
      .set('Accept-Language', 'en')
      .send({ name: 'X', creditCode: '91350100M000100Y44' })
      .expect(400);
    expect(bad.body.code).toBe('A04001');
    const code = randomCreditCode();
    await t.http.post('/server/companies').set('X-Platform-Token', apost).send({ name: '甲公司', creditCode: code }).expect(201);
    const dup = await t.http.post('/server/companies').set('X-Platform-Token', apost).send({ name: '乙公司', creditCode: code.toLowerCase() }).expect(409);
    expect(dup.body.code).toBe('A04002');
    await t.http.post('/server/companies').set('X-Platform-Token', prereview).send({ name: '丙', creditCode: randomCreditCode() }).expect(403);
  });

  it('starts a loan at the beginning of collection with an opaque id and the legal actions of the caller', async () => {
    const loan = await createLoan(t, apost);
    expect(loan.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(loan.workflow).toMatchObject({ version: 0, stage: 'collection' });
    expect(loan.workflow.legalActions.map((a) => a.type)).toContain('SUBMIT_MATERIALS');

    const view = await t.http.get(`/server/loans/${loan.id}/workflow`).set('X-Platform-Token', prereview).expect(200);
    expect(view.body.data).toMatchObject({ loanId: loan.id, machineVersion: 2, version: 0, stage: 'collection' });
    expect(view.body.data.legalActions).toEqual([]);
    const labels = view.body.data.statusLabels;
    expect(JSON.stringify(labels)).toContain('ZLSJYWS');

    await t.http.get('/server/loans/1/workflow').set('X-Platform-Token', apost).expect(404);
    const bad = await t.http.post('/server/loans').set('X-Platform-Token', apost).send({ companyId: loan.id, amount: -5, termMonths: 0 }).expect(400);
    expect(bad.body.data.fieldErrors.map((f: any) => f.field).sort()).toEqual(['amount', 'termMonths']);
  });

  it('applies an event: version +1, event appended with its hash, outbox row in the same transaction', async () => {
    const loan = await createLoan(t, apost);
    const res = await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    expect(res.body.code).toBe('A00000');
    expect(res.body.data).toMatchObject({ version: 1, stage: 'collection', state: { collection: 'submitted' } });
    const [event] = await t.db.query(`SELECT seq, type, actor_id, prev_hash, hash FROM workflow_event WHERE loan_id = $1`, [loan.id]);
    expect(event.seq).toBe(1);
    expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await count(t, `outbox WHERE payload->>'loanId' = $1`, [loan.id])).toBe(1);
  });

  it('refuses an event without its permission with 403 and writes nothing', async () => {
    const loan = await createLoan(t, apost);
    const res = await sendEvent(t, prereview, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).set('Accept-Language', 'en').expect(403);
    expect(res.body.code).toBe('403');
    expect(await count(t, 'workflow_event WHERE loan_id = $1', [loan.id])).toBe(0);
    const [{ version }] = await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
    expect(version).toBe(0);
  });

  it('refuses an illegal event with 409 and the legal actions, and bad payloads with 400', async () => {
    const loan = await createLoan(t, apost);
    const illegal = await sendEvent(t, apost, loan.id, 'SUBMIT_TO_PRE_REVIEW', 0).set('Accept-Language', 'en').expect(409);
    expect(illegal.body.code).toBe('A03001');
    expect(illegal.body.data.legalActions.map((a: any) => a.type)).toContain('SUBMIT_MATERIALS');

    const badPayload = await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, { completeDataTypes: ['NOPE'] }).expect(400);
    expect(badPayload.body.code).toBe('A03005');
    expect(badPayload.body.message).toBe('操作参数有误：completeDataTypes须为以下取值组成的列表：CLIENT, INQUIRY, AGENT, REPORT');
    const badEn = await sendEvent(t, admin, loan.id, 'RETURN_MATERIALS', 0, { reason: '' }).set('Accept-Language', 'en').expect(400);
    expect(badEn.body.message).toBe('The action data is not valid: reason must be a non-empty string');
    const badZh = await sendEvent(t, admin, loan.id, 'RETURN_MATERIALS', 0, {}).expect(400);
    expect(badZh.body.message).toBe('操作参数有误：reason为必填项');
    const unknown = await sendEvent(t, apost, loan.id, 'FLY_TO_THE_MOON', 0).expect(400);
    expect(unknown.body.code).toBe('A03004');
    const reserved = await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, { ...SUBMIT, actorId: 'someone-else' }).expect(400);
    expect(reserved.body.code).toBe('A03005');
    expect(await count(t, 'workflow_event WHERE loan_id = $1', [loan.id])).toBe(0);
  });

  it('leaves meeting-wide events to the meeting library: refused here (409) and never offered', async () => {
    // A loan of the test's own, waiting in the general office for a meeting to take it.
    const loan = await loanInStage(t, 'generalOffice');
    const [row] = await t.db.query(`SELECT loan_id, version FROM workflow_instance WHERE loan_id = $1 AND status = 'NOT_STARTED' AND stage = 'generalOffice'`, [
      loan.id,
    ]);
    const admin2 = await tokenOf(t, 'admin');
    const view = (await t.http.get(`/server/loans/${row.loan_id}/workflow`).set('X-Platform-Token', admin2).expect(200)).body.data;
    expect(view.legalActions.map((a: any) => a.type)).not.toContain('GENERAL_OFFICE_ALLOCATE');
    const res = await sendEvent(t, admin2, row.loan_id, 'GENERAL_OFFICE_ALLOCATE', row.version, { meetingId: 'm1', attendees: ['x'] })
      .set('Accept-Language', 'en')
      .expect(409);
    expect(res.body).toMatchObject({ code: 'A03006', message: 'Allocating, starting, ending and cancelling meetings is done in the meeting library' });
    expect(await count(t, 'workflow_event WHERE loan_id = $1 AND seq > $2', [row.loan_id, row.version])).toBe(0);
  });

  it('applies exactly one of 20 concurrent requests with the same expectedVersion; sequence numbers stay gapless', async () => {
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    const results = await Promise.all(
      // The maker cannot return their own submission: another officer (here the administrator) does.
      Array.from({ length: 20 }, () => sendEvent(t, admin, loan.id, 'RETURN_MATERIALS', 1, { reason: '补充财务报表' })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'A03002')).toBe(true);
    const seqs = (await t.db.query(`SELECT seq FROM workflow_event WHERE loan_id = $1 ORDER BY seq`, [loan.id])).map((r: any) => r.seq);
    expect(seqs).toEqual([1, 2]);
  });

  it('applies an Idempotency-Key repeat once and answers A00103; the same key with another body is refused', async () => {
    const loan = await createLoan(t, apost);
    // Sent without sendEvent: the saved customer data SUBMIT_MATERIALS needs is stored here.
    await ensureClientData(t, loan.id);
    const send = (payload: object) =>
      t.http
        .post(`/server/loans/${loan.id}/events`)
        .set('X-Platform-Token', apost)
        .set('Idempotency-Key', `submit-${loan.id}`)
        .send({ type: 'SUBMIT_MATERIALS', payload, expectedVersion: 0 });
    const first = await send(SUBMIT).expect(200);
    const again = await send(SUBMIT).expect(200);
    expect(first.body.code).toBe('A00000');
    expect(again.body.code).toBe('A00103');
    expect(again.body.data).toEqual(first.body.data);
    expect(await count(t, 'workflow_event WHERE loan_id = $1', [loan.id])).toBe(1);
    const other = await send({ completeDataTypes: ['CLIENT'] }).expect(422);
    expect(other.body.code).toBe('A03003');

    // Concurrent twins with one key: one applies, the other answers the same result.
    const loan2 = await createLoan(t, apost);
    await ensureClientData(t, loan2.id);
    const twins = await Promise.all(
      [0, 1].map(() =>
        t.http
          .post(`/server/loans/${loan2.id}/events`)
          .set('X-Platform-Token', apost)
          .set('Idempotency-Key', `twin-${loan2.id}`)
          .send({ type: 'SUBMIT_MATERIALS', payload: SUBMIT, expectedVersion: 0 }),
      ),
    );
    expect(twins.map((r) => r.body.code).sort()).toEqual(['A00000', 'A00103']);
    expect(await count(t, 'workflow_event WHERE loan_id = $1', [loan2.id])).toBe(1);
  });

  async function loanWithHistory() {
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    await sendEvent(t, admin, loan.id, 'RETURN_MATERIALS', 1, { reason: '缺少营业执照' }).expect(200);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 2, SUBMIT).expect(200);
    await sendEvent(t, admin, loan.id, 'CONFIRM_RECEIPT', 3).expect(200);
    await sendEvent(t, apost, loan.id, 'SUBMIT_TO_PRE_REVIEW', 4).expect(200);
    return loan;
  }

  it('chains the history by hash and verifies it by replay', async () => {
    const loan = await loanWithHistory();
    const history = (await t.http.get(`/server/loans/${loan.id}/history`).set('X-Platform-Token', apost).expect(200)).body.data;
    expect(history.map((e: any) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(history.map((e: any) => e.type)).toEqual(['SUBMIT_MATERIALS', 'RETURN_MATERIALS', 'SUBMIT_MATERIALS', 'CONFIRM_RECEIPT', 'SUBMIT_TO_PRE_REVIEW']);
    for (let i = 1; i < history.length; i++) expect(history[i].prevHash).toBe(history[i - 1].hash);
    expect(history[1].actor.name).toBe('系统管理员');
    const verify = await t.http.get(`/server/loans/${loan.id}/history/verify`).set('X-Platform-Token', apost).expect(200);
    expect(verify.body.data).toMatchObject({ ok: true, checked: 5, firstBadSeq: null });
  });

  it('refuses UPDATE and DELETE of events in the database itself', async () => {
    const loan = await loanWithHistory();
    // The application's role has no such privilege; the owner meets the append-only trigger.
    await expect(t.db.query(`UPDATE workflow_event SET type = 'X' WHERE loan_id = $1`, [loan.id])).rejects.toThrow(/permission denied/);
    await expect(t.db.query(`DELETE FROM workflow_event WHERE loan_id = $1`, [loan.id])).rejects.toThrow(/permission denied/);
    const owner = await ownerDb();
    try {
      await expect(owner.query(`UPDATE workflow_event SET type = 'X' WHERE loan_id = $1`, [loan.id])).rejects.toThrow(/append-only/);
      await expect(owner.query(`DELETE FROM workflow_event WHERE loan_id = $1`, [loan.id])).rejects.toThrow(/append-only/);
    } finally {
      await owner.destroy();
    }
  });

  it('reports ok: false at the first event changed behind its back', async () => {
    const loan = await loanWithHistory();
    // Tampering needs someone who can switch the guard trigger off, as the database owner could.
    const owner = await ownerDb();
    try {
      await owner.transaction(async (em) => {
        await em.query(`ALTER TABLE workflow_event DISABLE TRIGGER workflow_event_no_change`);
        await em.query(`UPDATE workflow_event SET payload = '{"reason":"改过的理由"}' WHERE loan_id = $1 AND seq = 2`, [loan.id]);
        await em.query(`ALTER TABLE workflow_event ENABLE TRIGGER workflow_event_no_change`);
      });
    } finally {
      await owner.destroy();
    }
    const verify = await t.http.get(`/server/loans/${loan.id}/history/verify`).set('X-Platform-Token', apost).expect(200);
    expect(verify.body.data).toMatchObject({ ok: false, firstBadSeq: 2, checked: 1 });

    // A snapshot edited directly is caught too.
    const loan2 = await loanWithHistory();
    await t.db.query(`UPDATE workflow_instance SET snapshot = jsonb_set(snapshot, '{context,amount}', '1') WHERE loan_id = $1`, [loan2.id]);
    const v2 = await t.http.get(`/server/loans/${loan2.id}/history/verify`).set('X-Platform-Token', apost).expect(200);
    expect(v2.body.data.ok).toBe(false);
    // Put the amount back: later suites check every instance's list columns against its snapshot.
    await t.db.query(`UPDATE workflow_instance SET snapshot = jsonb_set(snapshot, '{context,amount}', to_jsonb(amount_fen / 100.0)) WHERE loan_id = $1`, [
      loan2.id,
    ]);
    const v3 = await t.http.get(`/server/loans/${loan2.id}/history/verify`).set('X-Platform-Token', apost).expect(200);
    expect(v3.body.data.ok).toBe(true);
  });

  it('travels back in time to the state after any event', async () => {
    const loan = await loanWithHistory();
    const at1 = (await t.http.get(`/server/loans/${loan.id}/history/at/1`).set('X-Platform-Token', apost).expect(200)).body.data;
    expect(at1).toMatchObject({ seq: 1, state: { collection: 'submitted' } });
    const at2 = (await t.http.get(`/server/loans/${loan.id}/history/at/2`).set('X-Platform-Token', apost).expect(200)).body.data;
    expect(at2.state).toEqual({ collection: 'returned' });
    const at0 = (await t.http.get(`/server/loans/${loan.id}/history/at/0`).set('X-Platform-Token', apost).expect(200)).body.data;
    expect(at0.state).toEqual({ collection: 'toBeImproved' });
    await t.http.get(`/server/loans/${loan.id}/history/at/99`).set('X-Platform-Token', apost).expect(404);
    await t.http.get(`/server/loans/${loan.id}/history/at/abc`).set('X-Platform-Token', apost).expect(404);
  });

  it('gives the timeline nodes with their actors, and the machine definition', async () => {
    const loan = await loanWithHistory();
    const timeline = (await t.http.get(`/server/loans/${loan.id}/timeline`).set('X-Platform-Token', apost).expect(200)).body.data;
    expect(timeline.nodes.length).toBeGreaterThan(0);
    expect(timeline.nodes[0]).toMatchObject({ stage: 'collection', actorName: 'A岗 王敏', left: expect.any(String), leftByName: 'A岗 王敏' });
    expect(timeline.nodes[1]).toMatchObject({ stage: 'preReview', left: null });
    const def = (await t.http.get('/server/workflow/definition').set('X-Platform-Token', apost).expect(200)).body.data;
    expect(JSON.stringify(def)).toContain('preReview');
  });

  it('holds demo loans standing in every stage, each reached by real events that verify', async () => {
    const rows = await t.db.query(
      `SELECT i.loan_id, i.stage, i.version FROM workflow_instance i JOIN loan l ON l.id = i.loan_id JOIN company c ON c.id = l.company_id
        WHERE l.created_at < now() - interval '20 days' AND l.deleted_at IS NULL ORDER BY l.created_at`, // demo loans are dated weeks back; test loans are new (or, dated long ago, deleted once checked)
    );
    const stages = rows.map((r: any) => r.stage);
    for (const stage of [
      'collection',
      'preReview',
      'generalOffice',
      'riskControl',
      'insuranceReview',
      'withdrawal',
      'duringGuarantee',
      'disbursement',
      'afterGuarantee',
      'compensation',
      'recovery',
      'release',
      'closed',
      'discontinued',
    ]) {
      expect(stages).toContain(stage);
    }
    for (const r of rows.filter((x: any) => x.version > 0)) {
      const v = await t.http.get(`/server/loans/${r.loan_id}/history/verify`).set('X-Platform-Token', admin).expect(200);
      expect({ stage: r.stage, ...v.body.data }).toMatchObject({ stage: r.stage, ok: true, checked: r.version });
    }
  });

  it('casts every demo step to a demo account that holds its permission, so a newcomer can redo it by hand', async () => {
    const rows = await t.db.query(
      `SELECT e.type, u.username,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                        WHERE ur.user_id = u.id), '{}') AS permissions
         FROM workflow_event e JOIN loan l ON l.id = e.loan_id JOIN app_user u ON u.id = e.actor_id
        WHERE l.created_at < now() - interval '20 days'`,
    );
    expect(rows.length).toBeGreaterThan(100);
    const missing = rows
      .filter((r: any) => !r.permissions.includes(EVENT_PERMISSIONS[r.type as keyof typeof EVENT_PERMISSIONS]))
      .map((r: any) => `${r.username}: ${r.type} needs ${EVENT_PERMISSIONS[r.type as keyof typeof EVENT_PERMISSIONS]}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('names the company of a loan', async () => {
    const company = await createCompany(t, apost, '上海某某担保测试');
    const res = await t.http.post('/server/loans').set('X-Platform-Token', apost).send({ companyId: company.id, amount: 100.5, termMonths: 6 }).expect(201);
    expect(res.body.data).toMatchObject({ companyName: '上海某某担保测试', amount: 100.5, termMonths: 6 });
  });
});
