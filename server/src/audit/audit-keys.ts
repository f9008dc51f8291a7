import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readOrCreateKeyFile } from '../common/key-file';
import type { AppConfig } from '../config/config';
import { sha256 } from '../workflow/hash-chain';

/** The two audit keys, kept outside PostgreSQL: the chain's HMAC key and the checkpoints' Ed25519 key pair. */
export interface AuditKeys {
  hmacKey: Buffer;
  /** Names the HMAC key without revealing it (an HMAC of a fixed text): stored in audit_state to notice a swapped key. */
  hmacKeyId: string;
  signingKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
  /** SHA-256 of the public key (SPKI DER), first 16 hex digits. */
  signingKeyId: string;
}

export class AuditKeyMissing extends Error {}

/** Reads a key file, or (create) writes a new one whole (processes starting together end with the same key). */
function fileKey(file: string, create: boolean, make: () => string): string {
  if (!create && !fs.existsSync(file)) throw new AuditKeyMissing(`no audit key at ${file} (set DATA_DIR, or the key in the environment)`);
  return readOrCreateKeyFile(file, make).text;
}

export function hmacKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('gbo-audit-key-id').digest('hex').slice(0, 16);
}

/**
 * AUDIT_HMAC_KEY (at least 32 characters; 64 hex digits are read as 32 bytes) or DATA_DIR/keys/audit-hmac.key;
 * AUDIT_SIGNING_KEY (PKCS#8 PEM) or DATA_DIR/keys/audit-ed25519.pem. The server creates missing key files;
 * the verify command never does (`create: false`).
 */
export function loadAuditKeys(config: Pick<AppConfig, 'dataDir' | 'auditHmacKey' | 'auditSigningKey'>, { create = true } = {}): AuditKeys {
  const dir = path.join(config.dataDir, 'keys');
  const hmacText = (config.auditHmacKey ?? fileKey(path.join(dir, 'audit-hmac.key'), create, () => `${randomBytes(32).toString('hex')}\n`)).trim();
  if (hmacText.length < 32) throw new Error('AUDIT_HMAC_KEY must be at least 32 characters');
  const hmacKey = /^[0-9a-f]{64}$/i.test(hmacText) ? Buffer.from(hmacText, 'hex') : Buffer.from(hmacText, 'utf8');
  const pem =
    config.auditSigningKey ??
    fileKey(path.join(dir, 'audit-ed25519.pem'), create, () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const signingKey = createPrivateKey(pem);
  if (signingKey.asymmetricKeyType !== 'ed25519') throw new Error('the audit signing key must be an Ed25519 key');
  const publicKey = createPublicKey(signingKey);
  return {
    hmacKey,
    hmacKeyId: hmacKeyId(hmacKey),
    signingKey,
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    signingKeyId: sha256(publicKey.export({ type: 'spki', format: 'der' })).slice(0, 16),
  };
}
