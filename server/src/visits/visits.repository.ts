import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ATTACHMENT_SELECT } from '../archives/attachment-store';

const RECORD_SELECT = `
  SELECT v.id, v.seq, v.round, v.kind, v.classification, v.previous_classification AS "previousClassification", v.downgraded, v.reason,
         to_char(v.next_visit_due_on, 'YYYY-MM-DD') AS "nextVisitDueOn", v.state, v.submitted_by AS "submittedBy", su.nickname AS "submittedByName",
         v.submitted_at AS "submittedAt", du.nickname AS "decidedByName", v.decided_at AS "decidedAt", v.decision_reason AS "decisionReason"
    FROM visit_record v LEFT JOIN app_user su ON su.id = v.submitted_by LEFT JOIN app_user du ON du.id = v.decided_by
   WHERE v.loan_id = $1 ORDER BY v.seq`;

/** The SQL of the visits' reads (their writers, in the event's transaction, are visit-writers.ts). */
@Injectable()
export class VisitsRepository {
  constructor(private readonly db: DataSource) {}

  /** The live loan's machine snapshot; undefined when there is no such loan. */
  async snapshot(em: EntityManager, loanId: string): Promise<{ snapshot: any } | undefined> {
    const [row] = await em.query(
      `SELECT wi.snapshot FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id WHERE wi.loan_id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return row;
  }

  /** The loan's visit records, in order. */
  async records(loanId: string): Promise<Record<string, any>[]> {
    return this.db.query(RECORD_SELECT, [loanId]);
  }

  /** The loan's kept visit attachments (kind AFTER_GUARANTEE), oldest first. */
  async attachments(loanId: string): Promise<{ id: string; name: string; size: string; uploadedByName: string | null; uploadedAt: Date }[]> {
    return this.db.query(
      `SELECT a.id, f.original_name AS name, f.size, u.nickname AS "uploadedByName", a.created_at AS "uploadedAt"
         FROM attachment a JOIN uploaded_file f ON f.id = a.file_id LEFT JOIN app_user u ON u.id = a.created_by
        WHERE a.loan_id = $1 AND a.kind = 'AFTER_GUARANTEE' AND a.deleted_at IS NULL
        ORDER BY a.created_at, a.id`,
      [loanId],
    );
  }

  /** Locks the instance row until the transaction ends. */
  async lockInstance(em: EntityManager, loanId: string): Promise<void> {
    await em.query(`SELECT 1 FROM workflow_instance WHERE loan_id = $1 FOR UPDATE`, [loanId]);
  }

  /** A kept visit attachment (an ATTACHMENT_SELECT row) of the live loan. */
  async attachment(loanId: string, attachmentId: string): Promise<Record<string, any> | undefined> {
    const [row] = await this.db.query(
      `${ATTACHMENT_SELECT} JOIN loan l ON l.id = a.loan_id AND l.deleted_at IS NULL
        WHERE a.id = $1 AND a.loan_id = $2 AND a.kind = 'AFTER_GUARANTEE' AND a.deleted_at IS NULL`,
      [attachmentId, loanId],
    );
    return row;
  }
}
