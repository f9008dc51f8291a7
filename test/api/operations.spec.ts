import * as engine from '@app/workflow';
import { randomUUID } from 'node:crypto';
import { genesisHash } from '../../server/src/workflow/hash-chain';
import { listColumns } from '../../server/src/workflow/list-columns';
import { ownerDb, startTestApp, AppHandle, tokenOf } from './support/app';
import { DEMO_TEMPLATE_BANK, seedDemoBasicData } from '../../server/src/basic-data/demo-basic-data';
import { createDemoLoan } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { NotifyNextActorsHandler } from '../../server/src/outbox/notify-next-actors.handler';
import { demoPeople, readExport, shanghaiDay } from './support/lists';
import { createLoan, randomCreditCode, sendEvent, sendEventAsIs } from './support/loans';
import { waitFor } from './support/wait';

jest.setTimeout(240_000);

/**
 * The operations console against the real PostgreSQL and Redis: OPERATOR_MOVE (administrators only,
 * targets the machine has, a reason; history verified and replayed after it, its to-do queued), the
 * stuck-loan list with its unmovable flag, failed work retried and recorded, a batch over 1,000 loans
 * with refusals reported one by one, cancel, and the operator trail that nobody edits or deletes.
 */
describe('operations console', () => {
  let t: AppHandle;
  let admin: string;
  let apost: string;
  let adminId: string;
  const as = (token: string) => ({ 'X-Platform-Token': token });

  beforeAll(async () => {
    t = await startTestApp();
    [admin, apost] = await Promise.all([tokenOf(t, 'admin'), tokenOf(t, 'apost')]);
    adminId = (await t.db.query(`SELECT id FROM app_user WHERE username = 'admin'`))[0].id;
  });
  afterAll(() => t.close());

  async function workflowOf(loanId: string) {
    const res = await t.http.get(`/server/loans/${loanId}/workflow`).set(as(admin)).expect(200);
    return res.body.data as { version: number; stage: string; state: unknown };
  }

  async function loanInPreReview(): Promise<string> {
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0).expect(200);
    await sendEvent(t, admin, loan.id, 'CONFIRM_RECEIPT', 1).expect(200);
    await sendEvent(t, apost, loan.id, 'SUBMIT_TO_PRE_REVIEW', 2).expect(200);
    return loan.id;
  }

  describe('OPERATOR_MOVE', () => {
    let loanId: string;
    beforeAll(async () => {
      loanId = await loanInPreReview();
    });

    it('is refused to anyone but an administrator (403), writing nothing', async () => {
      const res = await sendEventAsIs(t, apost, loanId, 'OPERATOR_MOVE', 3, { target: { collection: 'received' }, reason: 'try' }).expect(403);
      expect(res.body.data.required).toBe('sys:operations:move');
      expect((await workflowOf(loanId)).version).toBe(3);
    });

    it('refuses a target the machine does not have, naming it (4xx, zh and en), and a missing reason (400)', async () => {
      const res = await sendEventAsIs(t, admin, loanId, 'OPERATOR_MOVE', 3, { target: { preReview: 'limbo' }, reason: 'why' }).set('Accept-Language', 'en');
      expect(res.status).toBe(409);
      expect(JSON.stringify(res.body)).toContain('preReview.limbo');
      const zh = await sendEventAsIs(t, admin, loanId, 'OPERATOR_MOVE', 3, { target: { duringGuarantee: { contract: 'sealed' } }, reason: 'why' });
      expect(zh.status).toBe(409);
      expect(JSON.stringify(zh.body)).toContain('目标节点');
      await sendEventAsIs(t, admin, loanId, 'OPERATOR_MOVE', 3, { target: { collection: 'received' }, reason: ' ' }).expect(400);
      await sendEventAsIs(t, admin, loanId, 'OPERATOR_MOVE', 3, { target: ['collection'], reason: 'why' }).expect(400);
      expect((await workflowOf(loanId)).version).toBe(3);
      expect(await t.db.query(`SELECT 1 FROM operator_trail WHERE loan_id = $1`, [loanId])).toHaveLength(0);
    });

    it('moves the loan with a reason: history verified and replayed, trail row, the target’s to-do queued', async () => {
      const before = await t.db.query(`SELECT snapshot FROM workflow_instance WHERE loan_id = $1`, [loanId]);
      const res = await sendEventAsIs(t, admin, loanId, 'OPERATOR_MOVE', 3, {
        target: { collection: 'received' },
        reason: '会议中途取消，退回重新提交',
      }).expect(200);
      expect(res.body.data.state).toEqual({ collection: 'received' });
      const after = await t.db.query(`SELECT snapshot FROM workflow_instance WHERE loan_id = $1`, [loanId]);
      expect(after[0].snapshot.context).toEqual(before[0].snapshot.context);
      const [event] = await t.db.query(`SELECT type, payload, state_from, state_to, actor_id FROM workflow_event WHERE loan_id = $1 AND seq = 4`, [loanId]);
      expect(event).toMatchObject({
        type: 'OPERATOR_MOVE',
        payload: { target: { collection: 'received' }, reason: '会议中途取消，退回重新提交' },
        state_to: { collection: 'received' },
        actor_id: adminId,
      });
      expect(event.state_from).toEqual({ preReview: 'awaitingApproval' });
      const verify = await t.http.get(`/server/loans/${loanId}/history/verify`).set(as(admin)).expect(200);
      expect(verify.body.data.ok).toBe(true);
      // replayed through the machine: the stored snapshot again
      const events = await t.db.query(`SELECT type, payload, actor_id AS "actorId", at FROM workflow_event WHERE loan_id = $1 ORDER BY seq`, [loanId]);
      const [instance] = await t.db.query(`SELECT input, snapshot FROM workflow_instance WHERE loan_id = $1`, [loanId]);
      const replayed = engine.replay(
        instance.input,
        events.map((e: any) => engine.eventFromRecord({ ...e, at: new Date(e.at).toISOString() })),
      );
      expect(engine.snapshotsEqual(replayed, instance.snapshot)).toBe(true);
      // the trail, and the to-do of the state it landed in (the effect's outbox row of step 4)
      const trail = await t.db.query(`SELECT action, reason, before, after, actor_id FROM operator_trail WHERE loan_id = $1`, [loanId]);
      expect(trail).toEqual([
        {
          action: 'MOVE',
          reason: '会议中途取消，退回重新提交',
          before: { preReview: 'awaitingApproval' },
          after: { collection: 'received' },
          actor_id: adminId,
        },
      ]);
      const effects = await t.db.query(`SELECT topic FROM outbox WHERE payload->>'loanId' = $1 AND (payload->>'seq')::int = 4`, [loanId]);
      expect(effects.map((e: { topic: string }) => e.topic)).toContain('notifyNextActors');
      // and the loan goes on from there
      await sendEvent(t, apost, loanId, 'SUBMIT_TO_PRE_REVIEW', 4).expect(200);
    });

    it('lists the machine’s targets for the move dialog', async () => {
      const res = await t.http.get('/server/operations/move-targets').set(as(admin)).expect(200);
      const keys = res.body.data.map((n: { key: string }) => n.key);
      expect(keys).toContain('duringGuarantee');
      expect(keys).not.toContain('closed');
      await t.http.get('/server/operations/move-targets').set(as(apost)).expect(403);
    });
  });

  describe('stuck loans', () => {
    it('lists a loan idle past its stage’s limit, with how long, the last event and who can act; an unmovable one flagged first', async () => {
      const movable = await loanInPreReview();
      const stranded = await loanInPreReview();
      // both idle for 30 days; the stranded one waits for an approver: take the pre-review approval key from every role but the administrators'
      await t.db.query(`UPDATE workflow_instance SET updated_at = now() - interval '30 days' WHERE loan_id = ANY($1::uuid[])`, [[movable, stranded]]);
      await sendEventAsIs(t, admin, movable, 'OPERATOR_MOVE', 3, { target: { collection: 'received' }, reason: 'stuck test' }).expect(200);
      await t.db.query(`UPDATE workflow_instance SET updated_at = now() - interval '40 days' WHERE loan_id = $1`, [movable]);
      const removed = await t.db.query(
        `DELETE FROM role_permission rp USING role r WHERE r.id = rp.role_id AND r.code NOT IN ('ROOT', 'ROLE_ADMIN') AND rp.permission_key IN ('sys:review-vote:approve', 'sys:review:discontinue', 'sys:review:modify-amount', 'sys:review:resubmit', 'sys:review:submit-general-office') RETURNING rp.role_id, rp.permission_key`,
      );
      try {
        // the suites share one database: other suites' loans may come first, so read pages until both are seen
        const rows: {
          loanId: string;
          unmovable: boolean;
          hoursStanding: number;
          limitHours: number;
          lastEvent: { type: string };
          canAct: { username: string }[];
        }[] = [];
        let next: string | undefined;
        do {
          const res = await t.http.get('/server/operations/stuck').query({ pageSize: 100, cursor: next }).set(as(admin)).expect(200);
          rows.push(...res.body.data.list);
          next = res.body.data.nextCursor ?? undefined;
        } while (next && !(rows.some((r) => r.loanId === stranded) && rows.some((r) => r.loanId === movable)));
        const s = rows.find((r) => r.loanId === stranded)!;
        const m = rows.find((r) => r.loanId === movable)!;
        expect(s).toMatchObject({ unmovable: true, canAct: [], lastEvent: { type: 'SUBMIT_TO_PRE_REVIEW' }, limitHours: 7 * 24 });
        expect(s.hoursStanding).toBeGreaterThanOrEqual(30 * 24 - 1);
        expect(m.unmovable).toBe(false);
        expect(m.canAct.map((a) => a.username)).toContain('apost');
        expect(m.lastEvent.type).toBe('OPERATOR_MOVE');
        expect(rows.findIndex((r) => r.loanId === stranded)).toBeLessThan(rows.findIndex((r) => r.loanId === movable));
        // first across pages, not only within one: pages of five rows give every unmovable loan (the stranded one among them)
        // before the first movable one, though the movable one is older
        const seen: { loanId: string; unmovable: boolean }[] = [];
        let cursor: string | undefined;
        while (seen.length < 2_000 && !seen.some((r) => !r.unmovable)) {
          const page = await t.http.get('/server/operations/stuck').query({ pageSize: 5, cursor }).set(as(admin)).expect(200);
          seen.push(...page.body.data.list);
          cursor = page.body.data.nextCursor;
          if (!cursor) break;
        }
        expect(seen.at(-1)?.unmovable).toBe(false);
        expect(seen.filter((r) => r.unmovable).map((r) => r.loanId)).toContain(stranded);
        expect(new Set(seen.map((r) => r.loanId)).size).toBe(seen.length);
        // a longer limit for pre-review takes the stranded loan off the list, and is recorded with before and after
        await t.http
          .put('/server/operations/limits')
          .set(as(admin))
          .send({ stage: 'preReview', hours: 60 * 24, reason: 'pre-review meets monthly' })
          .expect(200);
        const again = await t.http.get('/server/operations/stuck').query({ pageSize: 100, stage: 'preReview' }).set(as(admin)).expect(200);
        expect(again.body.data.list.map((r: { loanId: string }) => r.loanId)).not.toContain(stranded);
        const [setting] = await t.db.query(`SELECT before, after, reason FROM operator_trail WHERE action = 'SETTINGS' ORDER BY id DESC LIMIT 1`);
        expect(setting).toEqual({
          before: { stage: 'preReview', hours: 168, custom: false },
          after: { stage: 'preReview', hours: 1440, custom: true },
          reason: 'pre-review meets monthly',
        });
        await t.http.put('/server/operations/limits').set(as(admin)).send({ stage: 'preReview', hours: null, reason: 'back to the default' }).expect(200);
        await t.http.put('/server/operations/limits').set(as(admin)).send({ stage: 'preReview', hours: 0, reason: 'x' }).expect(400);
        await t.http.get('/server/operations/stuck').set(as(apost)).expect(403);
        await t.http.get('/server/operations/stuck').query({ cursor: 'bm9wZQ' }).set(as(admin)).expect(400);
      } finally {
        for (const r of removed[0])
          await t.db.query(`INSERT INTO role_permission (role_id, permission_key) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [r.role_id, r.permission_key]);
      }
    });

    it('pages with a keyset cursor, no row twice', async () => {
      const first = await t.http.get('/server/operations/stuck').query({ pageSize: 1 }).set(as(admin)).expect(200);
      expect(first.body.data.nextCursor).toEqual(expect.any(String));
      const second = await t.http.get('/server/operations/stuck').query({ pageSize: 1, cursor: first.body.data.nextCursor }).set(as(admin)).expect(200);
      expect(second.body.data.list[0]?.loanId).not.toBe(first.body.data.list[0].loanId);
    });
  });

  describe('failed work', () => {
    it('lists a failed outbox row of a loan, retries it once (recorded), and answers 404 for one that has not failed', async () => {
      const loanId = await loanInPreReview();
      const [row] = await t.db.query(
        `INSERT INTO outbox (topic, payload, attempts, last_error) VALUES ('retired.job', $1, 3, 'no job named retired.job') RETURNING id::text AS id`,
        [JSON.stringify({ loanId })],
      );
      const list = await t.http.get('/server/operations/failed-work').query({ loanId }).set(as(admin)).expect(200);
      expect(list.body.data).toEqual([expect.objectContaining({ kind: 'OUTBOX', id: row.id, loanId, error: 'no job named retired.job' })]);
      await t.http.post('/server/operations/failed-work/retry').set(as(apost)).send({ kind: 'OUTBOX', id: row.id, reason: 'x' }).expect(403);
      await t.http.post('/server/operations/failed-work/retry').set(as(admin)).send({ kind: 'OUTBOX', id: row.id, reason: 'the job is back' }).expect(201);
      const trail = await t.db.query(`SELECT action, reason, before FROM operator_trail WHERE loan_id = $1 AND action = 'RETRY'`, [loanId]);
      expect(trail).toEqual([
        {
          action: 'RETRY',
          reason: 'the job is back',
          before: { kind: 'OUTBOX', id: row.id, topic: 'retired.job', attempts: 3, error: 'no job named retired.job' },
        },
      ]);
      const [after] = await t.db.query(`SELECT attempts FROM outbox WHERE id = $1`, [row.id]);
      expect(after.attempts).toBeLessThanOrEqual(1);
      await t.http.post('/server/operations/failed-work/retry').set(as(admin)).send({ kind: 'OUTBOX', id: '999999999', reason: 'x' }).expect(404);
      await t.http.post('/server/operations/failed-work/retry').set(as(admin)).send({ kind: 'JOB', id: 'notifications:nope', reason: 'x' }).expect(404);
    });
  });

  describe('batches', () => {
    /** `n` fresh loans at the start of collection, written in SQL (their instances as the server makes them). */
    async function seedLoans(n: number, bank = '批量银行'): Promise<string[]> {
      const [people] = await t.db.query(
        `SELECT (SELECT id FROM app_user WHERE username = 'apost') AS apost, (SELECT id FROM app_user WHERE username = 'bpost') AS bpost`,
      );
      const companyId = randomUUID();
      await t.db.query(`INSERT INTO company (id, name, credit_code, created_by) VALUES ($1, $2, $3, $4)`, [
        companyId,
        `批量测试${companyId.slice(0, 8)}有限公司`,
        randomCreditCode(),
        adminId,
      ]);
      const ids = Array.from({ length: n }, () => randomUUID());
      await t.db.query(
        `INSERT INTO loan (id, company_id, amount, term_months, bank, a_post_officer_id, b_post_officer_id, created_by)
         SELECT id, $2, 1000000, 12, $5, $3, $4, $3 FROM unnest($1::uuid[]) AS u(id)`,
        [ids, companyId, people.apost, people.bpost, bank],
      );
      const rows = ids.map((loanId) => {
        const input = { loanId, amount: 1000000, termMonths: 12, aPostOfficerId: people.apost, bPostOfficerId: people.bpost };
        const snapshot = engine.createInitialSnapshot(input);
        return { loanId, input, snapshot, hash: genesisHash(loanId, input) };
      });
      const cols = listColumns(rows[0].snapshot);
      const status = String((engine.statusLabels(rows[0].snapshot) as any)?.status?.key ?? 'collection').slice(0, 40);
      await t.db.query(
        `INSERT INTO workflow_instance (loan_id, machine_id, machine_version, input, snapshot, stage, status, version, last_hash, active_paths, amount_fen, b_post_officer_id, disbursed_on, disbursed_amount_fen)
         SELECT id, $5, $6, input, snapshot, 'collection', $7, 0, hash, $8::text[], $9, $10, NULL, NULL
           FROM unnest($1::uuid[], $2::jsonb[], $3::jsonb[], $4::text[]) AS u(id, input, snapshot, hash)`,
        [
          rows.map((r) => r.loanId),
          rows.map((r) => JSON.stringify(r.input)),
          rows.map((r) => JSON.stringify(r.snapshot)),
          rows.map((r) => r.hash),
          engine.MACHINE_ID,
          engine.MACHINE_VERSION,
          status,
          cols.activePaths,
          cols.amountFen,
          cols.bPostOfficerId,
        ],
      );
      return ids;
    }

    async function finished(id: string) {
      return waitFor(
        `batch ${id}`,
        async () => {
          const res = await t.http.get(`/server/operations/batches/${id}`).set(as(admin)).expect(200);
          return res.body.data.finishedAt ? res.body.data : null;
        },
        { timeout: 200_000, interval: 250 },
      );
    }

    async function items(id: string) {
      const all: { loanId: string; outcome: string; message: { zh: string; en: string } | null }[] = [];
      let after = 0;
      for (;;) {
        const res = await t.http.get(`/server/operations/batches/${id}/items`).query({ after, pageSize: 500 }).set(as(admin)).expect(200);
        all.push(...res.body.data.list);
        if (res.body.data.next === null) return all;
        after = res.body.data.next;
      }
    }

    it('moves 1,000+ loans, reporting each: applied, refused with the reason, skipped; a rerun applies nothing twice', async () => {
      const ids = await seedLoans(1100);
      // 20 of them already stand in the target (skipped), 30 have finished (refused by the machine)
      const target = { collection: 'received' };
      const there = ids.slice(0, 20);
      const closed = ids.slice(20, 50);
      // the list columns with the snapshot, as a commit writes them (the worklists suite checks every instance)
      await t.db.query(
        `UPDATE workflow_instance SET snapshot = jsonb_set(snapshot, '{value}', '{"collection":"received"}'), active_paths = ARRAY['collection', 'collection.received']
          WHERE loan_id = ANY($1::uuid[])`,
        [there],
      );
      for (const id of closed) await sendEvent(t, admin, id, 'COLLECTION_DISCONTINUE', 0, { reason: '客户撤回' }).expect(200);
      await t.http
        .post('/server/operations/batches')
        .set(as(apost))
        .send({ action: 'MOVE', target, reason: 'x', loanIds: ids.slice(0, 2) })
        .expect(403);
      await t.http
        .post('/server/operations/batches')
        .set(as(admin))
        .send({ action: 'MOVE', target: { collection: 'nowhere' }, reason: 'x', loanIds: ids.slice(0, 2) })
        .expect(400);
      await t.http
        .post('/server/operations/batches')
        .set(as(admin))
        .send({ action: 'MOVE', target, reason: ' ', loanIds: ids.slice(0, 2) })
        .expect(400);
      const created = await t.http
        .post('/server/operations/batches')
        .set(as(admin))
        .send({ action: 'MOVE', target, reason: '资料已线下收齐', loanIds: ids })
        .expect(201);
      const batch = await finished(created.body.data.id);
      expect(batch).toMatchObject({ status: 'DONE', total: 1100, applied: 1050, refused: 30, skipped: 20 });
      const all = await items(batch.id);
      expect(all).toHaveLength(1100);
      const by = (outcome: string) => all.filter((i) => i.outcome === outcome).map((i) => i.loanId);
      expect(by('SKIPPED').sort()).toEqual([...there].sort());
      expect(by('REFUSED').sort()).toEqual([...closed].sort());
      for (const item of all.filter((i) => i.outcome === 'REFUSED')) expect(item.message?.en).toMatch(/finished/);
      expect(all.filter((i) => i.outcome === 'REFUSED')[0].message?.zh).toMatch(/流程已结束/);
      const moved = await t.db.query(
        `SELECT count(*)::int AS n FROM workflow_instance WHERE loan_id = ANY($1::uuid[]) AND snapshot->'value' = '{"collection":"received"}'`,
        [ids],
      );
      expect(moved[0].n).toBe(1070);
      const events = await t.db.query(`SELECT count(*)::int AS n FROM workflow_event WHERE loan_id = ANY($1::uuid[]) AND type = 'OPERATOR_MOVE'`, [ids]);
      expect(events[0].n).toBe(1050);
      // the batch itself and each move are in the trail
      const trail = await t.db.query(`SELECT count(*)::int AS n FROM operator_trail WHERE action = 'MOVE' AND loan_id = ANY($1::uuid[])`, [ids]);
      expect(trail[0].n).toBe(1050);
      expect(await t.db.query(`SELECT 1 FROM operator_trail WHERE action = 'BATCH_CREATE' AND batch_id = $1`, [batch.id])).toHaveLength(1);
      // the same move once more over loans it moved: nothing applied twice
      const again = await t.http
        .post('/server/operations/batches')
        .set(as(admin))
        .send({ action: 'MOVE', target, reason: '再来一次', loanIds: ids.slice(50, 60) })
        .expect(201);
      const second = await finished(again.body.data.id);
      expect(second).toMatchObject({ applied: 0, skipped: 10, refused: 0 });
      const eventsAfter = await t.db.query(`SELECT count(*)::int AS n FROM workflow_event WHERE loan_id = ANY($1::uuid[]) AND type = 'OPERATOR_MOVE'`, [ids]);
      expect(eventsAfter[0].n).toBe(1050);
    });

    it('selects by filter, and a cancelled batch skips what it had not done, saying so', async () => {
      const ids = await seedLoans(300, '取消测试银行');
      const created = await t.http
        .post('/server/operations/batches')
        .set(as(admin))
        .send({ action: 'MOVE', target: { collection: 'submitted' }, reason: '批量取消测试', filter: { stage: 'collection', bank: '取消测试银行' } })
        .expect(201);
      const id = created.body.data.id;
      expect(created.body.data.total).toBe(300);
      await t.http.post(`/server/operations/batches/${id}/cancel`).set(as(admin)).send({ reason: '选错了' }).expect(201);
      const batch = await finished(id);
      expect(batch.status).toBe('CANCELLED');
      expect(batch.applied + batch.refused + batch.skipped).toBe(batch.total);
      const all = await items(id);
      const cancelled = all.filter((i) => i.outcome === 'SKIPPED' && i.message?.en.includes('cancelled'));
      expect(cancelled.length).toBeGreaterThan(0);
      // what it did not move stands where it stood
      const untouched = await t.db.query(`SELECT count(*)::int AS n FROM workflow_instance WHERE loan_id = ANY($1::uuid[]) AND version = 0`, [
        cancelled.map((i) => i.loanId),
      ]);
      expect(untouched[0].n).toBe(cancelled.length);
      await t.http.post(`/server/operations/batches/${id}/cancel`).set(as(admin)).send({ reason: 'again' }).expect(409);
      expect(await t.db.query(`SELECT 1 FROM operator_trail WHERE action = 'BATCH_CANCEL' AND batch_id = $1`, [id])).toHaveLength(1);
      void ids;
    });
  });

  describe('batches: resend to-dos and reclassify', () => {
    async function finishedBatch(id: string) {
      return waitFor(
        `batch ${id}`,
        async () => {
          const res = await t.http.get(`/server/operations/batches/${id}`).set(as(admin)).expect(200);
          return res.body.data.finishedAt ? res.body.data : null;
        },
        { timeout: 100_000, interval: 250 },
      );
    }
    async function outcomes(id: string) {
      const res = await t.http.get(`/server/operations/batches/${id}/items`).query({ pageSize: 500 }).set(as(admin)).expect(200);
      return new Map<string, { outcome: string; message: any }>(res.body.data.list.map((i: any) => [i.loanId, i]));
    }

    it('resends the to-dos of the current state to whoever can act: applied, skipped for a finished loan, refused when nobody can act', async () => {
      const waiting = await loanInPreReview();
      const stranded = await loanInPreReview();
      const ended = (await createLoan(t, apost)).id;
      await sendEvent(t, admin, ended, 'COLLECTION_DISCONTINUE', 0, { reason: '客户撤回' }).expect(200);
      // the to-do handler as the worker runs it: the pre-reviewer's to-do of the waiting loan, then read
      const handler = new NotifyNextActorsHandler(t.db);
      const [step] = await t.db.query(
        `SELECT payload FROM outbox WHERE topic = 'notifyNextActors' AND payload->>'loanId' = $1 AND (payload->>'seq')::int = 3`,
        [waiting],
      );
      await handler.handle(step.payload);
      const todoOf = async () =>
        (
          await t.db.query(
            `SELECT m.id, m.read_at FROM message m JOIN app_user u ON u.id = m.user_id WHERE u.username = 'prereview' AND m.source_key LIKE $1`,
            [`todo:${waiting}:%`],
          )
        )[0];
      const todo = await todoOf();
      await t.db.query(`UPDATE message SET read_at = now() WHERE id = $1`, [todo.id]);
      await t.http
        .post('/server/operations/batches')
        .set(as(apost))
        .send({ action: 'RESEND_TODOS', reason: 'x', loanIds: [waiting] })
        .expect(403);
      // nobody but the administrators holds the pre-review approval keys while the batch runs: the stranded loan has nobody to send to
      const removed = await t.db.query(
        `DELETE FROM role_permission rp USING role r WHERE r.id = rp.role_id AND r.code NOT IN ('ROOT', 'ROLE_ADMIN') AND rp.permission_key IN ('sys:review-vote:approve', 'sys:review:discontinue', 'sys:review:modify-amount', 'sys:review:resubmit', 'sys:review:submit-general-office') RETURNING rp.role_id, rp.permission_key`,
      );
      try {
        const created = await t.http
          .post('/server/operations/batches')
          .set(as(admin))
          .send({ action: 'RESEND_TODOS', reason: '会议前提醒', loanIds: [stranded, ended] })
          .expect(201);
        const batch = await finishedBatch(created.body.data.id);
        expect(batch).toMatchObject({ status: 'DONE', total: 2, applied: 0, refused: 1, skipped: 1 });
        const by = await outcomes(batch.id);
        expect(by.get(stranded)).toMatchObject({ outcome: 'REFUSED', message: { code: 'operationsResendNobody' } });
        expect(by.get(stranded)!.message.zh).toMatch(/没有任何账号/);
        expect(by.get(ended)).toMatchObject({ outcome: 'SKIPPED', message: { code: 'operationsResendEnded' } });
      } finally {
        for (const r of removed[0])
          await t.db.query(`INSERT INTO role_permission (role_id, permission_key) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [r.role_id, r.permission_key]);
      }
      const created = await t.http
        .post('/server/operations/batches')
        .set(as(admin))
        .send({ action: 'RESEND_TODOS', reason: '会议前提醒', loanIds: [waiting] })
        .expect(201);
      const batch = await finishedBatch(created.body.data.id);
      expect(batch).toMatchObject({ status: 'DONE', total: 1, applied: 1, refused: 0, skipped: 0 });
      const item = (await outcomes(batch.id)).get(waiting)!;
      expect(item.message.recipients).toContain('prereview');
      // queued once through the outbox; its job brings the read to-do back unread, and once more changes nothing
      const queued = await t.db.query(`SELECT payload FROM outbox WHERE topic = 'operations.resendTodos' AND payload->>'loanId' = $1`, [waiting]);
      expect(queued.map((q: { payload: { batchId: string } }) => q.payload.batchId)).toEqual([batch.id]);
      expect((await handler.handle(queued[0].payload)).notified).toBeGreaterThanOrEqual(1);
      expect(await todoOf()).toEqual({ id: todo.id, read_at: null });
      expect(await handler.handle(queued[0].payload)).toEqual({ notified: 0 });
      const trail = await t.db.query(`SELECT action, reason, batch_id AS "batchId" FROM operator_trail WHERE loan_id = $1 AND action = 'RESEND_TODOS'`, [
        waiting,
      ]);
      expect(trail).toEqual([{ action: 'RESEND_TODOS', reason: '会议前提醒', batchId: batch.id }]);
      expect(await t.db.query(`SELECT 1 FROM operator_trail WHERE loan_id = ANY($1::uuid[]) AND action = 'RESEND_TODOS'`, [[stranded, ended]])).toHaveLength(0);
    });

    it('reclassifies by the overdue rule: proposed where the classification no longer holds, skipped where it holds, refused before after-guarantee', async () => {
      const people = await demoPeople(t);
      const storage = new FileStorage(t.db, t.config);
      const [{ n: banks }] = await t.db.query(`SELECT count(*)::int AS n FROM bank WHERE name = $1`, [DEMO_TEMPLATE_BANK]);
      if (!banks) await t.db.transaction((em) => seedDemoBasicData(em, storage, people.admin));
      const run = randomUUID().slice(0, 6);
      const after = async (i: number) =>
        (
          await t.db.transaction((em) =>
            createDemoLoan(
              em,
              people,
              { stage: 'afterGuarantee', company: `运维分类测试${run}-${i}`, amount: 1_200_000, termMonths: 3, bank: DEMO_TEMPLATE_BANK },
              7300 + i, // apart from the other suites' demo indexes (credit codes derive from it)
              new Date(Date.now() - 40 * 86_400_000).toISOString(),
              storage,
            ),
          )
        ).loanId;
      const overdue = await after(0);
      const current = await after(1);
      const early = await loanInPreReview();
      const [first] = await t.db.query(`SELECT id FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL ORDER BY seq LIMIT 1`, [overdue]);
      await t.db.query(`UPDATE repayment_instalment SET due_on = $2::date, repaid_fen = 0, state = 'DUE' WHERE id = $1`, [first.id, shanghaiDay(-100)]);
      // the other one has repaid whatever fell due
      await t.db.query(`UPDATE repayment_instalment SET repaid_fen = principal_fen, state = 'REPAID' WHERE loan_id = $1 AND due_on < current_date`, [current]);
      const created = await t.http
        .post('/server/operations/batches')
        .set(as(admin))
        .send({ action: 'RECLASSIFY', reason: '季度分类复核', loanIds: [overdue, current, early] })
        .expect(201);
      const batch = await finishedBatch(created.body.data.id);
      expect(batch).toMatchObject({ status: 'DONE', total: 3, applied: 1, refused: 1, skipped: 1 });
      const by = await outcomes(batch.id);
      expect(by.get(overdue)).toMatchObject({ outcome: 'APPLIED', message: { classification: 'NORMAL', proposed: 'SUBSTANDARD', daysPastDue: 100 } });
      expect(by.get(current)).toMatchObject({ outcome: 'SKIPPED', message: { code: 'operationsClassificationHolds', daysPastDue: 0 } });
      expect(by.get(early)).toMatchObject({ outcome: 'REFUSED', message: { code: 'operationsReclassifyNotAfter' } });
      expect(by.get(early)!.message.en).toMatch(/not under after-guarantee/);
      // the proposal went to the B-post officer and the leader, once each, in their language; the classification itself is not changed
      const sent = await t.db.query(
        `SELECT u.username, m.type, m.content FROM message m JOIN app_user u ON u.id = m.user_id WHERE m.source_key = $1 ORDER BY u.username`,
        [`reclassify:${batch.id}:${overdue}`],
      );
      expect(sent.map((m: { username: string }) => m.username)).toEqual(expect.arrayContaining(['bpost', 'leader']));
      expect(sent.every((m: { type: string }) => m.type === 'RISK')).toBe(true);
      expect(sent.find((m: { username: string }) => m.username === 'bpost').content).toMatch(/100/);
      expect(await t.db.query(`SELECT 1 FROM classification_change WHERE loan_id = $1`, [overdue])).toHaveLength(0);
      const trail = await t.db.query(`SELECT before, after FROM operator_trail WHERE loan_id = $1 AND action = 'RECLASSIFY'`, [overdue]);
      expect(trail).toEqual([{ before: { classification: null, daysPastDue: 100 }, after: expect.objectContaining({ proposed: 'SUBSTANDARD' }) }]);
      await t.http.get('/server/operations/trail').query({ action: 'RECLASSIFY' }).set(as(admin)).expect(200);
      await t.http
        .post('/server/operations/batches')
        .set(as(admin))
        .send({ action: 'REWRITE', reason: 'x', loanIds: [overdue] })
        .expect(400);
    });
  });

  describe('operator trail', () => {
    it('lists and exports every action, and the database refuses to change or delete a row', async () => {
      const res = await t.http.get('/server/operations/trail').query({ action: 'MOVE', pageSize: 5 }).set(as(admin)).expect(200);
      expect(res.body.data.list.length).toBeGreaterThan(0);
      expect(res.body.data.list.every((r: { action: string }) => r.action === 'MOVE')).toBe(true);
      await t.http.get('/server/operations/trail').set(as(apost)).expect(403);
      const sheet = await readExport(t, '/server/operations/trail/export?action=SETTINGS', admin);
      expect(sheet.headers).toContain('原因');
      expect(sheet.rows.some((r) => r.includes('pre-review meets monthly'))).toBe(true);
      // the application's role may not; the owner of the tables neither (the trigger)
      await expect(t.db.query(`UPDATE operator_trail SET reason = 'changed'`)).rejects.toThrow(/permission denied/);
      await expect(t.db.query(`DELETE FROM operator_trail`)).rejects.toThrow(/permission denied/);
      const owner = await ownerDb();
      try {
        await expect(owner.query(`UPDATE operator_trail SET reason = 'changed'`)).rejects.toThrow(/append-only/);
        await expect(owner.query(`DELETE FROM operator_trail`)).rejects.toThrow(/append-only/);
        await expect(owner.query(`TRUNCATE operator_trail`)).rejects.toThrow(/append-only/);
      } finally {
        await owner.destroy();
      }
    });
  });
});
