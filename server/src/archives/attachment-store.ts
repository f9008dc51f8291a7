import { Injectable } from '@nestjs/common';
import type { AttachmentKind, MeetingKind } from '@app/workflow';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { assertMaySee, type FileHolder } from '../files/file-access';
import { FileStorage } from '../files/file-storage';
import { insertAttachment } from './archives.repository';

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
 * Attachments: a file of the storage (server/src/files, which checks, re-encodes and keeps it) and the
 * `attachment` row that hangs it on a loan or a meeting, written in the same transaction. Deleting is
 * soft: the row keeps who deleted it, the file stays for audit.
 */
@Injectable()
export class AttachmentStore {
  constructor(private readonly files: FileStorage) {}

  /**
   * Checks the file against its storage kind (400 before anything is written), stores it, then in one
   * transaction its rows after `inside` has run its checks there. `inside` may answer the owner when
   * it is only known in the transaction.
   */
  async save(
    file: Express.Multer.File | undefined,
    storageKind: 'attachment' | 'minutes',
    owner: AttachmentOwner | null,
    kind: AttachmentKind,
    actorId: string,
    inside?: (em: EntityManager) => Promise<AttachmentOwner | void>,
  ): Promise<{ id: string }> {
    const prepared = await this.files.prepare(storageKind, file);
    const { result } = await this.files.put(prepared, actorId, async (em, stored) => {
      const found = inside ? await inside(em) : undefined;
      const holder = found || owner;
      if (!holder) throw new Error('an attachment needs a loan or a meeting');
      return {
        id: await insertAttachment(em, 'loanId' in holder ? holder.loanId : null, 'meetingId' in holder ? holder.meetingId : null, kind, stored.id, actorId),
      };
    });
    return result;
  }

  /** The bytes of a row selected with ATTACHMENT_SELECT. */
  async read(row: Record<string, any>): Promise<Buffer> {
    return (await this.files.read({ ...row, id: row.fileId })).bytes;
  }

  /**
   * The file of a row selected with ATTACHMENT_SELECT, for a user who may see what it belongs to
   * (403 otherwise): name, type and bytes to send.
   */
  async download(row: Record<string, any>, user: AuthUser): Promise<{ name: string; mime: string; content: Buffer }> {
    assertMaySee(user, holderOf(row));
    return { name: row.name, mime: row.mime, content: await this.read(row) };
  }
}

/** What an attachment row (ATTACHMENT_SELECT) belongs to. */
export function holderOf(row: Record<string, any>): FileHolder {
  return row.meetingId ? { meetingId: row.meetingId, meetingKind: row.meetingKind as MeetingKind } : { loanId: row.loanId };
}

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
