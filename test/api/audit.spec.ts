import { spawnSync } from 'node:child_process';
import { randomBytes, verify as verifySignature, createPublicKey } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrate } from '../../server/src/app.factory';
import { AUDIT_KEYS } from '../../server/src/audit/audit.tokens';
import type { AuditKeys } from '../../server/src/audit/audit-keys';
import { sealChain } from '../../server/src/audit/reseal';
import type { SignedCheckpoint } from '../../server/src/audit/checkpoint';
import { CheckpointService } from '../../server/src/audit/checkpoint.service';
import { canonicalJson, ChainedEvent, eventHash, genesisHash, legacyChain } from '../../server/src/workflow/hash-chain';
import { bootTestApp, TestApp, ownerDb, ownerUrlOf, tokenOf } from './support/app';
import { createLoan, sendEvent } from './support/loans';

const SUBMIT = { completeDataTypes: ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] };
const ROOT = path.resolve(__dirname, '../..');

/**
 * Each way of rewriting the audit history, played by someone holding the database (the
 * owner role, or the application's own role), and shown detected by verify, the audit report and
 * the `npm run verify` command. A database of its own, so that the whole-database audit sees only
 * what this file did; checkpoints in a folder of their own.
 */
describe('audit: a history no one can rewrite unseen', () => {
  const database = `audit_${process.pid}`;
  const checkpointDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-checkpoints-'));
  let t: TestApp;
  let owner: DataSource;
  let keys: AuditKeys;
  let admin: string;
  let apost: string;
  const tally = { tried: 0, detected: 0 };

  const appUrl = () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database}`;
    return url.toString();
  };

  beforeAll(async () => {
    const c = new Client({ connectionString: process.env.MIGRATION_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${database}`);
    await c.query(`CREATE DATABASE ${database}`);
    await c.end();
    // Demo data too: the whole-database audit then replays loans standing in every stage.
    t = await bootTestApp({ databaseUrl: appUrl(), migrationDatabaseUrl: ownerUrlOf(database), checkpointDir });
    owner = await ownerDb(ownerUrlOf(database));
    keys = t.app.get(AUDIT_KEYS);
    [admin, apost] = await Promise.all([tokenOf(t, 'admin'), tokenOf(t, 'apost')]);
  }, 180_000);
  afterAll(async () => {
    console.log(`audit attacks tried: ${tally.tried}, detected: ${tally.detected}`);
    await owner?.destroy();
    await t?.close();
    fs.rmSync(checkpointDir, { recursive: true, force: true });
  });

  async function loanWithHistory() {
    const loan = await createLoan(t, apost);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    await sendEvent(t, admin, loan.id, 'RETURN_MATERIALS', 1, { reason: '缺少营业执照' }).expect(200);
    await sendEvent(t, apost, loan.id, 'SUBMIT_MATERIALS', 2, SUBMIT).expect(200);
    await sendEvent(t, admin, loan.id, 'CONFIRM_RECEIPT', 3).expect(200);
    return loan.id;
  }

  const verify = async (loanId: string) => (await t.http.get(`/server/loans/${loanId}/history/verify`).set('X-Platform-Token', admin).expect(200)).body.data;
  const report = async () => (await t.http.get('/server/audit/verify').set('X-Platform-Token', admin).expect(200)).body.data;
  const checkpoint = async () => (await t.http.post('/server/audit/checkpoints').set('X-Platform-Token', admin).expect(200)).body.data;
  const detected = (ok: boolean) => {
    tally.tried++;
    if (!ok) tally.detected++;
  };

  /** As the owner, with the append-only trigger lifted for one transaction: what a thief of the database could do. */
  const asOwner = (work: (q: (sql: string, params?: unknown[]) => Promise<any>) => Promise<void>) =>
    owner.transaction(async (em) => {
      await em.query(`ALTER TABLE workflow_event DISABLE TRIGGER workflow_event_no_change`);
      await work((sql, params) => em.query(sql, params));
      await em.query(`ALTER TABLE workflow_event ENABLE TRIGGER workflow_event_no_change`);
    });

  /** Rewrites a loan's whole chain from its genesis with `hashes` (after a payload was changed), instance head included. */
  async function rechain(loanId: string, hashes: { genesisHash(l: string, i: unknown): string; eventHash(e: ChainedEvent): string }) {
    await asOwner(async (q) => {
      const [inst] = await q(`SELECT input FROM workflow_instance WHERE loan_id = $1`, [loanId]);
      const events = await q(
        `SELECT id, seq, type, payload, actor_id AS "actorId", at, state_from AS "from", state_to AS "to", machine_version AS "machineVersion"
           FROM workflow_event WHERE loan_id = $1 ORDER BY seq`,
        [loanId],
      );
      let prev = hashes.genesisHash(loanId, inst.input);
      for (const { id, ...e } of events) {
        const hash = hashes.eventHash({ ...e, at: new Date(e.at).toISOString(), loanId, prevHash: prev });
        await q(`UPDATE workflow_event SET prev_hash = $2, hash = $3 WHERE id = $1`, [id, prev, hash]);
        prev = hash;
      }
      await q(`UPDATE workflow_instance SET last_hash = $2 WHERE loan_id = $1`, [loanId, prev]);
    });
  }

  const clean: string[] = [];
  const tampered: string[] = [];

  it('has the application connect as a role that owns nothing and may only INSERT and SELECT events', async () => {
    const [me] = await t.db.query(
      `SELECT current_user AS name, rolsuper AS super,
              (SELECT count(*)::int FROM pg_class WHERE relowner = r.oid) AS owns,
              has_table_privilege('workflow_event', 'INSERT') AS "insert", has_table_privilege('workflow_event', 'SELECT') AS "select",
              has_table_privilege('workflow_event', 'UPDATE') AS "update", has_table_privilege('workflow_event', 'DELETE') AS "delete",
              has_table_privilege('workflow_event', 'TRUNCATE') AS "truncate"
         FROM pg_roles r WHERE rolname = current_user`,
    );
    expect(me).toEqual({ name: 'gbo_api', super: false, owns: 0, insert: true, select: true, update: false, delete: false, truncate: false });
    const [{ ownerName }] = await owner.query(`SELECT tableowner AS "ownerName" FROM pg_tables WHERE tablename = 'workflow_event'`);
    expect(ownerName).toBe('gbo_owner');
  });

  it('(e) refuses the application role any UPDATE or DELETE of an event', async () => {
    const loanId = await loanWithHistory();
    clean.push(loanId);
    for (const sql of [`UPDATE workflow_event SET payload = '{}' WHERE loan_id = $1`, `DELETE FROM workflow_event WHERE loan_id = $1`]) {
      const error = await t.db.query(sql, [loanId]).then(
        () => null,
        (e: Error) => e,
      );
      detected(!error);
      expect(error?.message).toMatch(/permission denied for table workflow_event/);
    }
    expect((await verify(loanId)).ok).toBe(true);
  });

  it('(c) refuses TRUNCATE: the application role has no privilege, and the trigger stops the owner', async () => {
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM workflow_event`);
    expect(n).toBeGreaterThan(0);
    const asApp = await t.db.query(`TRUNCATE workflow_event CASCADE`).then(
      () => null,
      (e: Error) => e,
    );
    detected(!asApp);
    expect(asApp?.message).toMatch(/permission denied for table workflow_event/);
    const asOwnerError = await owner.query(`TRUNCATE workflow_event`).then(
      () => null,
      (e: Error) => e,
    );
    detected(!asOwnerError);
    expect(asOwnerError?.message).toMatch(/append-only \(TRUNCATE refused\)/);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM workflow_event`))[0].n).toBe(n);
  });

  it('writes signed checkpoints the auditor downloads and checks offline with the public key', async () => {
    clean.push(await loanWithHistory());
    const written = await checkpoint();
    expect(written.manifest).toMatchObject({ format: 'gbo-checkpoint/1', hmacKeyId: keys.hmacKeyId, previous: null });
    const list = (await t.http.get('/server/audit/checkpoints').set('X-Platform-Token', admin).expect(200)).body.data;
    const latest = list.checkpoints[list.checkpoints.length - 1];
    expect(latest.manifest.id).toBe(written.manifest.id);
    const publicKey = createPublicKey(list.publicKey);
    expect(verifySignature(null, Buffer.from(canonicalJson(latest.manifest)), publicKey, Buffer.from(latest.signature, 'base64'))).toBe(true);
    expect(fs.readFileSync(path.join(checkpointDir, 'audit-ed25519.pub.pem'), 'utf8')).toBe(list.publicKey);

    const heads = await t.http
      .get(`/server/audit/checkpoints/${latest.manifest.id}/heads`)
      .set('X-Platform-Token', admin)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const lines = (heads.body as Buffer).toString('latin1').trim().split('\n');
    expect(lines).toHaveLength(latest.manifest.loans);
    const [{ version, last_hash }] = await t.db.query(`SELECT version, last_hash FROM workflow_instance WHERE loan_id = $1`, [clean[1]]);
    expect(lines).toContain(`${clean[1]} ${String(version).padStart(10, '0')} ${last_hash}`);

    // Administrators only: apost, who may open any loan's history and verify it, may not list every loan's head.
    await t.http.get('/server/audit/checkpoints').set('X-Platform-Token', apost).expect(403);
    await t.http.get('/server/audit/verify').set('X-Platform-Token', apost).expect(403);
    expect((await verify(clean[1])).checkpointId).toBe(written.manifest.id);
  });

  it('runs `npm run verify -- --all` on the clean database: exit 0, counts printed', async () => {
    const [{ loans, events }] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM workflow_instance) AS loans, (SELECT count(*)::int FROM workflow_event) AS events`,
    );
    expect(loans).toBeGreaterThan(10);
    const r = runVerify(['--all']);
    expect(r.stdout).toMatch(/checkpoints: 1 found, 1 valid/);
    expect(r.stdout).toContain(`loans: ${loans} checked (${events} events), ${loans} ok, 0 failed`);
    expect(r.stdout).toMatch(/^OK/m);
    expect(r.status).toBe(0);
    const one = runVerify([clean[0]]);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/loans: 1 checked/);
  }, 300_000);

  it('(a) detects a payload changed and the chain recomputed with plain SHA-256, or with a wrong key', async () => {
    for (const hashes of [legacyChain, withKey(randomBytes(32))]) {
      const loanId = await loanWithHistory();
      await asOwner((q) => q(`UPDATE workflow_event SET payload = '{"reason":"理由已改"}' WHERE loan_id = $1 AND seq = 2`, [loanId]));
      await rechain(loanId, hashes);
      const v = await verify(loanId);
      detected(v.ok);
      expect(v).toMatchObject({ ok: false, firstBadSeq: 1, reason: 'previous hash does not match' });
      tampered.push(loanId);
    }
  });

  it('(a) detects even a chain recomputed with the real key, once a signed checkpoint holds the loan', async () => {
    const loanId = await loanWithHistory();
    await checkpoint();
    await asOwner((q) => q(`UPDATE workflow_event SET payload = '{"reason":"理由已改"}' WHERE loan_id = $1 AND seq = 2`, [loanId]));
    await rechain(loanId, withKey(keys.hmacKey));
    const v = await verify(loanId);
    detected(v.ok);
    expect(v).toMatchObject({ ok: false, firstBadSeq: 4, reason: 'event 4 differs from the signed checkpoint' });
    tampered.push(loanId);
  });

  it('(b) detects the last events deleted and the instance rolled back to match', async () => {
    const loanId = await loanWithHistory();
    // What the instance looked like after event 2, kept to roll back to.
    const [before] = await t.db.query(`SELECT snapshot, stage, status, last_hash FROM workflow_instance WHERE loan_id = $1`, [loanId]);
    await sendEvent(t, apost, loanId, 'SUBMIT_TO_PRE_REVIEW', 4).expect(200);
    await checkpoint();
    const [row2] = await t.db.query(`SELECT hash FROM workflow_event WHERE loan_id = $1 AND seq = 4`, [loanId]);
    expect(before.last_hash).toBe(row2.hash);
    await asOwner(async (q) => {
      await q(`DELETE FROM workflow_event WHERE loan_id = $1 AND seq > 4`, [loanId]);
      await q(`UPDATE workflow_instance SET version = 4, last_hash = $2, snapshot = $3, stage = $4, status = $5 WHERE loan_id = $1`, [
        loanId,
        row2.hash,
        JSON.stringify(before.snapshot),
        before.stage,
        before.status,
      ]);
    });
    const v = await verify(loanId);
    detected(v.ok);
    expect(v).toMatchObject({ ok: false, firstBadSeq: 5, checked: 4 });
    expect(v.reason).toMatch(/before the signed checkpoint's head \(event 5\): events were deleted/);
    tampered.push(loanId);
  });

  it('(d) detects a snapshot edited (the application role may write instances)', async () => {
    const loanId = await loanWithHistory();
    await t.db.query(`UPDATE workflow_instance SET snapshot = jsonb_set(snapshot, '{context,amount}', '1') WHERE loan_id = $1`, [loanId]);
    const v = await verify(loanId);
    detected(v.ok);
    expect(v).toMatchObject({ ok: false, reason: 'the stored snapshot differs from the replay' });
    tampered.push(loanId);
  });

  it('detects an instance missing entirely, and a checkpoint edited or removed', async () => {
    const gone = clean[0];
    await asOwner(async (q) => {
      await q(`DELETE FROM workflow_event WHERE loan_id = $1`, [gone]);
      await q(`DELETE FROM workflow_instance WHERE loan_id = $1`, [gone]);
    });
    const r = await report();
    detected(r.ok);
    expect(r.failures).toContainEqual({ loanId: gone, firstBadSeq: null, reason: expect.stringMatching(/^the instance is missing/) });
    expect(r.loans.missing).toBe(1);
    tampered.push(gone);
    for (const id of tampered) expect(r.failures.map((f: any) => f.loanId)).toContain(id);
    expect(r.failures.map((f: any) => f.loanId)).not.toContain(clean[1]);
    expect(r.checkpoints).toMatchObject({ total: 3, valid: 3, problems: [] });

    // The first checkpoint's manifest edited (fewer loans): its signature no longer holds.
    const files = fs
      .readdirSync(checkpointDir)
      .filter((f) => f.endsWith('.json'))
      .sort();
    const first = path.join(checkpointDir, files[0]);
    const signed = JSON.parse(fs.readFileSync(first, 'utf8'));
    fs.writeFileSync(first, JSON.stringify({ ...signed, manifest: { ...signed.manifest, loans: 1 } }));
    // The middle one removed: the last no longer follows the one before it.
    fs.rmSync(path.join(checkpointDir, files[1]));
    const r2 = await report();
    detected(r2.checkpoints.problems.length === 0);
    expect(r2.checkpoints.problems).toEqual([
      { id: files[0].replace('.json', ''), reason: 'the signature does not verify with the audit public key' },
      { id: files[2].replace('.json', ''), reason: expect.stringMatching(/follows checkpoint .*, which is missing/) },
    ]);
    expect(r2.ok).toBe(false);
  });

  it('runs `npm run verify -- --all` on the tampered database: exit 1, every failure named with its loan', () => {
    const r = runVerify(['--all']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^FAILED/m);
    for (const id of tampered) expect(r.stdout).toMatch(new RegExp(`FAIL loan ${id}`));
    expect(r.stdout).not.toMatch(new RegExp(`FAIL loan ${clean[1]}`));
    expect(r.stdout).toMatch(/FAIL checkpoint .*: the signature does not verify/);
    // Worker threads (the default) and one thread report the same failures in the same order.
    const report = (stdout: string) => stdout.replace(/^\d+ loans in .*$/m, '');
    expect(r.stdout).toMatch(/^\d+ loans in [\d.]+ s \(\d+ loans\/s, \d+ workers, [\d.]+ s CPU\)$/m);
    const single = runVerify(['--all', '--workers', '0']);
    expect(single.status).toBe(1);
    expect(report(single.stdout)).toBe(report(r.stdout));
    const one = runVerify([tampered[0]]);
    expect(one.status).toBe(1);
    expect(runVerify(['not-a-loan']).status).toBe(2);
  }, 300_000);

  it('re-seals events hashed the old way (plain SHA-256) once, after checking their old chain; a broken one is left to fail', async () => {
    const good = await loanWithHistory();
    const broken = await loanWithHistory();
    await rechain(good, legacyChain);
    await rechain(broken, legacyChain);
    await asOwner((q) => q(`UPDATE workflow_event SET payload = '{"reason":"理由已改"}' WHERE loan_id = $1 AND seq = 2`, [broken]));
    await owner.query(`DELETE FROM audit_state`);
    expect((await verify(good)).ok).toBe(false);

    const result = await migrate(t.config, keys);
    expect(result.seal.outcome).toBe('sealed');
    expect(result.seal.leftAsFound).toContain(broken);
    expect(result.seal.leftAsFound).not.toContain(good);
    expect(await verify(good)).toMatchObject({ ok: true, checked: 4 });
    expect(await verify(broken)).toMatchObject({ ok: false, firstBadSeq: 1 });
    const [state] = await t.db.query(`SELECT chain, key_id FROM audit_state`);
    expect(state).toEqual({ chain: 'hmac-sha256', key_id: keys.hmacKeyId });

    // Another key later (a lost keys folder, a swapped AUDIT_HMAC_KEY): the migrate step refuses to go on.
    await expect(sealChain(owner, { ...keys, hmacKeyId: 'ffffffffffffffff' })).rejects.toThrow(/sealed with audit key/);
    // The application role cannot rewrite the seal record either.
    await expect(t.db.query(`DELETE FROM audit_state`)).rejects.toThrow(/permission denied/);
  });

  it('writes one checkpoint when several processes find one due at the same moment', async () => {
    const service = t.app.get(CheckpointService);
    const before = (await service.list()).length;
    // Due while no checkpoint has seen the newest event: asked again under the lock, so only the first writes.
    const due = (latest: SignedCheckpoint | null, maxEventId: number) => !latest || latest.manifest.maxEventId < maxEventId;
    const results = await Promise.all([1, 2, 3].map(() => service.writeNow(new Date(), due)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await service.list()).toHaveLength(before + 1);
  });

  function withKey(key: Buffer) {
    return { genesisHash: (l: string, i: unknown) => genesisHash(l, i, key), eventHash: (e: ChainedEvent) => eventHash(e, key) };
  }

  function runVerify(args: string[]) {
    return spawnSync(process.execPath, ['scripts/verify.mjs', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: appUrl(), DATA_DIR: t.config.dataDir, CHECKPOINT_DIR: checkpointDir },
    });
  }
});
