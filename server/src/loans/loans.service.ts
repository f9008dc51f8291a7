import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '../common/errors';
import type { AuthUser } from '../auth/auth-user';
import { WorkflowService } from '../workflow/workflow.service';
import { CreateLoanDto } from './loan.dto';

@Injectable()
export class LoansService {
  constructor(
    private readonly db: DataSource,
    private readonly workflow: WorkflowService,
  ) {}

  /** The loan and its workflow instance (at the start of collection) in one transaction. */
  async create(dto: CreateLoanDto, user: AuthUser) {
    const aPost = dto.aPostOfficerId ?? user.id;
    const loanId = await this.db.transaction(async (em) => {
      const [company] = await em.query(`SELECT id FROM company WHERE id = $1 AND deleted_at IS NULL`, [dto.companyId]);
      if (!company) throw AppError.notFound('companyNotFound');
      const officers = [aPost, dto.bPostOfficerId].filter((x): x is string => !!x);
      const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM app_user WHERE id = ANY($1::uuid[]) AND NOT disabled`, [officers]);
      if (n !== new Set(officers).size) throw AppError.badRequest('userMissing');
      const [loan] = await em.query(
        `INSERT INTO loan (company_id, amount, term_months, bank, loan_type, a_post_officer_id, b_post_officer_id, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [dto.companyId, dto.amount, dto.termMonths, dto.bank ?? null, dto.loanType ?? null, aPost, dto.bPostOfficerId ?? null, user.id],
      );
      await this.workflow.createInstance(em, loan.id, {
        loanId: loan.id,
        amount: dto.amount,
        termMonths: dto.termMonths,
        aPostOfficerId: aPost,
        ...(dto.bPostOfficerId ? { bPostOfficerId: dto.bPostOfficerId } : {}),
      });
      return loan.id as string;
    });
    return this.get(loanId, user);
  }

  async get(loanId: string, user: AuthUser) {
    const [loan] = await this.db.query(
      `SELECT l.id, l.company_id AS "companyId", c.name AS "companyName", l.amount::float8 AS amount, l.term_months AS "termMonths",
              l.bank, l.loan_type AS "loanType", l.a_post_officer_id AS "aPostOfficerId", l.b_post_officer_id AS "bPostOfficerId",
              l.created_at AS "createdAt"
         FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    if (!loan) throw AppError.notFound('loanNotFound');
    return { ...loan, workflow: await this.workflow.getView(loanId, user) };
  }
}
