import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { Label, PermissionKey } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { holds, type AuthUser } from '../auth/auth-user';
import { WorkflowService } from '../workflow/workflow.service';
import { CreateLoanDto, OfficerRole } from './loan.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLE_WORDS: Record<OfficerRole, Label> = {
  A_POST: { zh: 'A岗经办人', en: 'A-post officer' },
  B_POST: { zh: 'B岗经办人', en: 'B-post officer' },
};
/** Who may see the officer choices: the forms that pick one (initiate a loan, transfer data, filter). */
const OFFICER_READERS: readonly PermissionKey[] = ['sys:company:initiate-loan', 'sys:risk:transfer', 'loan_list'];

@Injectable()
export class LoansService {
  private readonly logger = new Logger(LoansService.name);

  constructor(
    private readonly db: DataSource,
    private readonly workflow: WorkflowService,
  ) {}

  private officerInvalid(role: OfficerRole) {
    return new AppError(HttpStatus.BAD_REQUEST, CODES.officerInvalid, 'officerInvalid', { role: ROLE_WORDS[role] }, { role }, 'OfficerInvalid');
  }

  private async holdsPost(em: EntityManager, userId: string, role: OfficerRole): Promise<boolean> {
    const [row] = await em.query(
      `SELECT 1 FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id
        WHERE u.id = $1 AND NOT u.disabled AND r.code = $2`,
      [userId, role],
    );
    return !!row;
  }

  /**
   * The loan and its workflow instance (at the start of collection) in one transaction. An A-post
   * officer named explicitly must hold the A-post role (the caller, by default, is the officer); a
   * B-post officer must hold the B-post role and be someone else.
   */
  async create(dto: CreateLoanDto, user: AuthUser) {
    const aPost = dto.aPostOfficerId ?? user.id;
    if (dto.bPostOfficerId && dto.bPostOfficerId === aPost) throw this.officerInvalid('B_POST');
    const loanId = await this.db.transaction(async (em) => {
      // FOR SHARE: a deletion of the company at the same moment waits for this loan, then sees it.
      const [company] = await em.query(`SELECT id FROM company WHERE id = $1 AND deleted_at IS NULL FOR SHARE`, [dto.companyId]);
      if (!company) throw AppError.notFound('companyNotFound');
      const officers = [aPost, dto.bPostOfficerId].filter((x): x is string => !!x);
      const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM app_user WHERE id = ANY($1::uuid[]) AND NOT disabled`, [officers]);
      if (n !== new Set(officers).size) throw AppError.badRequest('userMissing');
      if (dto.aPostOfficerId && !(await this.holdsPost(em, dto.aPostOfficerId, 'A_POST'))) throw this.officerInvalid('A_POST');
      if (dto.bPostOfficerId && !(await this.holdsPost(em, dto.bPostOfficerId, 'B_POST'))) throw this.officerInvalid('B_POST');
      const [loan] = await em.query(
        `INSERT INTO loan (company_id, amount, term_months, bank, loan_type, a_post_officer_id, b_post_officer_id, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [dto.companyId, dto.amount, dto.termMonths, dto.bank?.trim() || null, dto.loanType?.trim() || null, aPost, dto.bPostOfficerId ?? null, user.id],
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
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
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
    if (!loan) throw AppError.notFound('loanNotFound');
    const workflow = await this.workflow.getView(loanId, user);
    // The B-post officer may change in risk control (TRANSFER_DATA): the machine's context is the truth.
    const context = (workflow.snapshot as { context: engine.GuaranteeContext }).context;
    const [b] =
      context.bPostOfficerId && UUID.test(context.bPostOfficerId)
        ? await this.db.query(`SELECT nickname FROM app_user WHERE id = $1`, [context.bPostOfficerId])
        : [];
    return {
      ...loan,
      // `amount` is what the loan was initiated with; `currentAmount` what the machine holds now.
      currentAmount: context.amount,
      // snapshots from before these fields existed lack them
      disbursedOn: context.disbursedOn ?? null,
      disbursedAmountFen: context.disbursedAmountFen ?? null,
      bPostOfficerId: context.bPostOfficerId,
      bPostOfficerName: b?.nickname ?? null,
      workflow,
    };
  }

  /**
   * Soft delete, only while the loan is still in data collection (before pre-review): the instance's
   * stage decides, read under a lock so that an event cannot move it on meanwhile.
   */
  async remove(loanId: string, user: AuthUser): Promise<{ id: string }> {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    await this.db.transaction(async (em) => {
      const [row] = await em.query(
        `SELECT wi.stage FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
          WHERE l.id = $1 AND l.deleted_at IS NULL FOR UPDATE OF l, wi`,
        [loanId],
      );
      if (!row) throw AppError.notFound('loanNotFound');
      if (row.stage !== 'collection') {
        const stage = engine.stageInfo(row.stage as engine.StageKey);
        throw new AppError(
          HttpStatus.CONFLICT,
          CODES.loanNotDeletable,
          'loanNotDeletable',
          { stage: { zh: stage.zh, en: stage.en } },
          { stage: row.stage },
          'LoanNotDeletable',
        );
      }
      await em.query(`UPDATE loan SET deleted_at = now(), deleted_by = $2 WHERE id = $1`, [loanId, user.id]);
    });
    this.logger.log(`loan ${loanId} deleted by ${user.username}`);
    return { id: loanId };
  }

  /** Active users holding a post, for the forms that pick an officer. */
  async officers(role: OfficerRole, user: AuthUser): Promise<{ id: string; username: string; nickname: string }[]> {
    if (!OFFICER_READERS.some((key) => holds(user, key))) {
      throw AppError.forbidden({ required: OFFICER_READERS });
    }
    return this.db.query(
      `SELECT DISTINCT u.id, u.username, u.nickname FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id
        WHERE r.code = $1 AND NOT u.disabled ORDER BY u.username`,
      [role],
    );
  }
}
