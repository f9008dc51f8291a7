import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { companyZoneSql } from '../common/company-time';
import { REMINDER_HOUR } from '../reminders/reminders.repository';

// The SQL of compensation and recovery: the case row the lists read, litigation fees, seizures (deleted
// ones kept, marked) and their expiry reminders, the leader-approval threshold. Writers' statements take the caller's EntityManager.

export interface CaseRow {
  stage: string;
  state: string;
  principalFen: number;
  interestFen: number;
  penaltyFen: number;
  totalFen: number;
  appliedAt: Date;
  approvedVia: string | null;
  paidOn: string | null;
  recoveredFen: number;
  writtenOffFen: number;
  balanceFen: number;
  recoveryStage: string | null;
  outcome: string | null;
}

export interface FeeRow {
  id: string;
  feeType: string;
  amountFen: string;
  paidOn: string;
  note: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
}

export interface SeizureRow {
  id: string;
  court: string;
  asset: string;
  seizureKind: string;
  seizedOn: string;
  expiresOn: string;
  note: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
}

export interface ListFilter {
  company?: string;
  stage?: string;
  sort: string;
  order: 'ASC' | 'DESC';
  /** recoveries: only the cases whose compensation was paid */
  paidOnly: boolean;
}

/** The list's sortable columns, by the query's name. */
export const LIST_SORTS = {
  appliedAt: 'k.applied_at',
  paidOn: 'k.paid_on',
  totalFen: 'k.total_fen',
  balanceFen: 'k.balance_fen',
  company: 'c.name',
  feesFen: 'fees_fen',
  nextSeizureExpiry: 'next_seizure_expiry',
} as const;

@Injectable()
export class BadLoansRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The loan's company and its workflow instance (snapshot, stage); undefined for no live loan. */
  async loan(loanId: string, em: EntityManager = this.db.manager, lock = false): Promise<{ company: string; stage: string; snapshot: any } | undefined> {
    const [row] = await em.query(
      `SELECT c.name AS company, i.stage, i.snapshot FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance i ON i.loan_id = l.id
        WHERE l.id = $1 AND l.deleted_at IS NULL ${lock ? 'FOR UPDATE OF i' : ''}`,
      [loanId],
    );
    return row;
  }

  /** The loan's events of the given types, oldest first, with their actor's name. */
  async events(loanId: string, types: string[]): Promise<{ seq: number; type: string; payload: any; actorId: string; actorName: string | null; at: Date }[]> {
    return this.db.query(
      `SELECT e.seq, e.type, e.payload, e.actor_id AS "actorId", u.nickname AS "actorName", e.at
         FROM workflow_event e LEFT JOIN app_user u ON u.id = e.actor_id
        WHERE e.loan_id = $1 AND e.type = ANY($2::text[]) ORDER BY e.seq`,
      [loanId, types],
    );
  }

  // --- the leader-approval threshold --------------------------------------------------------------

  async leaderLimitFen(em: EntityManager = this.db.manager): Promise<number> {
    const [row] = await em.query(`SELECT leader_limit_fen::text AS v FROM compensation_setting ORDER BY id DESC LIMIT 1`);
    return Number(row.v);
  }

  async settingsHistory(): Promise<{ leaderLimitFen: string; changedBy: string | null; changedByName: string | null; changedAt: Date }[]> {
    return this.db.query(
      `SELECT s.leader_limit_fen::text AS "leaderLimitFen", s.changed_by AS "changedBy", u.nickname AS "changedByName", s.changed_at AS "changedAt"
         FROM compensation_setting s LEFT JOIN app_user u ON u.id = s.changed_by ORDER BY s.id DESC`,
    );
  }

  async insertSetting(leaderLimitFen: number, userId: string): Promise<void> {
    await this.db.query(`INSERT INTO compensation_setting (leader_limit_fen, changed_by) VALUES ($1, $2)`, [leaderLimitFen, userId]);
  }

  // --- the case row -------------------------------------------------------------------------------

  async upsertCase(em: EntityManager, loanId: string, c: CaseRow, now: Date): Promise<void> {
    await em.query(
      `INSERT INTO compensation_case (loan_id, stage, state, principal_fen, interest_fen, penalty_fen, total_fen, applied_at, approved_via, paid_on,
                                      recovered_fen, written_off_fen, balance_fen, recovery_stage, outcome, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (loan_id) DO UPDATE SET stage = $2, state = $3, principal_fen = $4, interest_fen = $5, penalty_fen = $6, total_fen = $7,
         applied_at = $8, approved_via = $9, paid_on = $10, recovered_fen = $11, written_off_fen = $12, balance_fen = $13, recovery_stage = $14,
         outcome = $15, updated_at = $16`,
      [
        loanId,
        c.stage,
        c.state,
        c.principalFen,
        c.interestFen,
        c.penaltyFen,
        c.totalFen,
        c.appliedAt,
        c.approvedVia,
        c.paidOn,
        c.recoveredFen,
        c.writtenOffFen,
        c.balanceFen,
        c.recoveryStage,
        c.outcome,
        now,
      ],
    );
  }

  /** A refused compensation leaves no case. */
  async deleteCase(em: EntityManager, loanId: string): Promise<void> {
    await em.query(`DELETE FROM compensation_case WHERE loan_id = $1`, [loanId]);
  }

  /** One page of the cases (with the fees' total and the next seizure expiry), and their count. */
  async list(f: ListFilter, limit: number, offset: number): Promise<{ rows: Record<string, any>[]; total: number }> {
    const where = ['l.deleted_at IS NULL'];
    const params: unknown[] = [];
    if (f.paidOnly) where.push('k.paid_on IS NOT NULL');
    if (f.company) {
      params.push(`%${f.company.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      where.push(`c.name ILIKE $${params.length}`);
    }
    if (f.stage) {
      params.push(f.stage);
      where.push(`k.stage = $${params.length}`);
    }
    const from = `FROM compensation_case k JOIN loan l ON l.id = k.loan_id JOIN company c ON c.id = l.company_id WHERE ${where.join(' AND ')}`;
    const sort = LIST_SORTS[f.sort as keyof typeof LIST_SORTS] ?? LIST_SORTS.appliedAt;
    const rows = await this.db.query(
      `SELECT * FROM (
         SELECT k.loan_id AS "loanId", c.name AS company, l.bank, k.stage, k.state, k.principal_fen::text AS "principalFen", k.interest_fen::text AS "interestFen",
                k.penalty_fen::text AS "penaltyFen", k.total_fen::text AS "totalFen", k.applied_at AS "appliedAt", k.approved_via AS "approvedVia",
                to_char(k.paid_on, 'YYYY-MM-DD') AS "paidOn", k.recovered_fen::text AS "recoveredFen", k.written_off_fen::text AS "writtenOffFen",
                k.balance_fen::text AS "balanceFen", k.recovery_stage AS "recoveryStage", k.outcome,
                (SELECT coalesce(sum(amount_fen), 0) FROM litigation_fee x WHERE x.loan_id = k.loan_id AND x.deleted_at IS NULL)::text AS "feesFen",
                (SELECT to_char(min(expires_on), 'YYYY-MM-DD') FROM seizure s WHERE s.loan_id = k.loan_id AND s.deleted_at IS NULL AND s.expires_on >= current_date) AS "nextSeizureExpiry",
                k.applied_at, k.paid_on, k.total_fen, k.balance_fen, c.name,
                (SELECT coalesce(sum(amount_fen), 0) FROM litigation_fee x WHERE x.loan_id = k.loan_id AND x.deleted_at IS NULL) AS fees_fen,
                (SELECT min(expires_on) FROM seizure s WHERE s.loan_id = k.loan_id AND s.deleted_at IS NULL AND s.expires_on >= current_date) AS next_seizure_expiry
         ${from}) q
       ORDER BY ${sort.replace(/^[kc]\./, '')} ${f.order} NULLS LAST, "loanId" LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      params,
    );
    const [{ n }] = await this.db.query(`SELECT count(*)::int AS n ${from}`, params);
    return { rows, total: n };
  }

  // --- fees and seizures --------------------------------------------------------------------------

  async fees(loanId: string): Promise<FeeRow[]> {
    return this.db.query(
      `SELECT f.id, f.fee_type AS "feeType", f.amount_fen::text AS "amountFen", to_char(f.paid_on, 'YYYY-MM-DD') AS "paidOn", f.note,
              f.created_by AS "createdBy", u.nickname AS "createdByName", f.created_at AS "createdAt"
         FROM litigation_fee f LEFT JOIN app_user u ON u.id = f.created_by WHERE f.loan_id = $1 AND f.deleted_at IS NULL ORDER BY f.paid_on, f.created_at`,
      [loanId],
    );
  }

  async insertFee(
    em: EntityManager,
    loanId: string,
    fee: { feeType: string; amountFen: number; paidOn: string; note: string | null },
    userId: string,
    now: Date,
  ): Promise<string> {
    const [row] = await em.query(
      `INSERT INTO litigation_fee (loan_id, fee_type, amount_fen, paid_on, note, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [loanId, fee.feeType, fee.amountFen, fee.paidOn, fee.note, userId, now],
    );
    return row.id;
  }

  /** Marks the fee deleted (kept for the record, with who and when); false when the loan has no such live fee. */
  async deleteFee(em: EntityManager, loanId: string, feeId: string, userId: string, now: Date): Promise<boolean> {
    const rows = await em.query(
      `WITH d AS (UPDATE litigation_fee SET deleted_at = $3, deleted_by = $4 WHERE id = $1 AND loan_id = $2 AND deleted_at IS NULL RETURNING id) SELECT id FROM d`,
      [feeId, loanId, now, userId],
    );
    return rows.length > 0;
  }

  async seizures(loanId: string): Promise<SeizureRow[]> {
    return this.db.query(
      `SELECT s.id, s.court, s.asset, s.seizure_kind AS "seizureKind", to_char(s.seized_on, 'YYYY-MM-DD') AS "seizedOn",
              to_char(s.expires_on, 'YYYY-MM-DD') AS "expiresOn", s.note, s.created_by AS "createdBy", u.nickname AS "createdByName", s.created_at AS "createdAt"
         FROM seizure s LEFT JOIN app_user u ON u.id = s.created_by WHERE s.loan_id = $1 AND s.deleted_at IS NULL ORDER BY s.expires_on, s.created_at`,
      [loanId],
    );
  }

  async insertSeizure(
    em: EntityManager,
    loanId: string,
    s: { court: string; asset: string; seizureKind: string; seizedOn: string; expiresOn: string; note: string | null },
    userId: string,
    now: Date,
  ): Promise<string> {
    const [row] = await em.query(
      `INSERT INTO seizure (loan_id, court, asset, seizure_kind, seized_on, expires_on, note, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [loanId, s.court, s.asset, s.seizureKind, s.seizedOn, s.expiresOn, s.note, userId, now],
    );
    return row.id;
  }

  /** Marks the seizure deleted (kept for the record, with who and when); false when the loan has no such live seizure. */
  async deleteSeizure(em: EntityManager, loanId: string, seizureId: string, userId: string, now: Date): Promise<boolean> {
    const rows = await em.query(
      `WITH d AS (UPDATE seizure SET deleted_at = $3, deleted_by = $4 WHERE id = $1 AND loan_id = $2 AND deleted_at IS NULL RETURNING id) SELECT id FROM d`,
      [seizureId, loanId, now, userId],
    );
    return rows.length > 0;
  }

  /** Cancels the scheduled expiry reminders of one seizure, or of all the loan's seizures; answers their job ids. */
  async cancelSeizureReminders(em: EntityManager, loanId: string, seizureId: string | null, now: Date): Promise<string[]> {
    const rows: { job_id: string }[] = await em.query(
      `WITH c AS (
         UPDATE reminder SET state = 'CANCELLED', cancelled_at = $3
          WHERE loan_id = $1 AND kind = 'SEIZURE' AND state = 'SCHEDULED' AND ($2::uuid IS NULL OR seizure_id = $2::uuid)
          RETURNING job_id
       ) SELECT job_id FROM c`,
      [loanId, seizureId, now],
    );
    return rows.map((r) => r.job_id);
  }

  /**
   * The seizure's expiry reminders at REMINDER_HOUR company time, `offsets` days before its expiry:
   * those still ahead, and, when some are already past, one of them (the nearest) that fires at once;
   * none once the expiry has passed. Answers the rows made.
   */
  async insertSeizureReminders(
    em: EntityManager,
    loanId: string,
    seizureId: string,
    expiresOn: string,
    offsets: number[],
    now: Date,
  ): Promise<{ id: string; jobId: string; fireAt: Date }[]> {
    const zone = companyZoneSql();
    return em.query(
      `WITH p AS (
         SELECT x.days,
                (($3::date + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}) AS due_at,
                ((($3::date - x.days) + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}) AS fire_at
           FROM unnest($4::int[]) AS x(days)
       ), q AS (
         SELECT p.*, row_number() OVER (PARTITION BY p.fire_at <= $5 ORDER BY p.days) AS rn FROM p WHERE p.due_at > $5
       ), fresh AS (
         SELECT gen_random_uuid() AS id, q.due_at, q.fire_at FROM q WHERE q.fire_at > $5 OR q.rn = 1
       ), ins AS (
         INSERT INTO reminder (id, loan_id, kind, seizure_id, due_at, fire_at, job_id)
         SELECT id, $1, 'SEIZURE', $2, due_at, fire_at, 'reminder-' || id FROM fresh
         RETURNING id, job_id, fire_at
       ) SELECT id, job_id AS "jobId", fire_at AS "fireAt" FROM ins ORDER BY fire_at`,
      [loanId, seizureId, expiresOn, offsets, now],
    );
  }
}
