import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so that equal data always hashes the same (JSONB reorders keys). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The chain starts from the loan and the input its instance was created with. */
export function genesisHash(loanId: string, input: unknown): string {
  return sha256(canonicalJson({ loanId, input, genesis: true }));
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
export function eventHash(e: ChainedEvent): string {
  return sha256(canonicalJson(e));
}
