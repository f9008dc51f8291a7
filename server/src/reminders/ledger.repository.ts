import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ATTACHMENT_SELECT } from '../archives/archives.repository';

/** The attachments the ledger shows: the after-guarantee reports and the instalments' repayment vouchers. */
export const LEDGER_KINDS = ['AFTER_GUARANTEE', 'REPAYMENT_VOUCHER'];

/** A loan as the ledger's actions read it: its snapshot, company and A-post officer. */
export interface LedgerLoanRow {
  snapshot: any;
  company: string;
  officerId: string | null;
  officerName: string | null;
  language: string | null;
}

/** The instalment a manual repayment reminder names (amounts in fen as text). */
export interface OpenInstalmentRow {
  id: string;
  seq: number;
  dueOn: string;
  principal: string;
  repaid: string;
}

/** The SQL of the ledger's pages and actions (instalments, their vouchers, the ledger's attachments). */
@Injectable()
export class LedgerRepository {
  constructor(private readonly db: DataSource) {}

  /** The live loan, its instance share-locked until the transaction ends; null when there is none. */
  async shareLoan(em: EntityManager, loanId: string): Promise<LedgerLoanRow | null> {
    const [loan] = await em.query(
      `SELECT wi.snapshot, c.name AS company, l.a_post_officer_id AS "officerId", u.nickname AS "officerName", u.language
         FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id JOIN company c ON c.id = l.company_id
         LEFT JOIN app_user u ON u.id = l.a_post_officer_id
        WHERE l.id = $1 AND l.deleted_at IS NULL
        FOR SHARE OF wi`,
      [loanId],
    );
    return loan ?? null;
  }

  /** The current instalment's state, its row locked until the transaction ends; null when the loan has no such instalment. */
  async lockInstalment(em: EntityManager, loanId: string, instalmentId: string): Promise<{ state: string } | null> {
    const [instalment] = await em.query(`SELECT state FROM repayment_instalment WHERE id = $1 AND loan_id = $2 AND superseded_at IS NULL FOR UPDATE`, [
      instalmentId,
      loanId,
    ]);
    return instalment ?? null;
  }

  /** Keeps a stored file as the instalment's repayment voucher (an attachment of the loan). */
  async attachVoucher(em: EntityManager, loanId: string, instalmentId: string, fileId: string, userId: string): Promise<string> {
    const [row] = await em.query(`INSERT INTO attachment (loan_id, kind, file_id, created_by) VALUES ($1, 'REPAYMENT_VOUCHER', $2, $3) RETURNING id`, [
      loanId,
      fileId,
      userId,
    ]);
    await em.query(`UPDATE repayment_instalment SET voucher_attachment_id = $2 WHERE id = $1`, [instalmentId, row.id]);
    return row.id as string;
  }

  /** The instalment's voucher (an ATTACHMENT_SELECT row) on a live loan. */
  async voucher(loanId: string, instalmentId: string): Promise<Record<string, any> | undefined> {
    const [row] = await this.db.query(
      `${ATTACHMENT_SELECT} JOIN repayment_instalment i ON i.voucher_attachment_id = a.id JOIN loan l ON l.id = a.loan_id AND l.deleted_at IS NULL
        WHERE i.id = $1 AND i.loan_id = $2 AND a.deleted_at IS NULL`,
      [instalmentId, loanId],
    );
    return row;
  }

  /** The loan's first instalment still due. */
  async nextOpenInstalment(em: EntityManager, loanId: string): Promise<OpenInstalmentRow | undefined> {
    const [next] = await em.query(
      `SELECT id, seq, to_char(due_on, 'YYYY-MM-DD') AS "dueOn", principal_fen::text AS principal, repaid_fen::text AS repaid
         FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL AND state = 'DUE' ORDER BY seq LIMIT 1`,
      [loanId],
    );
    return next;
  }

  /** The reminder message under its source key, unless that user has one already (then nothing: []). */
  async insertReminderMessage(
    em: EntityManager,
    m: { userId: string; title: string; content: string; key: string; link: string },
  ): Promise<{ id: string; createdAt: Date }[]> {
    return em.query(
      `INSERT INTO message (user_id, title, content, type, source_key, link) VALUES ($1, $2, $3, 'REMINDER', $4, $5)
       ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL DO NOTHING RETURNING id, created_at AS "createdAt"`,
      [m.userId, m.title, m.content, m.key, m.link],
    );
  }

  /** The user's message under a source key. */
  async messageByKey(em: EntityManager, userId: string, key: string): Promise<Record<string, any>[]> {
    return em.query(`SELECT id, title, content, created_at AS "createdAt" FROM message WHERE user_id = $1 AND source_key = $2`, [userId, key]);
  }

  /** The live loan with its plan's principal and repaid amounts (fen as text, null without a plan). */
  async ledgerLoan(loanId: string): Promise<Record<string, any> | undefined> {
    const [loan] = await this.db.query(
      `SELECT l.id, c.name AS company, l.amount::text AS amount, l.term_months AS "termMonths", l.bank, wi.snapshot,
              p.principal_fen::text AS principal, p.repaid_fen::text AS repaid
         FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
         LEFT JOIN repayment_plan p ON p.loan_id = l.id
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return loan;
  }

  /** The loan's recorded repayments, in order. */
  async repayments(loanId: string): Promise<{ seq: number; amountFen: string; at: Date; actorName: string | null }[]> {
    // the event's amount is yuan with at most two decimals: whole fen computed exactly in numeric
    return this.db.query(
      `SELECT e.seq, round((e.payload->>'amount')::numeric * 100)::bigint::text AS "amountFen", e.at, u.nickname AS "actorName"
         FROM workflow_event e LEFT JOIN app_user u ON u.id = e.actor_id
        WHERE e.loan_id = $1 AND e.type = 'RECORD_REPAYMENT' ORDER BY e.seq`,
      [loanId],
    );
  }

  /** The loan's kept ledger attachments (LEDGER_KINDS), oldest first, a voucher with its instalment's number. */
  async attachments(loanId: string): Promise<Record<string, any>[]> {
    return this.db.query(
      `SELECT a.id, a.kind, f.original_name AS name, f.size, u.nickname AS "uploadedByName", a.created_at AS "uploadedAt", i.seq AS "instalmentSeq"
         FROM attachment a JOIN uploaded_file f ON f.id = a.file_id LEFT JOIN app_user u ON u.id = a.created_by
         LEFT JOIN repayment_instalment i ON i.voucher_attachment_id = a.id AND i.superseded_at IS NULL
        WHERE a.loan_id = $1 AND a.kind = ANY($2) AND a.deleted_at IS NULL
        ORDER BY a.created_at, a.id`,
      [loanId, LEDGER_KINDS],
    );
  }

  /** The live loan's snapshot, its instance locked until the transaction ends; undefined when there is none. */
  async lockSnapshot(em: EntityManager, loanId: string): Promise<{ snapshot: any } | undefined> {
    const [row] = await em.query(
      `SELECT wi.snapshot FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id WHERE wi.loan_id = $1 AND l.deleted_at IS NULL FOR UPDATE OF wi`,
      [loanId],
    );
    return row;
  }

  /** The loan's kept report exists; its row locked until the transaction ends. */
  async lockReport(em: EntityManager, loanId: string, attachmentId: string): Promise<boolean> {
    const [old] = await em.query(`SELECT id FROM attachment WHERE id = $1 AND loan_id = $2 AND kind = 'AFTER_GUARANTEE' AND deleted_at IS NULL FOR UPDATE`, [
      attachmentId,
      loanId,
    ]);
    return !!old;
  }

  async softDeleteAttachment(em: EntityManager, attachmentId: string, userId: string): Promise<void> {
    await em.query(`UPDATE attachment SET deleted_at = now(), deleted_by = $2 WHERE id = $1`, [attachmentId, userId]);
  }

  /** A kept ledger attachment (an ATTACHMENT_SELECT row) of the live loan. */
  async attachment(loanId: string, attachmentId: string): Promise<Record<string, any> | undefined> {
    const [row] = await this.db.query(
      `${ATTACHMENT_SELECT} JOIN loan l ON l.id = a.loan_id AND l.deleted_at IS NULL
        WHERE a.id = $1 AND a.loan_id = $2 AND a.kind = ANY($3) AND a.deleted_at IS NULL`,
      [attachmentId, loanId, LEDGER_KINDS],
    );
    return row;
  }
}
