import { createHash, sign, verify as verifySignature, KeyObject } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { canonicalJson, sha256 } from '../workflow/hash-chain';
import type { AuditKeys } from './audit-keys';
import type { Head } from './replay';

/**
 * Signed checkpoints of the chain heads, written outside PostgreSQL (DATA_DIR/checkpoints):
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

/** The manifest files in `dir`, oldest first (ids start with their UTC time, so names sort by time). */
function manifestFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^cp-[\w-]+\.json$/.test(f))
    .sort();
}

function readSigned(dir: string, file: string): SignedCheckpoint | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as SignedCheckpoint;
  } catch {
    return null;
  }
}

/** Every signed checkpoint in `dir`, oldest first. Unreadable files are listed as broken by verifyCheckpoints. */
export function listCheckpoints(dir: string): { file: string; checkpoint: SignedCheckpoint | null }[] {
  return manifestFiles(dir).map((file) => ({ file, checkpoint: readSigned(dir, file) }));
}

/** The name of the newest manifest file (without reading any), or null. */
export function newestCheckpointFile(dir: string): string | null {
  return manifestFiles(dir).pop() ?? null;
}

export function latestCheckpoint(dir: string): SignedCheckpoint | null {
  const file = newestCheckpointFile(dir);
  return file ? readSigned(dir, file) : null;
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
  dir: string,
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
  fs.mkdirSync(dir, { recursive: true });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  const tmp = path.join(dir, `.partial-${process.pid}-${stamp}`);
  try {
    await runner.startTransaction('REPEATABLE READ');
    const [{ database, maxEventId }] = await runner.query(
      `SELECT current_database() AS database, COALESCE((SELECT max(id) FROM workflow_event), 0)::bigint::text AS "maxEventId"`,
    );
    if (due && !due(latestCheckpoint(dir), Number(maxEventId))) {
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

    const previous = latestCheckpoint(dir);
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
    // Heads first, manifest last, each renamed into place whole: a reader never sees half a checkpoint.
    fs.renameSync(tmp, path.join(dir, manifest.headsFile));
    fs.writeFileSync(`${tmp}.json`, `${JSON.stringify(signed, null, 2)}\n`);
    fs.renameSync(`${tmp}.json`, path.join(dir, `${id}.json`));
    writePublicKey(dir, keys);
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

/** The public key beside the checkpoints, so that a copy of the folder can be checked offline. */
export function writePublicKey(dir: string, keys: AuditKeys): void {
  const file = path.join(dir, 'audit-ed25519.pub.pem');
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === keys.publicKeyPem) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(`${file}.tmp-${process.pid}`, keys.publicKeyPem);
  fs.renameSync(`${file}.tmp-${process.pid}`, file);
}

export interface CheckpointProblem {
  id: string;
  reason: string;
}

/**
 * Checks every checkpoint in `dir`: its signature with `publicKey`, its heads file against the
 * digest it signed, and its link to the previous one (a checkpoint removed from the middle shows).
 */
export function verifyCheckpoints(dir: string, publicKey: KeyObject): { total: number; valid: SignedCheckpoint[]; problems: CheckpointProblem[] } {
  const valid: SignedCheckpoint[] = [];
  const problems: CheckpointProblem[] = [];
  const all = listCheckpoints(dir);
  let before: SignedCheckpoint | null = null;
  for (const { file, checkpoint } of all) {
    const id = file.replace(/\.json$/, '');
    const problem = checkpoint ? checkOne(dir, checkpoint, publicKey, id) : 'not a readable checkpoint';
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

function checkOne(dir: string, c: SignedCheckpoint, publicKey: KeyObject, id: string): string | null {
  if (!c.manifest || typeof c.signature !== 'string' || c.manifest.format !== CHECKPOINT_FORMAT) return 'not a checkpoint of this format';
  if (c.manifest.id !== id) return `names itself ${c.manifest.id}`;
  let ok: boolean;
  try {
    ok = verifySignature(null, Buffer.from(canonicalJson(c.manifest)), publicKey, Buffer.from(c.signature, 'base64'));
  } catch {
    ok = false; // a signature that is not even Ed25519-shaped
  }
  if (!ok) return 'the signature does not verify with the audit public key';
  const heads = path.join(dir, path.basename(c.manifest.headsFile));
  if (!fs.existsSync(heads)) return 'its heads file is missing';
  if (fileSha256(heads) !== c.manifest.headsSha256) return 'its heads file differs from the one signed';
  return null;
}

/** SHA-256 of a file read in chunks (a heads file is 113 MB at a million loans). */
function fileSha256(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    for (let n: number; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) hash.update(buf.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** The newest checkpoint whose signature and heads file hold, or null. */
export function latestValidCheckpoint(dir: string, publicKey: KeyObject): SignedCheckpoint | null {
  for (const file of manifestFiles(dir).reverse()) {
    const checkpoint = readSigned(dir, file);
    if (checkpoint && !checkOne(dir, checkpoint, publicKey, file.replace(/\.json$/, ''))) return checkpoint;
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

  static load(dir: string, c: SignedCheckpoint): CheckpointHeads {
    const buf = fs.readFileSync(path.join(dir, path.basename(c.manifest.headsFile)));
    return new CheckpointHeads(c.manifest.id, (offset, length) => buf.toString('latin1', offset, offset + length), buf.length);
  }

  static open(dir: string, c: SignedCheckpoint): CheckpointHeads {
    const fd = fs.openSync(path.join(dir, path.basename(c.manifest.headsFile)), 'r');
    const buf = Buffer.alloc(LINE);
    const read = (offset: number, length: number) => {
      const n = fs.readSync(fd, buf, 0, length, offset);
      return buf.toString('latin1', 0, n);
    };
    return new CheckpointHeads(c.manifest.id, read, fs.fstatSync(fd).size, () => fs.closeSync(fd));
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
