import { generateKeyPairSync, KeyObject, sign } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHECKPOINT_FORMAT, CheckpointHeads, CheckpointManifest, headLine, SignedCheckpoint, verifyCheckpoints } from '../../server/src/audit/checkpoint';
import { type CheckpointStore, storedSha256 } from '../../server/src/audit/checkpoint-store';
import { canonicalJson, sha256 } from '../../server/src/workflow/hash-chain';

/** A store under test, with what someone holding its folder or bucket could do behind the application's back. */
export interface StoreUnderTest {
  store: CheckpointStore;
  replace(name: string, bytes: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
}

export const { privateKey: contractKey, publicKey: contractPublicKey } = generateKeyPairSync('ed25519');
export const loanId = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;

/** A checkpoint as writeCheckpoint makes one (heads text, signed manifest), without a database. */
export function signedCheckpoint(name: string, heads: [string, number, string][], previous: SignedCheckpoint | null, key: KeyObject = contractKey) {
  const text = Buffer.from(heads.map(([l, v, h]) => headLine(l, v, h)).join(''));
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
  const signed: SignedCheckpoint = { manifest, signature: sign(null, Buffer.from(canonicalJson(manifest)), key).toString('base64') };
  return { text, signed, json: Buffer.from(`${JSON.stringify(signed, null, 2)}\n`) };
}

/** Publishes a checkpoint through the store, as writeCheckpoint does (heads staged first). */
export async function publish(store: CheckpointStore, c: ReturnType<typeof signedCheckpoint>): Promise<SignedCheckpoint> {
  const { id, headsFile } = c.signed.manifest;
  fs.mkdirSync(store.staging, { recursive: true });
  const staged = path.join(store.staging, `.partial-contract-${id}-${process.pid}`);
  fs.writeFileSync(staged, c.text);
  try {
    await store.publish(staged, headsFile, `${id}.json`, c.json, 'PUBLIC KEY PEM\n');
  } finally {
    fs.rmSync(staged, { force: true });
  }
  return c.signed;
}

export const publishSigned = (store: CheckpointStore, name: string, heads: [string, number, string][], previous: SignedCheckpoint | null) =>
  publish(store, signedCheckpoint(name, heads, previous));

/**
 * What every checkpoint store keeps, run against the folder (unit tier) and the bucket (S3 through
 * s3rver, test/api/audit-checkpoints-s3.spec.ts): files published whole and read back, heads found by
 * positional reads, and the checks of verify (signature, heads digest, links) against files changed
 * or removed in the store itself.
 */
export function checkpointStoreContract(name: string, make: () => StoreUnderTest) {
  describe(`${name}: the checkpoint store contract`, () => {
    it('publishes a checkpoint whole (heads, manifest, public key) and reads it back', async () => {
      const { store } = make();
      expect(await store.names()).toEqual([]);
      const c = await publishSigned(store, 'cp-1', [[loanId(1), 1, 'a'.repeat(64)]], null);
      expect(await store.names()).toEqual(['audit-ed25519.pub.pem', 'cp-1.heads', 'cp-1.json']);
      expect(JSON.parse((await store.read('cp-1.json'))!.toString())).toEqual(c);
      expect((await store.read('audit-ed25519.pub.pem'))!.toString()).toBe('PUBLIC KEY PEM\n');
      expect(await storedSha256(store, 'cp-1.heads')).toBe(c.manifest.headsSha256);
      expect(await store.read('cp-2.json')).toBeNull();
      expect(await store.stream('cp-2.heads')).toBeNull();
      expect(await store.open('cp-2.heads')).toBeNull();
      expect(await storedSha256(store, 'cp-2.heads')).toBeNull();
    });

    it('finds a loan by binary search among fixed-width sorted heads, loaded whole or by positional reads', async () => {
      const { store } = make();
      const heads: [string, number, string][] = [1, 3, 5, 7, 9].map((n) => [loanId(n), n * 10, String(n).repeat(64)]);
      const c = await publishSigned(store, 'cp-1', heads, null);
      for (const loaded of [await CheckpointHeads.load(store, c), await CheckpointHeads.open(store, c)]) {
        expect(loaded.count).toBe(5);
        for (const [l, v, h] of heads) expect(loaded.find(l)).toEqual({ version: v, hash: h });
        expect(loaded.find(loanId(4))).toBeNull();
        expect(loaded.find(loanId(0))).toBeNull();
        expect(loaded.find(loanId(9).replace('0000000', 'fffffff'))).toBeNull();
        loaded.close();
      }
    });

    it('checks signatures, digests and links: a forged signature, an edited heads file and a removed checkpoint all show', async () => {
      const s = make();
      const a = await publishSigned(s.store, 'cp-1', [[loanId(1), 1, 'a'.repeat(64)]], null);
      const b = await publishSigned(s.store, 'cp-2', [[loanId(1), 2, 'b'.repeat(64)]], a);
      await publishSigned(s.store, 'cp-3', [[loanId(1), 3, 'c'.repeat(64)]], b);
      expect(await verifyCheckpoints(s.store, contractPublicKey)).toMatchObject({ total: 3, problems: [] });

      // Re-signed with another key (a thief without ours).
      const forged = signedCheckpoint('cp-3', [[loanId(1), 2, 'b'.repeat(64)]], b, generateKeyPairSync('ed25519').privateKey);
      const genuine = await s.store.read('cp-3.json');
      await s.replace('cp-3.json', forged.json);
      expect((await verifyCheckpoints(s.store, contractPublicKey)).problems).toEqual([
        { id: 'cp-3', reason: 'the signature does not verify with the audit public key' },
      ]);
      await s.replace('cp-3.json', genuine!);

      // The heads rewritten under a valid manifest.
      await s.replace('cp-2.heads', Buffer.from(headLine(loanId(1), 1, 'a'.repeat(64))));
      expect((await verifyCheckpoints(s.store, contractPublicKey)).problems).toContainEqual({
        id: 'cp-2',
        reason: 'its heads file differs from the one signed',
      });

      // The middle one removed.
      await s.remove('cp-2.json');
      expect((await verifyCheckpoints(s.store, contractPublicKey)).problems).toEqual([
        { id: 'cp-3', reason: expect.stringMatching(/does not follow checkpoint cp-1/) },
      ]);

      // A heads file removed.
      await s.remove('cp-1.heads');
      expect((await verifyCheckpoints(s.store, contractPublicKey)).problems).toContainEqual({ id: 'cp-1', reason: 'its heads file is missing' });
    });
  });
}
