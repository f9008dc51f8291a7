import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/config';

export interface StoredTemplateFile {
  /** Generated name under which the bytes are kept (never the uploaded name). */
  storedName: string;
  sha256: string;
  size: number;
}

const STORED_NAME = /^[0-9a-f-]{36}\.docx$/;

/**
 * Where template bytes live: a narrow put/get/remove so that the one storage service of issue 9
 * (server/src/files, built in parallel) can replace this at merge. Today: DATA_DIR/templates.
 * The row keeps the sha256, and get refuses bytes that no longer match it.
 */
@Injectable()
export class TemplateFiles {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private dir(): string {
    return path.join(this.config.dataDir, 'templates');
  }

  async put(bytes: Buffer): Promise<StoredTemplateFile> {
    const storedName = `${randomUUID()}.docx`;
    await fsp.mkdir(this.dir(), { recursive: true });
    await fsp.writeFile(path.join(this.dir(), storedName), bytes, { flag: 'wx' });
    return { storedName, sha256: sha256(bytes), size: bytes.length };
  }

  /** The bytes, checked against the digest recorded at upload. */
  async get(storedName: string, expectedSha256: string): Promise<Buffer> {
    if (!STORED_NAME.test(storedName)) throw new Error(`not a stored template name: ${storedName}`);
    const bytes = await fsp.readFile(path.join(this.dir(), storedName));
    if (sha256(bytes) !== expectedSha256) throw new Error(`template ${storedName} does not match its sha256`);
    return bytes;
  }

  /** Undoes a put whose row was never written. */
  async remove(storedName: string): Promise<void> {
    if (!STORED_NAME.test(storedName)) return;
    await fsp.rm(path.join(this.dir(), storedName), { force: true });
  }
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
