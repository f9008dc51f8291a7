import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';

/** Where stored bytes live. Keys are made by the storage (`<folder>/<uuid>.<ext>`), never taken from a request. */
export interface StorageBackend {
  readonly name: 'local' | 's3';
  /** Writes a new object; never overwrites one. */
  write(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z]+\/[0-9a-f-]{36}\.[a-z]{2,4}$/;

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

/** A folder (by default DATA_DIR/uploads): one sub-folder per kind, files under their generated names. */
export class LocalFolderBackend implements StorageBackend {
  readonly name = 'local';
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    assertKey(key);
    return path.join(this.root, key);
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(file, bytes, { flag: 'wx' });
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, a cloud's own); none: AWS itself. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Keys are written under this prefix (e.g. `gbo/`), so that one bucket can serve several deployments. */
  prefix: string;
  /** None: the SDK's default chain (AWS_ACCESS_KEY_ID, instance roles...). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/**
 * The objects of a bucket under a prefix, through the AWS SDK: what the upload backend and the audit
 * checkpoints share. Keys given to it are relative to the prefix; `within` names a sub-prefix on the
 * same client.
 */
export class S3Bucket {
  private constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    readonly prefix: string,
  ) {}

  static of(settings: S3Settings): S3Bucket {
    const client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
    return new S3Bucket(client, settings.bucket, settings.prefix);
  }

  within(sub: string): S3Bucket {
    return new S3Bucket(this.client, this.bucket, `${this.prefix}${sub}`);
  }

  /** Writes an object; `onlyNew` sends If-None-Match (S3, MinIO: an existing object is then never replaced). */
  async put(key: string, bytes: Buffer, mime: string, onlyNew = true): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, Body: bytes, ContentType: mime, ...(onlyNew ? { IfNoneMatch: '*' } : {}) }),
    );
  }

  /** The object's bytes as a stream, or null when there is no such object. */
  async stream(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const body = await this.stream(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The keys directly under the prefix (none of a deeper "folder"), every page of the listing. */
  async list(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, Delimiter: '/', ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
  }
}

/** Uploads in a bucket of an S3-compatible server, under the generated keys only. */
export class S3Backend implements StorageBackend {
  readonly name = 's3';
  private readonly bucket: S3Bucket;

  constructor(settings: S3Settings) {
    this.bucket = S3Bucket.of(settings);
  }

  async write(key: string, bytes: Buffer, mime: string): Promise<void> {
    assertKey(key);
    await this.bucket.put(key, bytes, mime);
  }

  async read(key: string): Promise<Buffer | null> {
    assertKey(key);
    return this.bucket.get(key);
  }

  async remove(key: string): Promise<void> {
    assertKey(key);
    await this.bucket.remove(key);
  }
}
