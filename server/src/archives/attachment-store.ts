import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ATTACHMENT_MAX_BYTES, type AttachmentKind, type DocumentType } from '@app/workflow';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AppError, CODES } from '../common/errors';
import { DOCUMENT_MIME, sniffDocument } from './document-signature';

const STORED_NAME = /^[0-9a-f-]{36}\.(pdf|docx?|xlsx?|jpg|png)$/;

export interface StoredAttachment {
  id: string;
  kind: string;
  name: string;
  mime: string;
  size: number;
  uploadedBy: string | null;
  uploadedByName: string | null;
  uploadedAt: string;
  /** 'meeting' for minutes attached to a meeting the loan was on. */
  source: 'loan' | 'meeting';
  meetingId: string | null;
  meetingTitle: string | null;
}

/** Where an attachment hangs: a loan (archives) or a meeting (minutes). */
export type AttachmentOwner = { loanId: string } | { meetingId: string };

/**
 * Attachments on disk and in `uploaded_file` + `attachment`: the type is told by the content, the
 * name is generated, the size is capped; rows are written in the caller's transaction and the file
 * is removed again when that transaction fails. Deleting is soft: the file stays for audit.
 */
@Injectable()
export class AttachmentStore {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private dir() {
    return path.join(this.config.dataDir, 'uploads', 'attachments');
  }

  /** Checks a received file; answers its type or throws the 400 the user should see. */
  check(file: Express.Multer.File | undefined, allowed: readonly DocumentType[]): DocumentType {
    if (!file || !file.buffer?.length) throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileMissing, 'fileMissing');
    if (file.size > ATTACHMENT_MAX_BYTES) throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileTooLarge, 'fileTooLarge', { limit: '20 MB' });
    const type = sniffDocument(file.buffer, file.originalname);
    if (!type || !allowed.includes(type)) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileWrongType, 'fileWrongType', { types: allowed.join(', ') });
    }
    return type;
  }

  /**
   * Writes the file, then (in one transaction, after `inside` has run its checks there) its rows. If
   * the transaction fails the file is deleted again: no file is left without its rows, nor a row
   * without its file. `inside` may answer the owner when it is only known in the transaction.
   */
  async save(
    db: DataSource,
    file: Express.Multer.File,
    type: DocumentType,
    owner: AttachmentOwner | null,
    kind: AttachmentKind,
    actorId: string,
    inside?: (em: EntityManager) => Promise<AttachmentOwner | void>,
  ): Promise<{ id: string }> {
    const fileId = randomUUID();
    const stored = `${fileId}.${type}`;
    await fsp.mkdir(this.dir(), { recursive: true });
    const target = path.join(this.dir(), stored);
    await fsp.writeFile(target, file.buffer, { flag: 'wx' });
    try {
      return await db.transaction(async (em) => {
        const found = inside ? await inside(em) : undefined;
        const holder = found || owner;
        if (!holder) throw new Error('an attachment needs a loan or a meeting');
        const original = decodeName(file.originalname || stored).slice(0, 255);
        await em.query(`INSERT INTO uploaded_file (id, owner_id, kind, url, original_name, mime, size) VALUES ($1, $2, 'attachment', $3, $4, $5, $6)`, [
          fileId,
          actorId,
          `attachment:${stored}`,
          original,
          DOCUMENT_MIME[type],
          file.size,
        ]);
        const [row] = await em.query(`INSERT INTO attachment (loan_id, meeting_id, kind, file_id, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
          'loanId' in holder ? holder.loanId : null,
          'meetingId' in holder ? holder.meetingId : null,
          kind,
          fileId,
          actorId,
        ]);
        return { id: row.id as string };
      });
    } catch (error) {
      await fsp.rm(target, { force: true });
      throw error;
    }
  }

  /** The path of a stored file from its `uploaded_file.url` (never from anything a request sent). */
  pathOf(url: string): string | null {
    const name = url.startsWith('attachment:') ? url.slice('attachment:'.length) : '';
    if (!STORED_NAME.test(name)) return null;
    const file = path.join(this.dir(), name);
    return fs.existsSync(file) ? file : null;
  }

  async read(url: string): Promise<Buffer> {
    const file = this.pathOf(url);
    if (!file) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return fsp.readFile(file);
  }
}

/** multer hands over the raw bytes of a multipart name as latin1; names typed in Chinese need UTF-8 back. */
export function decodeName(name: string): string {
  if (!/[\u0080-\u00ff]/.test(name) || /[\u0100-\uffff]/.test(name)) return name;
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\ufffd') ? name : decoded;
}

export const ATTACHMENT_SELECT = `
  SELECT a.id, a.kind, f.original_name AS name, f.mime, f.size, f.url, a.created_by AS "uploadedBy", u.nickname AS "uploadedByName",
         a.created_at AS "uploadedAt", a.loan_id AS "loanId", a.meeting_id AS "meetingId", m.title AS "meetingTitle"
    FROM attachment a
    JOIN uploaded_file f ON f.id = a.file_id
    LEFT JOIN app_user u ON u.id = a.created_by
    LEFT JOIN meeting m ON m.id = a.meeting_id`;

export function toStoredAttachment(r: Record<string, any>): StoredAttachment {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    mime: r.mime,
    size: r.size,
    uploadedBy: r.uploadedBy,
    uploadedByName: r.uploadedByName,
    uploadedAt: new Date(r.uploadedAt).toISOString(),
    source: r.meetingId ? 'meeting' : 'loan',
    meetingId: r.meetingId,
    meetingTitle: r.meetingTitle,
  };
}
