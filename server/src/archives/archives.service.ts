import { HttpStatus, Injectable } from '@nestjs/common';
import { ATTACHMENT_KIND_LABELS, ATTACHMENT_KINDS, evidenceOf, possibleEventTypes, stageInfo, type AttachmentKind, type StageKey } from '@app/workflow';
import PizZip from 'pizzip';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import type { ArchiveListQuery } from './archive.dto';
import { assertMaySee, maySee, visibleMeetingKinds } from '../files/file-access';
import { ATTACHMENT_SELECT, AttachmentStore, holderOf, toStoredAttachment, type StoredAttachment } from './attachment-store';
import { companyZoneSql } from '../common/company-time';
import { documentWords } from '../workflow/evidence';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PRE_REVIEW_DECISIONS = ['PRE_REVIEW_APPROVE', 'PRE_REVIEW_REJECT', 'PRE_REVIEW_RETURN'];

/**
 * Every live attachment of every loan: its own uploads, the minutes of the voting meetings it was on,
 * and the minutes of the pre-review sessions (days) on which it was decided; minutes only of the
 * meeting kinds the caller may see. ($1: decision types, $2: visible meeting kinds.)
 */
const loanFiles = () => `
  SELECT a.loan_id, a.id, a.created_at FROM attachment a WHERE a.loan_id IS NOT NULL AND a.deleted_at IS NULL
  UNION
  SELECT ml.loan_id, a.id, a.created_at FROM attachment a JOIN meeting_loan ml ON ml.meeting_id = a.meeting_id AND ml.cancelled_at IS NULL
    JOIN meeting m ON m.id = a.meeting_id AND m.kind = ANY($2::text[])
   WHERE a.deleted_at IS NULL
  UNION
  SELECT e.loan_id, a.id, a.created_at FROM attachment a JOIN meeting m ON m.id = a.meeting_id AND m.kind = 'YS' AND 'YS' = ANY($2::text[])
    JOIN workflow_event e ON e.type = ANY($1::text[]) AND (e.at AT TIME ZONE ${companyZoneSql()})::date = m.session_date
   WHERE a.deleted_at IS NULL`;

const SORT_COLUMNS = {
  createdAt: 'l.created_at',
  companyName: 'c.name',
  amount: `(i.snapshot->'context'->>'amount')::numeric`,
  attachmentCount: 'coalesce(f.n, 0)',
  lastUploadAt: 'f.last_at',
} as const;

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
    private readonly db: DataSource,
    private readonly store: AttachmentStore,
  ) {}

  async list(q: ArchiveListQuery, user: AuthUser, limit?: number): Promise<Page<ArchiveItem>> {
    const like = q.company ? `%${q.company.trim().replace(/[%_\\]/g, '\\$&')}%` : null;
    const params = [PRE_REVIEW_DECISIONS, visibleMeetingKinds(user), like, q.stage ?? null, q.hasAttachments ?? null];
    const from = `
      FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance i ON i.loan_id = l.id
      LEFT JOIN (SELECT loan_id, count(DISTINCT id)::int AS n, max(created_at) AS last_at FROM (${loanFiles()}) x GROUP BY loan_id) f ON f.loan_id = l.id
     WHERE l.deleted_at IS NULL AND ($3::text IS NULL OR c.name ILIKE $3) AND ($4::text IS NULL OR i.stage = $4)
       AND ($5::boolean IS NULL OR (coalesce(f.n, 0) > 0) = $5)`;
    const sort = SORT_COLUMNS[q.sort ?? 'createdAt'];
    const order = q.order === 'asc' ? 'ASC' : q.order === 'desc' || !q.sort ? 'DESC' : 'ASC';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT l.id AS "loanId", c.name AS "companyName", (i.snapshot->'context'->>'amount')::float8 AS amount, l.term_months AS "termMonths",
                l.bank, i.stage, coalesce(f.n, 0) AS "attachmentCount", f.last_at AS "lastUploadAt", l.created_at AS "createdAt"
           ${from} ORDER BY ${sort} ${order} NULLS LAST, l.id LIMIT $6 OFFSET $7`,
        [...params, limit ?? q.pageSize, limit ? 0 : (q.pageNum - 1) * q.pageSize],
      ),
      this.db.query(`SELECT count(*)::int AS total ${from}`, params),
    ]);
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
    const [loan] = await this.db.query(
      `SELECT l.id AS "loanId", c.name AS "companyName", (i.snapshot->'context'->>'amount')::float8 AS amount, l.term_months AS "termMonths",
              l.bank, i.stage FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance i ON i.loan_id = l.id
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    if (!loan) throw AppError.notFound('loanNotFound');
    return { ...loan, stage: stageInfo(loan.stage) };
  }

  /** The loan's files this user may see: its own, and the minutes of meetings whose kind the user may open. */
  private async files(loanId: string, user: AuthUser): Promise<(StoredAttachment & { row: Record<string, any> })[]> {
    const rows = await this.db.query(
      `${ATTACHMENT_SELECT} WHERE a.id IN (SELECT id FROM (${loanFiles()}) x WHERE x.loan_id = $3) ORDER BY a.created_at, a.id`,
      [PRE_REVIEW_DECISIONS, visibleMeetingKinds(user), loanId],
    );
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
      const [loan] = await em.query(`SELECT id FROM loan WHERE id = $1 AND deleted_at IS NULL`, [loanId]);
      if (!loan) throw AppError.notFound('loanNotFound');
    });
  }

  /**
   * The document a step stands on (CONTRACT_ARCHIVE_UPLOAD, COUNTER_GUARANTEE_UPLOAD: workflow
   * EVENT_EVIDENCE), kept as an attachment of its kind, while the loan may take that step (409 naming
   * the document otherwise); the instance row is locked so that the step and the upload do not cross.
   */
  async uploadEvidence(loanId: string, type: 'CONTRACT_ARCHIVE_UPLOAD' | 'COUNTER_GUARANTEE_UPLOAD', file: Express.Multer.File | undefined, user: AuthUser) {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    assertMaySee(user, { loanId });
    const kind = evidenceOf(type) as AttachmentKind;
    return this.store.save(file, 'attachment', { loanId }, kind, user.id, async (em) => {
      const [row] = await em.query(
        `SELECT wi.snapshot FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id AND l.deleted_at IS NULL WHERE wi.loan_id = $1 FOR UPDATE OF wi`,
        [loanId],
      );
      if (!row) throw AppError.notFound('loanNotFound');
      if (!possibleEventTypes(row.snapshot).has(type)) {
        throw new AppError(HttpStatus.CONFLICT, CODES.evidenceNotNow, 'evidenceNotNow', { document: documentWords(evidenceOf(type)!) }, null, 'EvidenceNotNow');
      }
    });
  }

  /** Soft: the row keeps who deleted it and when; the file stays on disk for audit. */
  async remove(attachmentId: string, user: AuthUser) {
    if (!UUID.test(attachmentId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    const [row] = await this.db.query(`SELECT loan_id AS "loanId" FROM attachment WHERE id = $1 AND deleted_at IS NULL`, [attachmentId]);
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    if (row.loanId) assertMaySee(user, { loanId: row.loanId });
    if (!row.loanId) throw new AppError(HttpStatus.CONFLICT, CODES.attachmentNotDeletable, 'attachmentNotDeletable');
    const [, count] = await this.db.query(`UPDATE attachment SET deleted_at = now(), deleted_by = $2 WHERE id = $1 AND deleted_at IS NULL`, [
      attachmentId,
      user.id,
    ]);
    if (!count) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return { id: attachmentId, deleted: true };
  }

  /**
   * One attachment's file, whichever loan or meeting it hangs on, for a user who may see that loan or
   * meeting (403 otherwise); a file of a deleted loan is gone (404).
   */
  async file(attachmentId: string, user: AuthUser) {
    if (!UUID.test(attachmentId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    const [row] = await this.db.query(
      `${ATTACHMENT_SELECT} LEFT JOIN loan l ON l.id = a.loan_id WHERE a.id = $1 AND a.deleted_at IS NULL AND (a.loan_id IS NULL OR l.deleted_at IS NULL)`,
      [attachmentId],
    );
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
