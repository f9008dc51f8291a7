import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ReminderKind } from './reminder-store';

export interface ReminderRow {
  id: string;
  kind: ReminderKind;
  due_at: Date;
  fire_at: Date;
  state: 'SCHEDULED' | 'SENT' | 'CANCELLED';
  job_id: string;
}

/** The SQL of the reminders' reads on the API side (their writers are reminder-writers.ts and reminder-store.ts). */
@Injectable()
export class RemindersRepository {
  constructor(private readonly db: DataSource) {}

  async liveLoanExists(loanId: string): Promise<boolean> {
    const [loan] = await this.db.query(`SELECT 1 FROM loan WHERE id = $1 AND deleted_at IS NULL`, [loanId]);
    return !!loan;
  }

  /** The loan's reminders, oldest fire time first. */
  async ofLoan(loanId: string): Promise<ReminderRow[]> {
    return this.db.query(`SELECT id, kind, due_at, fire_at, state, job_id FROM reminder WHERE loan_id = $1 ORDER BY fire_at, kind, id`, [loanId]);
  }

  /** The loan's repayment plan (amounts in fen as text), null when it has none. */
  async plan(loanId: string): Promise<Record<string, any> | null> {
    const [plan] = await this.db.query(
      `SELECT method, annual_rate_bp, to_char(disbursed_on, 'YYYY-MM-DD') AS disbursed_on, principal_fen::text, repaid_fen::text, term_months,
              to_char(maturity_on, 'YYYY-MM-DD') AS maturity_on
         FROM repayment_plan WHERE loan_id = $1`,
      [loanId],
    );
    return plan ?? null;
  }

  /** The plan's current instalments with their vouchers, by number. */
  async instalments(loanId: string): Promise<Record<string, any>[]> {
    return this.db.query(
      `SELECT i.id, i.seq, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, i.principal_fen::text, i.interest_fen::text, i.repaid_fen::text, i.state,
              a.id AS voucher_id, f.original_name AS voucher_name, a.created_at AS voucher_at
         FROM repayment_instalment i
         LEFT JOIN attachment a ON a.id = i.voucher_attachment_id AND a.deleted_at IS NULL
         LEFT JOIN uploaded_file f ON f.id = a.file_id
        WHERE i.loan_id = $1 AND i.superseded_at IS NULL ORDER BY i.seq`,
      [loanId],
    );
  }

  /** The scheduled reminders, and those of them that fire by `until`. */
  async scheduledCounts(until: Date): Promise<{ scheduled: number; within: number }> {
    const [counts] = await this.db.query(
      `SELECT count(*)::int AS scheduled, count(*) FILTER (WHERE fire_at <= $1)::int AS within FROM reminder WHERE state = 'SCHEDULED'`,
      [until],
    );
    return counts;
  }
}
