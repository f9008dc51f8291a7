import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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

/** A bucket of an S3-compatible server, through the AWS SDK. */
export class S3Backend implements StorageBackend {
  readonly name = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  private keyOf(key: string) {
    assertKey(key);
    return `${this.settings.prefix}${key}`;
  }

  async write(key: string, bytes: Buffer, mime: string): Promise<void> {
    // If-None-Match: a conditional write (S3, MinIO), so that an existing object is never replaced.
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Body: bytes, ContentType: mime, IfNoneMatch: '*' }));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }
}
