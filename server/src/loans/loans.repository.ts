import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { CreateLoanDto, OfficerRole } from './loan.dto';

/** A loan as GET /loans/:id reads it from the loan table (the workflow view and the B-post officer are added). */
export interface StoredLoan {
  id: string;
  companyId: string;
  companyName: string;
  creditCode: string;
  amount: number;
  termMonths: number;
  bank: string | null;
  loanType: string | null;
  aPostOfficerId: string;
  bPostOfficerId: string | null;
  aPostOfficerName: string | null;
  createdAt: string;
  createdByName: string | null;
}

/** The SQL of the loan table (the loan list's query is LoanListRepository). */
@Injectable()
export class LoansRepository {
  constructor(private readonly db: DataSource) {}

  /** The active user holds the role (A_POST, B_POST). */
  async holdsPost(em: EntityManager, userId: string, role: OfficerRole): Promise<boolean> {
    const [row] = await em.query(
      `SELECT 1 FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id
        WHERE u.id = $1 AND NOT u.disabled AND r.code = $2`,
      [userId, role],
    );
    return !!row;
  }

  /**
   * The live company exists, held FOR SHARE until the transaction ends: a deletion of the company at
   * the same moment waits for the loan being created, then sees it.
   */
  async shareCompany(em: EntityManager, companyId: string): Promise<boolean> {
    const [company] = await em.query(`SELECT id FROM company WHERE id = $1 AND deleted_at IS NULL FOR SHARE`, [companyId]);
    return !!company;
  }

  /** How many of these users exist and are not disabled. */
  async activeUserCount(em: EntityManager, ids: string[]): Promise<number> {
    const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM app_user WHERE id = ANY($1::uuid[]) AND NOT disabled`, [ids]);
    return n;
  }

  async insert(em: EntityManager, dto: CreateLoanDto, aPost: string, userId: string): Promise<string> {
    const [loan] = await em.query(
      `INSERT INTO loan (company_id, amount, term_months, bank, loan_type, a_post_officer_id, b_post_officer_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [dto.companyId, dto.amount, dto.termMonths, dto.bank?.trim() || null, dto.loanType?.trim() || null, aPost, dto.bPostOfficerId ?? null, userId],
    );
    return loan.id as string;
  }

  /** The live (not deleted) loan with its company and officers' names. */
  async loan(loanId: string): Promise<StoredLoan | null> {
    const [loan] = await this.db.query(
      `SELECT l.id, l.company_id AS "companyId", c.name AS "companyName", c.credit_code AS "creditCode", l.amount::float8 AS amount,
              l.term_months AS "termMonths", l.bank, l.loan_type AS "loanType", l.a_post_officer_id AS "aPostOfficerId",
              l.b_post_officer_id AS "bPostOfficerId", ua.nickname AS "aPostOfficerName", l.created_at AS "createdAt",
              u.nickname AS "createdByName"
         FROM loan l JOIN company c ON c.id = l.company_id
         LEFT JOIN app_user ua ON ua.id = l.a_post_officer_id
         LEFT JOIN app_user u ON u.id = l.created_by
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return loan ?? null;
  }

  /** A user's nickname, undefined when there is no such user. */
  async nickname(userId: string): Promise<string | undefined> {
    const [b] = await this.db.query(`SELECT nickname FROM app_user WHERE id = $1`, [userId]);
    return b?.nickname;
  }

  /** The live loan's stage, the loan and its instance locked until the transaction ends; null when there is none. */
  async lockStage(em: EntityManager, loanId: string): Promise<string | null> {
    const [row] = await em.query(
      `SELECT wi.stage FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.id = $1 AND l.deleted_at IS NULL FOR UPDATE OF l, wi`,
      [loanId],
    );
    return row ? row.stage : null;
  }

  async softDelete(em: EntityManager, loanId: string, userId: string): Promise<void> {
    await em.query(`UPDATE loan SET deleted_at = now(), deleted_by = $2 WHERE id = $1`, [loanId, userId]);
  }

  /** Active users holding a post, by username. */
  async officers(role: OfficerRole): Promise<{ id: string; username: string; nickname: string }[]> {
    return this.db.query(
      `SELECT DISTINCT u.id, u.username, u.nickname FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id
        WHERE r.code = $1 AND NOT u.disabled ORDER BY u.username`,
      [role],
    );
  }
}
