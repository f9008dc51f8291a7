import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { DataSource, EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { FILE_KINDS, type FileKind } from './file-kinds';
import { agreesWithName, detectType, formatLimit, TYPE_MIME, type StoredType } from './file-type';
import { normalizeFileName } from './file-name';
import { ImageUnreadable, reencodeImage } from './image-reencode';
import { checkOfficeZip, refusingBadZips } from './office-thread';
import { LocalFolderBackend, S3Backend, type StorageBackend } from './storage-backend';

/** A received file that passed every check, ready to be written: images already re-encoded. */
export interface PreparedFile {
  kind: FileKind;
  type: StoredType;
  /** What will be kept and served (for pictures: the re-encoded picture, not what arrived). */
  bytes: Buffer;
  mime: string;
  size: number;
  sha256: string;
  /** The name the user gave it, for Content-Disposition; never used on disk. */
  name: string;
}

export interface StoredFile {
  id: string;
  kind: string;
  name: string;
  mime: string;
  size: number;
  sha256: string | null;
  /** The generated name: `<uuid>.<type>`. */
  storedName: string;
  url: string;
}

/** A file as multer hands it over, or bytes a server feature generated. */
export interface IncomingFile {
  buffer?: Buffer;
  originalname?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILE_SELECT = `SELECT id, kind, original_name AS name, mime, size, sha256, url, storage, storage_key AS "storageKey" FROM uploaded_file`;

/**
 * The one place files are kept, for every upload and generated document: the type is told by the
 * bytes and must agree with the name's extension, each kind has its size limit, pictures are decoded
 * and encoded again, the sha256 of what is kept is recorded, and names on disk (or in the bucket) are
 * generated. Rows are written in one transaction with whatever the caller attaches the file to, and
 * the bytes are removed again when that transaction fails: no row without its file, nor a file
 * without its row. Who may download a file is decided by its owner (file-access.ts), not here.
 */
@Injectable()
export class FileStorage {
  private readonly logger = new Logger(FileStorage.name);
  private readonly local: LocalFolderBackend;
  private readonly s3: S3Backend | null;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.local = new LocalFolderBackend(path.join(config.dataDir, 'uploads'));
    this.s3 = config.fileStorage === 's3' && config.s3 ? new S3Backend(config.s3) : null;
  }

  /** Where new files go. Files already kept stay readable where their row says they are. */
  private get active(): StorageBackend {
    return this.s3 ?? this.local;
  }

  private backend(name: string): StorageBackend {
    if (name === 'local') return this.local;
    if (name === 's3' && this.s3) return this.s3;
    throw new Error(`a file is kept in "${name}", which this server is not configured for`);
  }

  /**
   * Checks a file against its kind; answers it ready to store, or throws the 400 the user should see.
   * `zipChecked`: bytes this server wrote (a filled template, the demo's) or whose zip was checked already.
   */
  async prepare(kind: FileKind, file: IncomingFile | undefined, given?: string, options: { zipChecked?: boolean } = {}): Promise<PreparedFile> {
    // NFC, no bidi or control characters, at most 255 bytes with the extension kept (file-name.ts)
    const name = normalizeFileName(given ?? file?.originalname, '');
    const policy = FILE_KINDS[kind];
    const received = file?.buffer;
    if (!received?.length) throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileMissing, 'fileMissing');
    if (received.length > policy.maxBytes) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileTooLarge, 'fileTooLarge', { limit: formatLimit(policy.maxBytes) });
    }
    // an Office zip (.docx, .xlsx) is inflated within its limits in a worker thread before it is kept (zip-limits.ts)
    const type = await refusingBadZips(async () => detectType(received, name));
    const allowed = policy.types as readonly StoredType[];
    if (!type || !allowed.includes(type)) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileWrongType, 'fileWrongType', { types: allowed.join(', ') });
    }
    if (!agreesWithName(type, name)) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileNameMismatch, 'fileNameMismatch', { type, name: name.slice(-60) || '—' });
    }
    if ((type === 'docx' || type === 'xlsx') && !options.zipChecked) await refusingBadZips(() => checkOfficeZip(received));
    let bytes = received;
    if (type === 'png' || type === 'jpg' || type === 'ico') {
      try {
        bytes = await reencodeImage(type, received);
      } catch (error) {
        if (!(error instanceof ImageUnreadable)) throw error;
        throw new AppError(HttpStatus.BAD_REQUEST, CODES.imageUnreadable, 'imageUnreadable');
      }
    }
    return { kind, type, bytes, mime: TYPE_MIME[type], size: bytes.length, sha256: sha256(bytes), name };
  }

  /**
   * Writes the bytes, then in one transaction the `uploaded_file` row and whatever `inside` writes
   * (it may also refuse, after checks that need the transaction). When anything fails the bytes are
   * removed again.
   */
  async put<T = void>(
    file: PreparedFile,
    ownerId: string | null,
    inside?: (em: EntityManager, stored: StoredFile) => Promise<T>,
  ): Promise<{ file: StoredFile; result: T }> {
    let undo: (() => Promise<void>) | null = null;
    try {
      return await this.db.transaction(async (em) => {
        const written = await this.putIn(em, file, ownerId);
        undo = written.undo;
        const result = inside ? await inside(em, written.file) : (undefined as T);
        return { file: written.file, result };
      });
    } catch (error) {
      await (undo as (() => Promise<void>) | null)?.();
      throw error;
    }
  }

  /**
   * Writes the bytes and the `uploaded_file` row inside a transaction the caller owns (a file that is
   * part of a larger step, e.g. documents generated with a workflow event). The caller runs `undo`
   * when that transaction fails, so that no bytes stay without their row.
   */
  async putIn(em: EntityManager, file: PreparedFile, ownerId: string | null): Promise<{ file: StoredFile; undo: () => Promise<void> }> {
    const policy = FILE_KINDS[file.kind];
    const id = randomUUID();
    const storedName = `${id}.${file.type}`;
    const key = `${policy.folder}/${storedName}`;
    const backend = this.active;
    const undo = () => backend.remove(key).catch((e: Error) => this.logger.error(`could not remove ${key} after a failed write: ${e.message}`));
    await backend.write(key, file.bytes, file.mime);
    const stored: StoredFile = {
      id,
      kind: file.kind,
      name: file.name,
      mime: file.mime,
      size: file.size,
      sha256: file.sha256,
      storedName,
      url: policy.url(storedName),
    };
    try {
      await em.query(
        `INSERT INTO uploaded_file (id, owner_id, kind, url, original_name, mime, size, sha256, storage, storage_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [id, ownerId, file.kind, stored.url, file.name || storedName, file.mime, file.size, file.sha256, backend.name, key],
      );
    } catch (error) {
      await undo();
      throw error;
    }
    return { file: stored, undo };
  }

  /** Removes the bytes of files whose rows the caller deleted in a transaction that has committed. */
  async removeBytes(rows: readonly { storage: string; storageKey: string }[]): Promise<void> {
    for (const row of rows) {
      await this.backend(row.storage)
        .remove(row.storageKey)
        .catch((e: Error) => this.logger.error(`could not remove ${row.storage}:${row.storageKey}: ${e.message}`));
    }
  }

  /** A kept file with its bytes, by `uploaded_file.id` or by its `url`; 404 when the row or the bytes are gone. */
  async get(by: { id: string } | { url: string }): Promise<{ file: StoredFile; bytes: Buffer }> {
    if ('id' in by && !UUID.test(by.id)) throw new AppError(HttpStatus.NOT_FOUND, CODES.fileNotFound, 'fileNotFound');
    const [row] = await this.db.query(`${FILE_SELECT} WHERE ${'id' in by ? 'id = $1' : 'url = $1'}`, ['id' in by ? by.id : by.url]);
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.fileNotFound, 'fileNotFound');
    return this.read(row);
  }

  /** The bytes of a row read by the caller (it selected `storage` and `storage_key` as `storageKey`). */
  async read(row: Record<string, any>): Promise<{ file: StoredFile; bytes: Buffer }> {
    const bytes = await this.backend(row.storage).read(row.storageKey);
    if (!bytes) {
      this.logger.error(`file ${row.id} (${row.storage}:${row.storageKey}) has a row but no bytes`);
      throw new AppError(HttpStatus.NOT_FOUND, CODES.fileNotFound, 'fileNotFound');
    }
    const storedName = String(row.storageKey).split('/').pop()!;
    return {
      file: { id: row.id, kind: row.kind, name: row.name, mime: row.mime, size: row.size, sha256: row.sha256, storedName, url: row.url },
      bytes,
    };
  }

  /** Deletes a file for good (a generated document replaced): its row, then its bytes once that has committed. */
  async remove(id: string): Promise<void> {
    const row = await this.db.transaction(async (em) => {
      const [found] = await em.query(`DELETE FROM uploaded_file WHERE id = $1 RETURNING storage, storage_key AS "storageKey"`, [id]);
      return found as { storage: string; storageKey: string } | undefined;
    });
    if (row) await this.backend(row.storage).remove(row.storageKey);
  }
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** multer hands over the raw bytes of a multipart name as latin1 (file-name.ts turns them back into UTF-8). */
export { decodeName } from './file-name';
