import { generateKeyPairSync, sign } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { canonicalJson, eventHash, genesisHash, legacyChain, sha256 } from '../workflow/hash-chain';
import { AuditKeyMissing, loadAuditKeys } from './audit-keys';
import { CHECKPOINT_FORMAT, CheckpointHeads, CheckpointManifest, checkpointDue, headLine, SignedCheckpoint, verifyCheckpoints } from './checkpoint';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-audit-unit-'));
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const id = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;

/** Writes a checkpoint as writeCheckpoint does (heads file, signed manifest), without a database. */
function writeSigned(dir: string, name: string, heads: [string, number, string][], previous: SignedCheckpoint | null, key = privateKey): SignedCheckpoint {
  const text = Buffer.from(heads.map(([l, v, h]) => headLine(l, v, h)).join(''));
  fs.writeFileSync(path.join(dir, `${name}.heads`), text);
  const manifest: CheckpointManifest = {
    format: CHECKPOINT_FORMAT,
    id: name,
    createdAt: new Date().toISOString(),
    database: 'unit',
    loans: heads.length,
    maxEventId: 1,
    headsFile: `${name}.heads`,
    headsSha256: sha256(text),
    previous: previous ? { id: previous.manifest.id, manifestSha256: sha256(canonicalJson(previous.manifest)) } : null,
    hmacKeyId: 'x',
    signingKeyId: 'y',
  };
  const signed = { manifest, signature: sign(null, Buffer.from(canonicalJson(manifest)), key).toString('base64') };
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(signed));
  return signed;
}

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

describe('checkpoints', () => {
  it('finds a loan by binary search among fixed-width sorted heads', () => {
    const dir = tmp();
    const heads: [string, number, string][] = [1, 3, 5, 7, 9].map((n) => [id(n), n * 10, String(n).repeat(64)]);
    const c = writeSigned(dir, 'cp-1', heads, null);
    for (const loaded of [CheckpointHeads.load(dir, c), CheckpointHeads.open(dir, c)]) {
      expect(loaded.count).toBe(5);
      for (const [l, v, h] of heads) expect(loaded.find(l)).toEqual({ version: v, hash: h });
      expect(loaded.find(id(4))).toBeNull();
      expect(loaded.find(id(0))).toBeNull();
      expect(loaded.find(id(9).replace('0000000', 'fffffff'))).toBeNull();
      loaded.close();
    }
    expect(headLine(id(1), 3, 'f'.repeat(64))).toHaveLength(113);
  });

  it('checks signatures, digests and links: a forged signature, an edited heads file and a removed checkpoint all show', () => {
    const dir = tmp();
    const a = writeSigned(dir, 'cp-1', [[id(1), 1, 'a'.repeat(64)]], null);
    const b = writeSigned(dir, 'cp-2', [[id(1), 2, 'b'.repeat(64)]], a);
    writeSigned(dir, 'cp-3', [[id(1), 3, 'c'.repeat(64)]], b);
    expect(verifyCheckpoints(dir, publicKey)).toMatchObject({ total: 3, problems: [] });

    // Re-signed with another key (a thief without ours).
    writeSigned(dir, 'cp-3', [[id(1), 2, 'b'.repeat(64)]], b, generateKeyPairSync('ed25519').privateKey);
    expect(verifyCheckpoints(dir, publicKey).problems).toEqual([{ id: 'cp-3', reason: 'the signature does not verify with the audit public key' }]);
    writeSigned(dir, 'cp-3', [[id(1), 3, 'c'.repeat(64)]], b);

    // The heads rewritten under a valid manifest.
    fs.writeFileSync(path.join(dir, 'cp-2.heads'), headLine(id(1), 1, 'a'.repeat(64)));
    expect(verifyCheckpoints(dir, publicKey).problems).toContainEqual({ id: 'cp-2', reason: 'its heads file differs from the one signed' });

    // The middle one removed.
    fs.rmSync(path.join(dir, 'cp-2.json'));
    expect(verifyCheckpoints(dir, publicKey).problems).toEqual([{ id: 'cp-3', reason: expect.stringMatching(/does not follow checkpoint cp-1/) }]);
  });

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
