import { HttpStatus, Injectable } from '@nestjs/common';
import { ATTACHMENT_KIND_LABELS, ATTACHMENT_KINDS, evidenceOf, possibleEventTypes, stageInfo, type AttachmentKind, type StageKey } from '@app/workflow';
import PizZip from 'pizzip';
import type { AuthUser } from '../auth/auth-user';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import type { ArchiveListQuery } from './archive.dto';
import { assertMaySee, maySee, visibleMeetingKinds } from '../files/file-access';
import { ArchivesRepository } from './archives.repository';
import { AttachmentStore, holderOf, toStoredAttachment, type StoredAttachment } from './attachment-store';
import { documentWords } from '../workflow/evidence';

/** The steps whose document is kept as an attachment and uploaded through uploadEvidence. */
export type EvidenceAttachmentStep = 'CONTRACT_ARCHIVE_UPLOAD' | 'COUNTER_GUARANTEE_UPLOAD' | 'COMPENSATION_PAY' | 'RECOVERY_WRITE_OFF_APPROVE';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export interface ArchiveItem {
  loanId: string;
  companyName: string;
  amount: number;
  termMonths: number;
  bank: string | null;
  stage: { key: StageKey; code: string | null; zh: string; en: string };
  attachmentCount: number;
  lastUploadAt: string | null;
  createdAt: string;
}

/** Archive management (/meeting/filesList): a loan's attachments by kind, uploads, one zip, soft deletes. */
@Injectable()
export class ArchivesService {
  constructor(
    private readonly archives: ArchivesRepository,
    private readonly store: AttachmentStore,
  ) {}

  async list(q: ArchiveListQuery, user: AuthUser, limit?: number): Promise<Page<ArchiveItem>> {
    const { rows, total } = await this.archives.loans(q, visibleMeetingKinds(user), limit);
    return {
      list: rows.map((r: Record<string, any>) => {
        const stage = stageInfo(r.stage);
        return {
          loanId: r.loanId,
          companyName: r.companyName,
          amount: r.amount,
          termMonths: r.termMonths,
          bank: r.bank,
          stage: { key: stage.key, code: stage.code, zh: stage.zh, en: stage.en },
          attachmentCount: r.attachmentCount,
          lastUploadAt: r.lastUploadAt ? new Date(r.lastUploadAt).toISOString() : null,
          createdAt: new Date(r.createdAt).toISOString(),
        };
      }),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  /** The loan, for a user who may see it (403 otherwise: its archive is as visible as the loan itself). */
  private async loan(loanId: string, user: AuthUser) {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    assertMaySee(user, { loanId });
    const loan = await this.archives.loan(loanId);
    if (!loan) throw AppError.notFound('loanNotFound');
    return { ...loan, stage: stageInfo(loan.stage) };
  }

  /** The loan's files this user may see: its own, and the minutes of meetings whose kind the user may open. */
  private async files(loanId: string, user: AuthUser): Promise<(StoredAttachment & { row: Record<string, any> })[]> {
    const rows = await this.archives.filesOfLoan(loanId, visibleMeetingKinds(user));
    // The query already leaves out minutes of kinds the user may not see; the rule is asked again per row.
    return rows.filter((r: Record<string, any>) => maySee(user, holderOf(r))).map((r: Record<string, any>) => ({ ...toStoredAttachment(r), row: r }));
  }

  /** The loan and its attachments grouped by kind, every kind listed (empty ones too). */
  async detail(loanId: string, user: AuthUser) {
    const loan = await this.loan(loanId, user);
    const files = await this.files(loanId, user);
    return {
      loan,
      groups: ATTACHMENT_KINDS.map((kind) => ({
        kind,
        label: ATTACHMENT_KIND_LABELS[kind],
        files: files.filter((f) => f.kind === kind).map(({ row: _row, ...f }) => f),
      })),
      total: files.length,
    };
  }

  async upload(loanId: string, kind: AttachmentKind, file: Express.Multer.File | undefined, user: AuthUser) {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    assertMaySee(user, { loanId });
    return this.store.save(file, 'attachment', { loanId }, kind, user.id, async (em) => {
      if (!(await this.archives.liveLoanExists(em, loanId))) throw AppError.notFound('loanNotFound');
    });
  }

  /**
   * The document a step stands on (CONTRACT_ARCHIVE_UPLOAD, COUNTER_GUARANTEE_UPLOAD, and the bad-loan
   * path's COMPENSATION_PAY and RECOVERY_WRITE_OFF_APPROVE: workflow
   * EVENT_EVIDENCE), kept as an attachment of its kind, while the loan may take that step (409 naming
   * the document otherwise); the instance row is locked so that the step and the upload do not cross.
   */
  async uploadEvidence(loanId: string, type: EvidenceAttachmentStep, file: Express.Multer.File | undefined, user: AuthUser) {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    assertMaySee(user, { loanId });
    const kind = evidenceOf(type) as AttachmentKind;
    return this.store.save(file, 'attachment', { loanId }, kind, user.id, async (em) => {
      const row = await this.archives.lockSnapshot(em, loanId);
      if (!row) throw AppError.notFound('loanNotFound');
      if (!possibleEventTypes(row.snapshot).has(type)) {
        throw new AppError(HttpStatus.CONFLICT, CODES.evidenceNotNow, 'evidenceNotNow', { document: documentWords(evidenceOf(type)!) }, null, 'EvidenceNotNow');
      }
    });
  }

  /** Soft: the row keeps who deleted it and when; the file stays on disk for audit. */
  async remove(attachmentId: string, user: AuthUser) {
    if (!UUID.test(attachmentId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    const row = await this.archives.attachmentLoan(attachmentId);
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    if (row.loanId) assertMaySee(user, { loanId: row.loanId });
    if (!row.loanId) throw new AppError(HttpStatus.CONFLICT, CODES.attachmentNotDeletable, 'attachmentNotDeletable');
    const count = await this.archives.softDeleteAttachment(attachmentId, user.id);
    if (!count) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return { id: attachmentId, deleted: true };
  }

  /**
   * One attachment's file, whichever loan or meeting it hangs on, for a user who may see that loan or
   * meeting (403 otherwise); a file of a deleted loan is gone (404).
   */
  async file(attachmentId: string, user: AuthUser) {
    if (!UUID.test(attachmentId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    const row = await this.archives.attachment(attachmentId);
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return this.store.download(row, user);
  }

  /** One zip of all the loan's attachments the user may see, a folder per kind, names kept (numbered when repeated). */
  async zip(loanId: string, lang: Lang, user: AuthUser): Promise<{ name: string; content: Buffer }> {
    const loan = await this.loan(loanId, user);
    const files = await this.files(loanId, user);
    if (!files.length) throw new AppError(HttpStatus.CONFLICT, CODES.archiveEmpty, 'archiveEmpty');
    const zip = new PizZip();
    const used = new Set<string>();
    for (const f of files) {
      const label = ATTACHMENT_KIND_LABELS[f.kind as AttachmentKind] ?? { zh: f.kind, en: f.kind };
      const folder = safeName(lang === 'en' ? label.en : label.zh);
      const base = safeName(f.name) || f.id;
      let entry = `${folder}/${base}`;
      for (let n = 2; used.has(entry); n++) entry = `${folder}/${withNumber(base, n)}`;
      used.add(entry);
      zip.file(entry, await this.store.read(f.row), { binary: true, date: new Date(f.uploadedAt) });
    }
    const day = new Date().toISOString().slice(0, 10);
    return {
      name: `${safeName(loan.companyName)}-${lang === 'en' ? 'archive' : '档案'}-${day}.zip`,
      content: zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }),
    };
  }
}

/** A name usable inside a zip and as a download name: no folders, no control characters. */
function safeName(name: string): string {
  const printable = [...name].map((c) => (c.charCodeAt(0) < 0x20 ? '_' : c)).join('');
  return printable
    .replace(/[\\/:*?"<>|]/g, '_')
    .trim()
    .slice(0, 150);
}

function withNumber(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}
