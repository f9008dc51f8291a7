import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** The SQL of the premium panel's reads (the premium itself lives in the machine's context and events). */
@Injectable()
export class PremiumRepository {
  constructor(private readonly db: DataSource) {}

  /** The live loan's type and term, and the amount (fen) and snapshot the machine holds; undefined when there is no such loan. */
  async loan(em: EntityManager, loanId: string): Promise<{ loanType: string | null; termMonths: number; amountFen: string; snapshot: any } | undefined> {
    const [row] = await em.query(
      `SELECT l.loan_type AS "loanType", l.term_months AS "termMonths", wi.amount_fen::bigint AS "amountFen", wi.snapshot
         FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return row;
  }

  /** The payload of the loan's latest PREMIUM_ADD or PREMIUM_EDIT. */
  async lastPremiumEvent(loanId: string): Promise<{ payload: any } | undefined> {
    const [last] = await this.db.query(
      `SELECT payload FROM workflow_event WHERE loan_id = $1 AND type IN ('PREMIUM_ADD', 'PREMIUM_EDIT') ORDER BY seq DESC LIMIT 1`,
      [loanId],
    );
    return last;
  }

  /** The loan's kept premium vouchers, oldest first. */
  async vouchers(loanId: string): Promise<{ id: string; name: string; size: string; uploadedByName: string | null; uploadedAt: Date }[]> {
    return this.db.query(
      `SELECT a.id, f.original_name AS name, f.size, u.nickname AS "uploadedByName", a.created_at AS "uploadedAt"
         FROM attachment a JOIN uploaded_file f ON f.id = a.file_id LEFT JOIN app_user u ON u.id = a.created_by
        WHERE a.loan_id = $1 AND a.kind = 'PREMIUM_VOUCHER' AND a.deleted_at IS NULL
        ORDER BY a.created_at, a.id`,
      [loanId],
    );
  }
}
