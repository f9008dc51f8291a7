import { createHash, createHmac } from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so that equal data always hashes the same (JSONB reorders keys).
 * Written with plain loops: the audit runs it several times per event over millions of events. Keys sort
 * by UTF-16 code units (Array#sort's default order); undefined members are left out as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += value[i] === undefined ? 'null' : canonicalJson(value[i]);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += `${JSON.stringify(k)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
}

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The chain's key (HMAC-SHA256), loaded once per process from the environment or DATA_DIR/keys by
 * AuditKeys (audit/audit-keys.ts), never stored in the database: whoever recomputes a chain
 * without it writes hashes that fail verify.
 */
let processKey: Buffer | null = null;

export function setChainKey(key: Buffer): void {
  processKey = key;
}

function chainKey(key: Buffer | undefined): Buffer {
  const k = key ?? processKey;
  if (!k) throw new Error('the audit HMAC key is not loaded (AuditModule loads it at start)');
  return k;
}

function hmac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

/** The chain starts from the loan and the input its instance was created with. */
export function genesisHash(loanId: string, input: unknown, key?: Buffer): string {
  return hmac(chainKey(key), canonicalJson({ loanId, input, genesis: true }));
}

export interface ChainedEvent {
  loanId: string;
  seq: number;
  type: string;
  payload: unknown;
  actorId: string;
  at: string;
  from: unknown;
  to: unknown;
  machineVersion: number;
  prevHash: string;
}

/** Each event's hash covers everything about it and the previous hash: change one row and the chain breaks there. */
export function eventHash(e: ChainedEvent, key?: Buffer): string {
  return hmac(chainKey(key), canonicalJson(e));
}

/** The chain as written before it was keyed (plain SHA-256): read only to check old events before they are re-sealed. */
export const legacyChain = {
  genesisHash: (loanId: string, input: unknown) => sha256(canonicalJson({ loanId, input, genesis: true })),
  eventHash: (e: ChainedEvent) => sha256(canonicalJson(e)),
};
