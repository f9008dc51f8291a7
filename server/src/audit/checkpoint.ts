import { createHash, sign, verify as verifySignature, KeyObject } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { canonicalJson, sha256 } from '../workflow/hash-chain';
import type { AuditKeys } from './audit-keys';
import { CheckpointStore, storedSha256 } from './checkpoint-store';
import type { Head } from './replay';

/**
 * Signed checkpoints of the chain heads, written outside PostgreSQL (DATA_DIR/checkpoints, or the
 * bucket with FILE_STORAGE=s3: see checkpoint-store.ts):
 *   <id>.heads  every instance's head, one fixed-width line per loan sorted by loan id
 *               ("<uuid> <version, 10 digits> <hash, 64 hex>\n", 113 bytes: 113 MB at 1M loans)
 *   <id>.json   { manifest, signature }: the manifest names the heads file by its SHA-256 and the
 *               previous checkpoint by the SHA-256 of its manifest; Ed25519 signs the canonical manifest.
 * Fixed-width sorted lines let a reader find one loan by binary search with a few positional reads,
 * without loading or parsing a million rows. Not gzipped: random hashes only halve (58 MB at 1M
 * loans), and gunzipping it took 10 s before the first lookup.
 */
export const CHECKPOINT_FORMAT = 'gbo-checkpoint/1';
const LINE = 113;
const BATCH = 10_000;
// One writer at a time across every API and worker process.
const CHECKPOINT_LOCK = 7_463_002;

export interface CheckpointManifest {
  format: string;
  id: string;
  createdAt: string;
  database: string;
  loans: number;
  /** The highest workflow_event id the checkpoint saw: the next one is due CHECKPOINT_EVERY ids later. */
  maxEventId: number;
  headsFile: string;
  headsSha256: string;
  previous: { id: string; manifestSha256: string } | null;
  hmacKeyId: string;
  signingKeyId: string;
}

export interface SignedCheckpoint {
  manifest: CheckpointManifest;
  /** Ed25519 over canonicalJson(manifest), base64. */
  signature: string;
}

export function headLine(loanId: string, version: number, hash: string): string {
  return `${loanId} ${String(version).padStart(10, '0')} ${hash}\n`;
}

const manifestDigest = (m: CheckpointManifest) => sha256(canonicalJson(m));

/** The manifest files of the store, oldest first (ids start with their UTC time, so names sort by time). */
async function manifestFiles(store: CheckpointStore): Promise<string[]> {
  return (await store.names()).filter((f) => /^cp-[\w-]+\.json$/.test(f)).sort();
}

async function readSigned(store: CheckpointStore, file: string): Promise<SignedCheckpoint | null> {
  try {
    const bytes = await store.read(file);
    return bytes ? (JSON.parse(bytes.toString('utf8')) as SignedCheckpoint) : null;
  } catch {
    return null;
  }
}

/** Every signed checkpoint of the store, oldest first. Unreadable files are listed as broken by verifyCheckpoints. */
export async function listCheckpoints(store: CheckpointStore): Promise<{ file: string; checkpoint: SignedCheckpoint | null }[]> {
  const files = await manifestFiles(store);
  return Promise.all(files.map(async (file) => ({ file, checkpoint: await readSigned(store, file) })));
}

/** The name of the newest manifest file (without reading any), or null. */
export async function newestCheckpointFile(store: CheckpointStore): Promise<string | null> {
  return (await manifestFiles(store)).pop() ?? null;
}

export async function latestCheckpoint(store: CheckpointStore): Promise<SignedCheckpoint | null> {
  const file = await newestCheckpointFile(store);
  return file ? readSigned(store, file) : null;
}

export function checkpointDue(latest: SignedCheckpoint | null, maxEventId: number, every: number, maxAgeHours: number, now = new Date()): boolean {
  if (!latest) return maxEventId > 0;
  const age = now.getTime() - Date.parse(latest.manifest.createdAt);
  return maxEventId - latest.manifest.maxEventId >= every || age >= maxAgeHours * 3_600_000;
}

/**
 * Writes a checkpoint of every instance's head, read in one repeatable-read snapshot. Answers null
 * when another process is writing one right now (it holds the advisory lock), or when `due` (asked
 * under the lock, so that processes that all found one due write it once) says none is due any more.
 */
export async function writeCheckpoint(
  db: DataSource,
  keys: AuditKeys,
  store: CheckpointStore,
  now = new Date(),
  due?: (latest: SignedCheckpoint | null, maxEventId: number) => boolean,
): Promise<SignedCheckpoint | null> {
  const runner = db.createQueryRunner();
  await runner.connect();
  const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock($1) AS locked`, [CHECKPOINT_LOCK]);
  if (!locked) {
    await runner.release();
    return null;
  }
  fs.mkdirSync(store.staging, { recursive: true });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  const tmp = path.join(store.staging, `.partial-${process.pid}-${stamp}`);
  try {
    await runner.startTransaction('REPEATABLE READ');
    const [{ database, maxEventId }] = await runner.query(
      `SELECT current_database() AS database, COALESCE((SELECT max(id) FROM workflow_event), 0)::bigint::text AS "maxEventId"`,
    );
    if (due && !due(await latestCheckpoint(store), Number(maxEventId))) {
      await runner.rollbackTransaction();
      return null;
    }
    let loans = 0;
    const digest = createHash('sha256');
    async function* lines() {
      let after = '00000000-0000-0000-0000-000000000000';
      let first = true;
      for (;;) {
        const rows: { loan_id: string; version: number; last_hash: string }[] = await runner.query(
          `SELECT loan_id, version, last_hash FROM workflow_instance WHERE $2 OR loan_id > $1 ORDER BY loan_id LIMIT ${BATCH}`,
          [after, first],
        );
        first = false;
        if (!rows.length) return;
        loans += rows.length;
        yield rows.map((r) => headLine(r.loan_id, r.version, r.last_hash)).join('');
        after = rows[rows.length - 1].loan_id;
      }
    }
    const hashed = async function* (source: AsyncIterable<string>) {
      for await (const text of source) {
        const chunk = Buffer.from(text, 'latin1');
        digest.update(chunk);
        yield chunk;
      }
    };
    await pipeline(Readable.from(lines()), hashed, fs.createWriteStream(tmp, { mode: 0o644 }));
    await runner.commitTransaction();

    const previous = await latestCheckpoint(store);
    const id = `cp-${stamp}-${maxEventId}`;
    const manifest: CheckpointManifest = {
      format: CHECKPOINT_FORMAT,
      id,
      createdAt: now.toISOString(),
      database,
      loans,
      maxEventId: Number(maxEventId),
      headsFile: `${id}.heads`,
      headsSha256: digest.digest('hex'),
      previous: previous ? { id: previous.manifest.id, manifestSha256: manifestDigest(previous.manifest) } : null,
      hmacKeyId: keys.hmacKeyId,
      signingKeyId: keys.signingKeyId,
    };
    const signed: SignedCheckpoint = { manifest, signature: sign(null, Buffer.from(canonicalJson(manifest)), keys.signingKey).toString('base64') };
    // Heads first, manifest last, each in place whole: a reader never sees half a checkpoint.
    await store.publish(tmp, manifest.headsFile, `${id}.json`, Buffer.from(`${JSON.stringify(signed, null, 2)}\n`), keys.publicKeyPem);
    return signed;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
    await runner.query(`SELECT pg_advisory_unlock($1)`, [CHECKPOINT_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

export interface CheckpointProblem {
  id: string;
  reason: string;
}

/**
 * Checks every checkpoint of the store: its signature with `publicKey`, its heads file against the
 * digest it signed, and its link to the previous one (a checkpoint removed from the middle shows).
 */
export async function verifyCheckpoints(
  store: CheckpointStore,
  publicKey: KeyObject,
): Promise<{ total: number; valid: SignedCheckpoint[]; problems: CheckpointProblem[] }> {
  const valid: SignedCheckpoint[] = [];
  const problems: CheckpointProblem[] = [];
  const all = await listCheckpoints(store);
  let before: SignedCheckpoint | null = null;
  for (const { file, checkpoint } of all) {
    const id = file.replace(/\.json$/, '');
    const problem = checkpoint ? await checkOne(store, checkpoint, publicKey, id) : 'not a readable checkpoint';
    if (problem) problems.push({ id, reason: problem });
    else {
      const m = checkpoint!.manifest;
      if (before && (!m.previous || m.previous.id !== before.manifest.id || m.previous.manifestSha256 !== manifestDigest(before.manifest))) {
        problems.push({ id, reason: `does not follow checkpoint ${before.manifest.id} (a checkpoint between them is missing or was replaced)` });
      } else if (!before && m.previous) {
        problems.push({ id, reason: `follows checkpoint ${m.previous.id}, which is missing` });
      }
      valid.push(checkpoint!);
    }
    if (checkpoint && !problem) before = checkpoint;
  }
  return { total: all.length, valid, problems };
}

async function checkOne(store: CheckpointStore, c: SignedCheckpoint, publicKey: KeyObject, id: string): Promise<string | null> {
  if (!c.manifest || typeof c.signature !== 'string' || c.manifest.format !== CHECKPOINT_FORMAT) return 'not a checkpoint of this format';
  if (c.manifest.id !== id) return `names itself ${c.manifest.id}`;
  let ok: boolean;
  try {
    ok = verifySignature(null, Buffer.from(canonicalJson(c.manifest)), publicKey, Buffer.from(c.signature, 'base64'));
  } catch {
    ok = false; // a signature that is not even Ed25519-shaped
  }
  if (!ok) return 'the signature does not verify with the audit public key';
  const digest = await storedSha256(store, headsName(c));
  if (digest === null) return 'its heads file is missing';
  if (digest !== c.manifest.headsSha256) return 'its heads file differs from the one signed';
  return null;
}

/** The heads file's name: a file name only, whatever the manifest says. */
const headsName = (c: SignedCheckpoint) => path.basename(c.manifest.headsFile);

/** The newest checkpoint whose signature and heads file hold, or null. */
export async function latestValidCheckpoint(store: CheckpointStore, publicKey: KeyObject): Promise<SignedCheckpoint | null> {
  for (const file of (await manifestFiles(store)).reverse()) {
    const checkpoint = await readSigned(store, file);
    if (checkpoint && !(await checkOne(store, checkpoint, publicKey, file.replace(/\.json$/, '')))) return checkpoint;
  }
  return null;
}

/**
 * The heads of a checkpoint (already verified), searchable by loan id: read whole (`load`, for the
 * audit's walk through every loan) or by positional reads of the open file (`open`, for one loan's
 * verify in the API: ~20 reads of 36 bytes, whatever the number of loans).
 */
export class CheckpointHeads {
  readonly count: number;
  private constructor(
    readonly id: string,
    private readonly read: (offset: number, length: number) => string,
    size: number,
    /** Closes the file of an `open` one. */
    readonly close: () => void = () => undefined,
  ) {
    if (size % LINE !== 0) throw new Error(`checkpoint ${id}: malformed heads`);
    this.count = size / LINE;
  }

  static async load(store: CheckpointStore, c: SignedCheckpoint): Promise<CheckpointHeads> {
    const buf = await store.read(headsName(c));
    if (!buf) throw new Error(`checkpoint ${c.manifest.id}: its heads file is missing`);
    return new CheckpointHeads(c.manifest.id, (offset, length) => buf.toString('latin1', offset, offset + length), buf.length);
  }

  static async open(store: CheckpointStore, c: SignedCheckpoint): Promise<CheckpointHeads> {
    const file = await store.open(headsName(c));
    if (!file) throw new Error(`checkpoint ${c.manifest.id}: its heads file is missing`);
    const buf = Buffer.alloc(LINE);
    const read = (offset: number, length: number) => buf.toString('latin1', 0, file.read(buf, length, offset));
    try {
      return new CheckpointHeads(c.manifest.id, read, file.size, file.close);
    } catch (error) {
      file.close();
      throw error;
    }
  }

  loanAt(i: number): string {
    return this.read(i * LINE, 36);
  }

  headAt(i: number): Head {
    const line = this.read(i * LINE, LINE);
    return { version: Number(line.slice(37, 47)), hash: line.slice(48, 112) };
  }

  find(loanId: string): Head | null {
    const id = loanId.toLowerCase();
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.loanAt(mid);
      if (at === id) return this.headAt(mid);
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return null;
  }
}
