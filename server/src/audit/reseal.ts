import type { DataSource } from 'typeorm';
import { ChainedEvent, eventHash, genesisHash, legacyChain } from '../workflow/hash-chain';
import type { AuditKeys } from './audit-keys';

const BATCH = 500;

interface ChainRow {
  loanId: string;
  input: unknown;
  lastHash: string;
}

type StoredEvent = Omit<ChainedEvent, 'loanId'> & { id: string; hash: string };

/** Whether `events` chain from the genesis to the instance's last hash under `hashes` (hash links only; replay is verify's job). */
function chains(row: ChainRow, events: StoredEvent[], hashes: { genesisHash(l: string, i: unknown): string; eventHash(e: ChainedEvent): string }): boolean {
  let prev = hashes.genesisHash(row.loanId, row.input);
  for (const [i, e] of events.entries()) {
    if (e.seq !== i + 1 || e.prevHash !== prev) return false;
    const { id: _id, hash, ...rest } = e;
    if (hashes.eventHash({ ...rest, loanId: row.loanId }) !== hash) return false;
    prev = hash;
  }
  return prev === row.lastHash;
}

export interface SealResult {
  /** 'checked': the database was already sealed with this key; 'sealed': first keyed start. */
  outcome: 'checked' | 'sealed';
  resealed: number;
  alreadyKeyed: number;
  /** Loans whose plain SHA-256 chain did not hold: left as found, so that verify reports them. */
  leftAsFound: string[];
}

/**
 * Run by the migrate step, as the owner, under the migration lock. audit_state names the key the
 * chain is sealed with: a different key refuses to start (a lost or swapped key would otherwise
 * fork the history silently). On the first start with keyed chains, events written before (plain
 * SHA-256) are re-sealed with the HMAC key, loan by loan, and only when their old chain verifies;
 * a loan whose old chain is broken keeps its old hashes, so verify goes on reporting it. Idempotent:
 * a loan already keyed (an interrupted earlier run) is left alone.
 */
export async function sealChain(db: DataSource, keys: AuditKeys): Promise<SealResult> {
  const [state] = await db.query(`SELECT chain, key_id FROM audit_state WHERE id = 1`);
  if (state) {
    if (state.key_id !== keys.hmacKeyId) {
      throw new Error(
        `the event chain of this database is sealed with audit key ${state.key_id}, but the configured key is ${keys.hmacKeyId}: ` +
          'restore DATA_DIR/keys/audit-hmac.key (or AUDIT_HMAC_KEY) from the backup of the keys',
      );
    }
    return { outcome: 'checked', resealed: 0, alreadyKeyed: 0, leftAsFound: [] };
  }
  const keyed = { genesisHash: (l: string, i: unknown) => genesisHash(l, i, keys.hmacKey), eventHash: (e: ChainedEvent) => eventHash(e, keys.hmacKey) };
  const result: SealResult = { outcome: 'sealed', resealed: 0, alreadyKeyed: 0, leftAsFound: [] };
  let after = '00000000-0000-0000-0000-000000000000';
  let first = true;
  for (;;) {
    const rows: ChainRow[] = await db.query(
      `SELECT loan_id AS "loanId", input, last_hash AS "lastHash" FROM workflow_instance WHERE $2 OR loan_id > $1 ORDER BY loan_id LIMIT ${BATCH}`,
      [after, first],
    );
    first = false;
    if (!rows.length) break;
    after = rows[rows.length - 1].loanId;
    const events: (StoredEvent & { loanId: string })[] = await db.query(
      `SELECT id::text, loan_id AS "loanId", seq, type, payload, actor_id AS "actorId", at, state_from AS "from", state_to AS "to",
              machine_version AS "machineVersion", prev_hash AS "prevHash", hash
         FROM workflow_event WHERE loan_id = ANY($1::uuid[]) ORDER BY loan_id, seq`,
      [rows.map((r) => r.loanId)],
    );
    const byLoan = new Map<string, StoredEvent[]>(rows.map((r) => [r.loanId, []]));
    for (const { loanId, ...e } of events) byLoan.get(loanId)!.push({ ...e, at: new Date(e.at).toISOString() });

    const updates: { id: string; prevHash: string; hash: string }[] = [];
    const heads: { loanId: string; lastHash: string }[] = [];
    for (const row of rows) {
      const list = byLoan.get(row.loanId)!;
      if (chains(row, list, keyed)) {
        result.alreadyKeyed++;
        continue;
      }
      if (!chains(row, list, legacyChain)) {
        result.leftAsFound.push(row.loanId);
        continue;
      }
      let prev = keyed.genesisHash(row.loanId, row.input);
      for (const e of list) {
        const { id, hash: _old, ...rest } = e;
        const hash = keyed.eventHash({ ...rest, loanId: row.loanId, prevHash: prev });
        updates.push({ id, prevHash: prev, hash });
        prev = hash;
      }
      heads.push({ loanId: row.loanId, lastHash: prev });
      result.resealed++;
    }
    if (!heads.length) continue;
    await db.transaction(async (em) => {
      // The owner lifts the append-only trigger for this transaction only; the app role could not.
      await em.query(`ALTER TABLE workflow_event DISABLE TRIGGER workflow_event_no_change`);
      await em.query(
        `UPDATE workflow_event e SET prev_hash = u.prev_hash, hash = u.hash
           FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, prev_hash, hash) WHERE e.id = u.id`,
        [updates.map((u) => u.id), updates.map((u) => u.prevHash), updates.map((u) => u.hash)],
      );
      await em.query(
        `UPDATE workflow_instance i SET last_hash = u.last_hash FROM unnest($1::uuid[], $2::text[]) AS u(loan_id, last_hash) WHERE i.loan_id = u.loan_id`,
        [heads.map((h) => h.loanId), heads.map((h) => h.lastHash)],
      );
      await em.query(`ALTER TABLE workflow_event ENABLE TRIGGER workflow_event_no_change`);
    });
  }
  const note = {
    resealed: result.resealed,
    alreadyKeyed: result.alreadyKeyed,
    leftAsFound: result.leftAsFound.slice(0, 1000),
    leftAsFoundCount: result.leftAsFound.length,
  };
  await db.query(`INSERT INTO audit_state (id, chain, key_id, note) VALUES (1, 'hmac-sha256', $1, $2)`, [keys.hmacKeyId, note]);
  return result;
}
