import { Injectable } from '@nestjs/common';
import type { AttachmentKind, StageKey } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { companyZoneSql } from '../common/company-time';
import type { ArchiveListQuery } from './archive.dto';

/** An attachment row with its file, uploader and meeting (the stores' and lists' select; AttachmentStore reads and sends the file). */
export const ATTACHMENT_SELECT = `
  SELECT a.id, a.kind, f.original_name AS name, f.mime, f.size, f.url, f.id AS "fileId", f.storage, f.storage_key AS "storageKey", f.sha256,
         a.created_by AS "uploadedBy", u.nickname AS "uploadedByName",
         a.created_at AS "uploadedAt", a.loan_id AS "loanId", a.meeting_id AS "meetingId", m.title AS "meetingTitle", m.kind AS "meetingKind"
    FROM attachment a
    JOIN uploaded_file f ON f.id = a.file_id
    LEFT JOIN app_user u ON u.id = a.created_by
    LEFT JOIN meeting m ON m.id = a.meeting_id`;

/** Hangs a stored file on a loan or a meeting, in the caller's transaction; the attachment's id. */
export async function insertAttachment(
  em: EntityManager,
  loanId: string | null,
  meetingId: string | null,
  kind: AttachmentKind,
  fileId: string,
  actorId: string,
): Promise<string> {
  const [row] = await em.query(`INSERT INTO attachment (loan_id, meeting_id, kind, file_id, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
    loanId,
    meetingId,
    kind,
    fileId,
    actorId,
  ]);
  return row.id as string;
}

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

/** A loan as the archive heads its attachments. */
export interface ArchiveLoanRow {
  loanId: string;
  companyName: string;
  amount: number;
  termMonths: number;
  bank: string | null;
  stage: StageKey;
}

/** The SQL of the archive: loans with their attachments (own uploads and meeting minutes), and attachment rows. */
@Injectable()
export class ArchivesRepository {
  constructor(private readonly db: DataSource) {}

  /** A page of loans with their attachment counts (minutes only of `meetingKinds`); `limit`: the first rows, for an export. */
  async loans(q: ArchiveListQuery, meetingKinds: string[], limit?: number): Promise<{ rows: Record<string, any>[]; total: number }> {
    const like = q.company ? `%${q.company.trim().replace(/[%_\\]/g, '\\$&')}%` : null;
    const params = [PRE_REVIEW_DECISIONS, meetingKinds, like, q.stage ?? null, q.hasAttachments ?? null];
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
    return { rows, total };
  }

  /** The live loan with its company, amount (the machine's) and stage; null when there is none. */
  async loan(loanId: string): Promise<ArchiveLoanRow | null> {
    const [loan] = await this.db.query(
      `SELECT l.id AS "loanId", c.name AS "companyName", (i.snapshot->'context'->>'amount')::float8 AS amount, l.term_months AS "termMonths",
              l.bank, i.stage FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance i ON i.loan_id = l.id
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return loan ?? null;
  }

  /** The loan's attachment rows (ATTACHMENT_SELECT), minutes only of `meetingKinds`, oldest first. */
  async filesOfLoan(loanId: string, meetingKinds: string[]): Promise<Record<string, any>[]> {
    return this.db.query(`${ATTACHMENT_SELECT} WHERE a.id IN (SELECT id FROM (${loanFiles()}) x WHERE x.loan_id = $3) ORDER BY a.created_at, a.id`, [
      PRE_REVIEW_DECISIONS,
      meetingKinds,
      loanId,
    ]);
  }

  async liveLoanExists(em: EntityManager, loanId: string): Promise<boolean> {
    const [loan] = await em.query(`SELECT id FROM loan WHERE id = $1 AND deleted_at IS NULL`, [loanId]);
    return !!loan;
  }

  /** The live loan's machine snapshot, its instance locked until the transaction ends; undefined when there is no such loan. */
  async lockSnapshot(em: EntityManager, loanId: string): Promise<{ snapshot: any } | undefined> {
    const [row] = await em.query(
      `SELECT wi.snapshot FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id AND l.deleted_at IS NULL WHERE wi.loan_id = $1 FOR UPDATE OF wi`,
      [loanId],
    );
    return row;
  }

  /** The kept attachment's loan (loanId null for a meeting's); undefined when there is no such attachment. */
  async attachmentLoan(attachmentId: string): Promise<{ loanId: string | null } | undefined> {
    const [row] = await this.db.query(`SELECT loan_id AS "loanId" FROM attachment WHERE id = $1 AND deleted_at IS NULL`, [attachmentId]);
    return row;
  }

  /** Soft delete; answers how many rows it marked (0: gone meanwhile). */
  async softDeleteAttachment(attachmentId: string, userId: string): Promise<number> {
    const [, count] = await this.db.query(`UPDATE attachment SET deleted_at = now(), deleted_by = $2 WHERE id = $1 AND deleted_at IS NULL`, [
      attachmentId,
      userId,
    ]);
    return count;
  }

  /** A kept attachment row (ATTACHMENT_SELECT) of a meeting or of a live loan. */
  async attachment(attachmentId: string): Promise<Record<string, any> | undefined> {
    const [row] = await this.db.query(
      `${ATTACHMENT_SELECT} LEFT JOIN loan l ON l.id = a.loan_id WHERE a.id = $1 AND a.deleted_at IS NULL AND (a.loan_id IS NULL OR l.deleted_at IS NULL)`,
      [attachmentId],
    );
    return row;
  }
}
