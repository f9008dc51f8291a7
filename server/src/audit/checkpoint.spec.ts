import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';
import { checkpointStoreContract, contractPublicKey, loanId, publishSigned } from '../../../test/support/checkpoint-store-contract';
import { AppConfig, loadConfig } from '../config/config';
import { eventHash, genesisHash, legacyChain } from '../workflow/hash-chain';
import { AuditKeyMissing, AuditKeys, loadAuditKeys } from './audit-keys';
import { checkpointDue, SignedCheckpoint } from './checkpoint';
import { checkpointStore, LocalCheckpointStore, S3CheckpointStore } from './checkpoint-store';
import { CheckpointService } from './checkpoint.service';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-audit-unit-'));
const id = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;

describe('keyed chain', () => {
  const e = {
    loanId: id(1),
    seq: 1,
    type: 'T',
    payload: { a: 1 },
    actorId: id(2),
    at: '2026-01-01T00:00:00.000Z',
    from: 'a',
    to: 'b',
    machineVersion: 1,
    prevHash: 'p',
  };
  it('hashes with the key: another key, or plain SHA-256, gives another hash', () => {
    const k1 = Buffer.alloc(32, 1);
    const k2 = Buffer.alloc(32, 2);
    expect(eventHash(e, k1)).toMatch(/^[0-9a-f]{64}$/);
    expect(eventHash(e, k1)).toBe(eventHash({ ...e }, k1));
    expect(eventHash(e, k1)).not.toBe(eventHash(e, k2));
    expect(eventHash(e, k1)).not.toBe(legacyChain.eventHash(e));
    expect(genesisHash(e.loanId, {}, k1)).not.toBe(legacyChain.genesisHash(e.loanId, {}));
  });
});

describe('audit keys', () => {
  it('generates both keys into DATA_DIR/keys once, reads them back, and never generates for the verify command', () => {
    const dataDir = tmp();
    expect(() => loadAuditKeys({ dataDir, auditHmacKey: null, auditSigningKey: null }, { create: false })).toThrow(AuditKeyMissing);
    const a = loadAuditKeys({ dataDir, auditHmacKey: null, auditSigningKey: null });
    const b = loadAuditKeys({ dataDir, auditHmacKey: null, auditSigningKey: null }, { create: false });
    expect(b.hmacKey.equals(a.hmacKey)).toBe(true);
    expect(b.publicKeyPem).toBe(a.publicKeyPem);
    expect(a.hmacKey).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'keys', 'audit-hmac.key')).mode & 0o077).toBe(0);
  });

  it('takes AUDIT_HMAC_KEY from the environment (64 hex digits as bytes) and refuses a short one', () => {
    const dataDir = tmp();
    const k = loadAuditKeys({ dataDir, auditHmacKey: 'ab'.repeat(32), auditSigningKey: null });
    expect(k.hmacKey.equals(Buffer.alloc(32, 0xab))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'keys', 'audit-hmac.key'))).toBe(false);
    expect(() => loadAuditKeys({ dataDir, auditHmacKey: 'short', auditSigningKey: null })).toThrow(/at least 32/);
  });
});

checkpointStoreContract('LocalCheckpointStore', () => {
  const dir = path.join(tmp(), 'checkpoints');
  return {
    store: new LocalCheckpointStore(dir),
    replace: async (name, bytes) => fs.writeFileSync(path.join(dir, name), bytes),
    remove: async (name) => fs.rmSync(path.join(dir, name)),
  };
});

describe('checkpoints', () => {
  it('is due every N events and at least every max-age hours', () => {
    const at = new Date('2026-01-02T00:00:00Z');
    const latest = { manifest: { createdAt: '2026-01-01T12:00:00Z', maxEventId: 1000 } } as SignedCheckpoint;
    expect(checkpointDue(null, 0, 500, 24, at)).toBe(false);
    expect(checkpointDue(null, 1, 500, 24, at)).toBe(true);
    expect(checkpointDue(latest, 1499, 500, 24, at)).toBe(false);
    expect(checkpointDue(latest, 1500, 500, 24, at)).toBe(true);
    expect(checkpointDue(latest, 1000, 500, 12, at)).toBe(true);
  });
});

describe('where checkpoints live', () => {
  const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'gbo', S3_ENDPOINT: 'http://127.0.0.1:9', S3_PREFIX: 'prod/' };
  const keys = { AUDIT_SIGNING_KEY: 'pem', AUDIT_HMAC_KEY: 'h'.repeat(32) };

  it('keeps them in CHECKPOINT_DIR without S3, and in the bucket with FILE_STORAGE=s3 (a local copy only when asked)', () => {
    const local = checkpointStore(loadConfig({ CHECKPOINT_DIR: '/srv/cp' }));
    expect(local).toBeInstanceOf(LocalCheckpointStore);
    expect(local.where).toBe('/srv/cp');
    const bucket = checkpointStore(loadConfig({ ...s3, CHECKPOINT_DIR: '/srv/cp' }));
    expect(bucket).toBeInstanceOf(S3CheckpointStore);
    expect(bucket.where).toBe('s3://gbo/prod/checkpoints/');
    expect(bucket.staging).toBe(os.tmpdir());
    expect(loadConfig(s3).checkpointLocalCopy).toBe(false);
    expect(checkpointStore(loadConfig({ ...s3, CHECKPOINT_DIR: '/srv/cp', CHECKPOINT_LOCAL_COPY: 'true' })).staging).toBe('/srv/cp');
  });

  it('refuses to start in production with FILE_STORAGE=s3 and an audit key left to a local folder', () => {
    expect(() => loadConfig({ ...s3, NODE_ENV: 'production' })).toThrow(
      'FILE_STORAGE=s3 in production needs AUDIT_SIGNING_KEY and AUDIT_HMAC_KEY in the environment, the same on every machine',
    );
    expect(() => loadConfig({ ...s3, NODE_ENV: 'production', AUDIT_SIGNING_KEY: 'pem' })).toThrow(/needs AUDIT_HMAC_KEY in the environment/);
    expect(() => loadConfig({ ...s3, NODE_ENV: 'production', AUDIT_HMAC_KEY: 'h'.repeat(32) })).toThrow(/needs AUDIT_SIGNING_KEY in the environment/);
    expect(loadConfig({ ...s3, ...keys, NODE_ENV: 'production' }).auditSigningKey).toBe('pem');
    // Development and tests keep generating them; so does production on one machine's folder.
    expect(loadConfig(s3).auditSigningKey).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production' }).auditSigningKey).toBeNull();
  });
});

describe("one loan's verify: the latest heads", () => {
  it('are read again a minute after the store failed to answer, not only once a newer checkpoint appears', async () => {
    const checkpointDir = tmp();
    const service = new CheckpointService(
      {} as DataSource,
      { checkpointDir, fileStorage: 'local', s3: null } as AppConfig,
      {
        publicKey: contractPublicKey,
      } as AuditKeys,
    );
    await publishSigned(service.store, 'cp-1', [[loanId(1), 7, 'a'.repeat(64)]], null);
    const stream = jest.spyOn(service.store, 'stream').mockRejectedValueOnce(new Error('the bucket did not answer'));
    const warn = jest.spyOn(Reflect.get(service, 'logger'), 'warn').mockImplementation(() => undefined);
    const now = jest.spyOn(Date, 'now');
    try {
      expect(await service.latestHeads()).toBeNull();
      expect(warn).toHaveBeenCalledWith('checkpoint cp-1.json cannot be read: the bucket did not answer');
      now.mockReturnValue(Date.now() + 59_000);
      expect(await service.latestHeads()).toBeNull();
      now.mockReturnValue(Date.now() + 61_000);
      expect((await service.latestHeads())?.find(loanId(1))).toEqual({ version: 7, hash: 'a'.repeat(64) });
      expect(stream).toHaveBeenCalledTimes(2);
    } finally {
      now.mockRestore();
    }
  });
});
