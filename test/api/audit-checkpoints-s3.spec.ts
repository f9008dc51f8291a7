import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import S3rver from 's3rver';
import type { DataSource } from 'typeorm';
import { CheckpointExists, LocalCheckpointStore, S3CheckpointStore } from '../../server/src/audit/checkpoint-store';
import { loadConfig } from '../../server/src/config/config';
import { S3Bucket, type S3Settings } from '../../server/src/files/storage-backend';
import { checkpointStoreContract, loanId, publish, publishSigned, signedCheckpoint } from '../support/checkpoint-store-contract';
import { bootTestApp, freshDatabaseUrl, ownerDb, ownerUrlOf, TestApp, tokenOf } from './support/app';
import { createLoan, sendEvent } from './support/loans';

const ROOT = path.resolve(__dirname, '../..');
const SUBMIT = { completeDataTypes: ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] };

/**
 * "Nothing local that another machine needs": with FILE_STORAGE=s3 the signed checkpoints go to the
 * bucket (s3rver on the loopback, through the real AWS SDK), and a second API instance, then the
 * verify command, each with an empty DATA_DIR of its own and the keys from the environment, verify
 * against the same checkpoints: a tail deleted from a loan, a heads file changed in the bucket and a
 * checkpoint removed from the middle all show there as they do with the folder.
 */
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-s3rver-cp-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'gbo-audit' }] });
let s3Env: Record<string, string>;
let settings: S3Settings;
// The same keys on every machine, from the environment, as production needs them with S3.
const keyEnv = {
  AUDIT_HMAC_KEY: randomBytes(32).toString('hex'),
  AUDIT_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};

beforeAll(async () => {
  const { port } = await server.run();
  s3Env = {
    FILE_STORAGE: 's3',
    S3_BUCKET: 'gbo-audit',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_PREFIX: 'gbo-test/',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  settings = loadConfig({ ...s3Env, ...keyEnv, NODE_ENV: 'production' }).s3!;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const emptyDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-machine-'));

describe('audit checkpoints in the bucket, verified from another machine', () => {
  const database = `audit_s3_${process.pid}`;
  const dataA = emptyDataDir();
  const dataB = emptyDataDir();
  const dataC = emptyDataDir();
  let a: TestApp;
  let b: TestApp;
  let owner: DataSource;
  let admin: string;
  let apost: string;
  let loan: string;
  /** The loan's instance after its fourth event, to roll it back to. */
  let atEvent4: { snapshot: unknown; stage: string; status: string; last_hash: string };
  let bucket: S3Bucket;
  const ids: string[] = [];

  const boot = (dataDir: string) =>
    bootTestApp({
      databaseUrl: appUrl(),
      migrationDatabaseUrl: ownerUrlOf(database),
      dataDir,
      checkpointDir: path.join(dataDir, 'checkpoints'),
      fileStorage: 's3',
      s3: settings,
      checkpointLocalCopy: false,
      auditHmacKey: keyEnv.AUDIT_HMAC_KEY,
      auditSigningKey: keyEnv.AUDIT_SIGNING_KEY,
    });
  let url = '';
  const appUrl = () => url;

  beforeAll(async () => {
    url = await freshDatabaseUrl(database);
    a = await boot(dataA);
    owner = await ownerDb(ownerUrlOf(database));
    bucket = S3Bucket.of(settings).within('checkpoints/');
    [admin, apost] = await Promise.all([tokenOf(a, 'admin'), tokenOf(a, 'apost')]);
  }, 180_000);
  afterAll(async () => {
    await owner?.destroy();
    await b?.close();
    await a?.close();
    for (const dir of [dataA, dataB, dataC]) fs.rmSync(dir, { recursive: true, force: true });
  });

  const auditReport = async (t: TestApp) => (await t.http.get('/server/audit/verify').set('X-Platform-Token', admin).expect(200)).body.data;
  const verifyLoan = async (t: TestApp, id: string) =>
    (await t.http.get(`/server/loans/${id}/history/verify`).set('X-Platform-Token', admin).expect(200)).body.data;
  /** The heads route's text (text/plain: superagent keeps it as text). */
  const headsOf = async (t: TestApp, id: string) =>
    (
      await t.http
        .get(`/server/audit/checkpoints/${id}/heads`)
        .set('X-Platform-Token', admin)
        .expect(200)
        .expect('content-type', /^text\/plain/)
    ).text;
  /**
   * `npm run verify` on a third machine: an empty DATA_DIR, the bucket and the keys from the environment, in
   * production. Spawned, not spawnSync: the bucket (s3rver) answers from this process's event loop.
   */
  const runVerify = (args: string[]) =>
    new Promise<{ status: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['scripts/verify.mjs', ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          ...s3Env,
          ...keyEnv,
          NODE_ENV: 'production',
          DATABASE_URL: appUrl(),
          DATA_DIR: dataC,
          CHECKPOINT_DIR: path.join(dataC, 'checkpoints'),
        },
      });
      let stdout = '';
      child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.once('error', reject);
      child.once('close', (status) => resolve({ status, stdout }));
    });

  it('writes each checkpoint (heads, signed manifest) and the public key to the bucket, nothing to its own folder', async () => {
    const created = await createLoan(a, apost);
    loan = created.id;
    await sendEvent(a, apost, loan, 'SUBMIT_MATERIALS', 0, SUBMIT).expect(200);
    await sendEvent(a, admin, loan, 'RETURN_MATERIALS', 1, { reason: '缺少营业执照' }).expect(200);
    await sendEvent(a, apost, loan, 'SUBMIT_MATERIALS', 2, SUBMIT).expect(200);
    await sendEvent(a, admin, loan, 'CONFIRM_RECEIPT', 3).expect(200);
    [atEvent4] = await a.db.query(`SELECT snapshot, stage, status, last_hash FROM workflow_instance WHERE loan_id = $1`, [loan]);
    await sendEvent(a, apost, loan, 'SUBMIT_TO_PRE_REVIEW', 4).expect(200);
    for (let i = 0; i < 3; i++) {
      const written = (await a.http.post('/server/audit/checkpoints').set('X-Platform-Token', admin).expect(200)).body.data;
      ids.push(written.manifest.id);
      expect(JSON.parse((await bucket.get(`${written.manifest.id}.json`))!.toString())).toEqual(written);
    }
    expect(new Set(ids).size).toBe(3);
    expect(await bucket.list()).toEqual(['audit-ed25519.pub.pem', ...ids.flatMap((id) => [`${id}.heads`, `${id}.json`])]);
    const list = (await a.http.get('/server/audit/checkpoints').set('X-Platform-Token', admin).expect(200)).body.data;
    expect((await bucket.get('audit-ed25519.pub.pem'))!.toString()).toBe(list.publicKey);
    // Under S3_PREFIX, in the bucket's own store (s3rver's folder), not in the app's DATA_DIR.
    const kept = fs.readdirSync(path.join(s3Dir, 'gbo-audit'), { recursive: true }).map(String);
    expect(kept.some((f) => f.startsWith(path.join('gbo-test', 'checkpoints', `${ids[0]}.heads`)))).toBe(true);
    expect(fs.existsSync(path.join(dataA, 'checkpoints'))).toBe(false);

    const [{ version, last_hash }] = await a.db.query(`SELECT version, last_hash FROM workflow_instance WHERE loan_id = $1`, [loan]);
    expect(version).toBe(5);
    expect((await bucket.get(`${ids[2]}.heads`))!.toString('latin1')).toContain(`${loan} 0000000005 ${last_hash}\n`);
  });

  it('verifies from a second API instance whose DATA_DIR is another, empty folder: the same checkpoints, all valid', async () => {
    expect(fs.readdirSync(dataB)).toEqual([]);
    b = await boot(dataB);
    const list = (await b.http.get('/server/audit/checkpoints').set('X-Platform-Token', admin).expect(200)).body.data;
    expect(list.checkpoints.map((c: any) => c.manifest.id)).toEqual(ids);
    expect(await headsOf(b, ids[2])).toBe((await bucket.get(`${ids[2]}.heads`))!.toString('latin1'));
    await b.http.get(`/server/audit/checkpoints/cp-19700101T000000000Z-1/heads`).set('X-Platform-Token', admin).expect(404);

    expect(await verifyLoan(b, loan)).toMatchObject({ ok: true, checked: 5, checkpointId: ids[2] });
    const report = await auditReport(b);
    expect(report.checkpoints).toEqual({ total: 3, valid: 3, problems: [], latest: ids[2], latestLoans: report.loans.checked });
    expect(report).toMatchObject({ ok: true, failures: [], loans: { failed: 0, missing: 0 } });
    expect(report.loans.checked).toBeGreaterThan(10);
    expect(fs.existsSync(path.join(dataB, 'checkpoints'))).toBe(false);
  });

  it('runs `npm run verify` on a third machine (empty DATA_DIR, keys and bucket from the environment, production): exit 0', async () => {
    const all = await runVerify(['--all', '--workers', '0']);
    expect(all.stdout).toMatch(/^checkpoints: 3 found, 3 valid/m);
    expect(all.stdout).toMatch(/^OK: every checkpoint and every loan verified$/m);
    expect(all.status).toBe(0);
    const one = await runVerify([loan]);
    expect(one.stdout).toMatch(/loans: 1 checked \(5 events\), 1 ok, 0 failed/);
    expect(one.status).toBe(0);
    expect(fs.readdirSync(dataC)).toEqual([]);
  }, 300_000);

  it("catches on the second machine a loan's last event deleted and its instance rolled back, by the bucket's checkpoint", async () => {
    // As someone holding the database: the fifth event deleted, the instance put back as it was after the fourth.
    await owner.transaction(async (em) => {
      await em.query(`ALTER TABLE workflow_event DISABLE TRIGGER workflow_event_no_change`);
      await em.query(`DELETE FROM workflow_event WHERE loan_id = $1 AND seq = 5`, [loan]);
      const back = [atEvent4.last_hash, JSON.stringify(atEvent4.snapshot), atEvent4.stage, atEvent4.status];
      await em.query(`UPDATE workflow_instance SET version = 4, last_hash = $2, snapshot = $3, stage = $4, status = $5 WHERE loan_id = $1`, [loan, ...back]);
      await em.query(`ALTER TABLE workflow_event ENABLE TRIGGER workflow_event_no_change`);
    });
    const v = await verifyLoan(b, loan);
    expect(v).toMatchObject({ ok: false, firstBadSeq: 5, checkpointId: ids[2] });
    expect(v.reason).toMatch(/before the signed checkpoint's head \(event 5\): events were deleted/);
  });

  it('reports a heads file changed in the bucket and a checkpoint removed from the middle, on every machine', async () => {
    await bucket.put(`${ids[0]}.heads`, Buffer.from(`${loan} 0000000001 ${'0'.repeat(64)}\n`), 'text/plain', false);
    await bucket.remove(`${ids[1]}.json`);
    const problems = [
      { id: ids[0], reason: 'its heads file differs from the one signed' },
      { id: ids[2], reason: `follows checkpoint ${ids[1]}, which is missing` },
    ];
    for (const t of [a, b]) {
      const report = await auditReport(t);
      expect(report.checkpoints).toMatchObject({ total: 2, valid: 1, problems, latest: ids[2] });
      expect(report.ok).toBe(false);
      expect(report.failures.map((f: any) => f.loanId)).toEqual([loan]);
    }
    const all = await runVerify(['--all', '--workers', '0']);
    expect(all.status).toBe(1);
    expect(all.stdout).toMatch(/^checkpoints: 2 found, 1 valid/m);
    for (const p of problems) expect(all.stdout).toContain(`FAIL checkpoint ${p.id}: ${p.reason}\n`);
    expect(all.stdout).toMatch(new RegExp(`^FAIL loan ${loan} at event 5: `, 'm'));
    expect(all.stdout).toMatch(/^FAILED: the audit history does not verify$/m);
  }, 300_000);
});

describe('the bucket as a checkpoint store', () => {
  let n = 0;
  const fresh = () => S3Bucket.of(settings).within(`store-${process.pid}-${n++}/`);

  checkpointStoreContract('S3CheckpointStore against s3rver', () => {
    const bucket = fresh();
    return {
      store: new S3CheckpointStore(bucket, null),
      replace: (name, bytes) => bucket.put(name, bytes, 'application/octet-stream', false),
      remove: (name) => bucket.remove(name),
    };
  });

  it('never replaces a checkpoint file: the same bytes again are no error, other bytes are refused', async () => {
    const bucket = fresh();
    const store = new S3CheckpointStore(bucket, null);
    const c = signedCheckpoint('cp-1', [[loanId(1), 1, 'a'.repeat(64)]], null);
    const first = await publish(store, c);
    const heads = await bucket.get('cp-1.heads');
    // The same checkpoint published again (a retry): no error, nothing changes.
    await expect(publish(store, c)).resolves.toEqual(first);
    await expect(publishSigned(store, 'cp-1', [[loanId(1), 2, 'b'.repeat(64)]], null)).rejects.toThrow(CheckpointExists);
    await expect(publishSigned(store, 'cp-1', [[loanId(1), 2, 'b'.repeat(64)]], null)).rejects.toThrow(
      `s3://gbo-audit/${bucket.prefix}cp-1.heads already exists with other bytes: a checkpoint is never replaced`,
    );
    expect((await bucket.get('cp-1.heads'))!.equals(heads!)).toBe(true);
    expect((await bucket.get('cp-1.json'))!.equals(c.json)).toBe(true);
    // A manifest of the same name with other bytes (a heads file the same): refused too.
    const other = signedCheckpoint('cp-1', [[loanId(1), 1, 'a'.repeat(64)]], null);
    other.signed.manifest.database = 'another';
    await expect(publish(store, { ...other, json: Buffer.from(JSON.stringify(other.signed)) })).rejects.toThrow(/cp-1\.json already exists with other bytes/);
    expect((await bucket.get('cp-1.json'))!.equals(c.json)).toBe(true);
  });

  it('with CHECKPOINT_LOCAL_COPY, keeps the same files in the folder too', async () => {
    const bucket = fresh();
    const dir = path.join(emptyDataDir(), 'checkpoints');
    const store = new S3CheckpointStore(bucket, new LocalCheckpointStore(dir));
    expect(store.staging).toBe(dir);
    await publishSigned(store, 'cp-1', [[loanId(1), 1, 'a'.repeat(64)]], null);
    const names = ['audit-ed25519.pub.pem', 'cp-1.heads', 'cp-1.json'];
    expect(await bucket.list()).toEqual(names);
    expect(fs.readdirSync(dir).sort()).toEqual(names);
    for (const name of names) expect(fs.readFileSync(path.join(dir, name)).equals((await bucket.get(name))!)).toBe(true);
  });
});
