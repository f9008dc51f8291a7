import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config/config';
import { S3Bucket } from '../files/storage-backend';

/** A heads file open for positional reads. */
export interface OpenHeads {
  size: number;
  /** Up to `length` bytes at `offset` into `buf`; the number read. */
  read(buf: Buffer, length: number, offset: number): number;
  close(): void;
}

/**
 * Where checkpoint files live: a folder (DATA_DIR/checkpoints), or a bucket with FILE_STORAGE=s3 so that
 * every machine writes and verifies the same ones. Names are plain file names (`cp-….json`,
 * `cp-….heads`, `audit-ed25519.pub.pem`), never paths.
 */
export interface CheckpointStore {
  /** The folder, or s3://bucket/prefix: for messages. */
  readonly where: string;
  /** Where a heads file is written before `publish` (a folder of this machine). */
  readonly staging: string;
  /** Every file name, sorted. */
  names(): Promise<string[]>;
  read(name: string): Promise<Buffer | null>;
  stream(name: string): Promise<Readable | null>;
  open(name: string): Promise<OpenHeads | null>;
  /**
   * Publishes a checkpoint whole: its heads (written at `staged`, taken away), then its manifest, then
   * the public key beside them. A reader never sees a manifest before its heads.
   */
  publish(staged: string, headsFile: string, manifestFile: string, manifest: Buffer, publicKeyPem: string): Promise<void>;
}

/** SHA-256 of a stored file read as a stream (a heads file is 113 MB at a million loans), or null when it is missing. */
export async function storedSha256(store: CheckpointStore, name: string): Promise<string | null> {
  const body = await store.stream(name);
  if (!body) return null;
  const hash = createHash('sha256');
  await pipeline(body, hash);
  return hash.digest('hex');
}

const PUBLIC_KEY = 'audit-ed25519.pub.pem';

function openFile(file: string): OpenHeads {
  const fd = fs.openSync(file, 'r');
  return {
    size: fs.fstatSync(fd).size,
    read: (buf, length, offset) => fs.readSync(fd, buf, 0, length, offset),
    close: () => fs.closeSync(fd),
  };
}

/** The folder of today's single machine: files written aside and renamed into place whole. */
export class LocalCheckpointStore implements CheckpointStore {
  constructor(readonly dir: string) {}

  get where(): string {
    return this.dir;
  }

  get staging(): string {
    return this.dir;
  }

  private file(name: string): string {
    return path.join(this.dir, path.basename(name));
  }

  async names(): Promise<string[]> {
    return fs.existsSync(this.dir) ? fs.readdirSync(this.dir).sort() : [];
  }

  async read(name: string): Promise<Buffer | null> {
    return fs.existsSync(this.file(name)) ? fs.readFileSync(this.file(name)) : null;
  }

  async stream(name: string): Promise<Readable | null> {
    return fs.existsSync(this.file(name)) ? fs.createReadStream(this.file(name)) : null;
  }

  async open(name: string): Promise<OpenHeads | null> {
    return fs.existsSync(this.file(name)) ? openFile(this.file(name)) : null;
  }

  async publish(staged: string, headsFile: string, manifestFile: string, manifest: Buffer, publicKeyPem: string): Promise<void> {
    fs.renameSync(staged, this.file(headsFile));
    fs.writeFileSync(`${staged}.json`, manifest);
    fs.renameSync(`${staged}.json`, this.file(manifestFile));
    this.writePublicKey(publicKeyPem);
  }

  /** The public key beside the checkpoints, so that a copy of the folder can be checked offline. */
  writePublicKey(pem: string): void {
    const file = this.file(PUBLIC_KEY);
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === pem) return;
    fs.mkdirSync(this.dir, { recursive: true });
    fs.writeFileSync(`${file}.tmp-${process.pid}`, pem);
    fs.renameSync(`${file}.tmp-${process.pid}`, file);
  }
}

export class CheckpointExists extends Error {}

/**
 * The bucket of FILE_STORAGE=s3, under `<S3_PREFIX>checkpoints/`: what every machine writes and
 * verifies. Checkpoint files are write-once: one already there is left alone when it holds the same
 * bytes and refused otherwise (asked before the write, for servers that ignore If-None-Match, and
 * sent as If-None-Match for those that honour it). With `localCopy`, each file is also kept in the
 * folder, as without S3.
 */
export class S3CheckpointStore implements CheckpointStore {
  constructor(
    private readonly bucket: S3Bucket,
    private readonly localCopy: LocalCheckpointStore | null,
  ) {}

  get where(): string {
    return `s3://${this.bucket.bucket}/${this.bucket.prefix}`;
  }

  get staging(): string {
    return this.localCopy?.staging ?? os.tmpdir();
  }

  async names(): Promise<string[]> {
    return (await this.bucket.list()).sort();
  }

  read(name: string): Promise<Buffer | null> {
    return this.bucket.get(path.basename(name));
  }

  stream(name: string): Promise<Readable | null> {
    return this.bucket.stream(path.basename(name));
  }

  /** A private copy on this machine, already unlinked: gone when closed or when the process ends. */
  async open(name: string): Promise<OpenHeads | null> {
    const body = await this.stream(name);
    if (!body) return null;
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'gbo-heads-'));
    const file = path.join(dir, 'heads');
    try {
      await pipeline(body, fs.createWriteStream(file, { mode: 0o600 }));
      return openFile(file);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  async publish(staged: string, headsFile: string, manifestFile: string, manifest: Buffer, publicKeyPem: string): Promise<void> {
    await this.putOnce(headsFile, await fsp.readFile(staged), 'text/plain; charset=us-ascii');
    await this.putOnce(manifestFile, manifest, 'application/json');
    const pem = Buffer.from(publicKeyPem);
    if (!(await this.bucket.get(PUBLIC_KEY))?.equals(pem)) await this.bucket.put(PUBLIC_KEY, pem, 'application/x-pem-file', false);
    await this.localCopy?.publish(staged, headsFile, manifestFile, manifest, publicKeyPem);
  }

  private async putOnce(name: string, bytes: Buffer, mime: string): Promise<void> {
    /** True: there already with these bytes; false: not there; other bytes there: refused. */
    const alreadyThere = async () => {
      const there = await storedSha256(this, name);
      if (there === null) return false;
      if (there === createHash('sha256').update(bytes).digest('hex')) return true;
      throw new CheckpointExists(`${this.where}${name} already exists with other bytes: a checkpoint is never replaced`);
    };
    if (await alreadyThere()) return;
    try {
      await this.bucket.put(name, bytes, mime);
    } catch (error) {
      // Written by someone else meanwhile (412 on a conditional write): the same bytes are no error.
      if (!(await alreadyThere())) throw error;
    }
  }
}

/** Where this deployment's checkpoints live: the bucket with FILE_STORAGE=s3 (and CHECKPOINT_LOCAL_COPY), else CHECKPOINT_DIR. */
export function checkpointStore(config: Pick<AppConfig, 'fileStorage' | 's3' | 'checkpointDir' | 'checkpointLocalCopy'>): CheckpointStore {
  const local = new LocalCheckpointStore(config.checkpointDir);
  if (config.fileStorage !== 's3' || !config.s3) return local;
  return new S3CheckpointStore(S3Bucket.of(config.s3).within('checkpoints/'), config.checkpointLocalCopy ? local : null);
}
