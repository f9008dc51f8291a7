import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { Label, PermissionKey } from '@app/workflow';
import { DataSource } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { holds, type AuthUser } from '../auth/auth-user';
import { WorkflowService } from '../workflow/workflow.service';
import { CreateLoanDto, OfficerRole } from './loan.dto';
import { LoansRepository } from './loans.repository';

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
    private readonly loans: LoansRepository,
    private readonly workflow: WorkflowService,
  ) {}

  private officerInvalid(role: OfficerRole) {
    return new AppError(HttpStatus.BAD_REQUEST, CODES.officerInvalid, 'officerInvalid', { role: ROLE_WORDS[role] }, { role }, 'OfficerInvalid');
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
      if (!(await this.loans.shareCompany(em, dto.companyId))) throw AppError.notFound('companyNotFound');
      const officers = [aPost, dto.bPostOfficerId].filter((x): x is string => !!x);
      const n = await this.loans.activeUserCount(em, officers);
      if (n !== new Set(officers).size) throw AppError.badRequest('userMissing');
      if (dto.aPostOfficerId && !(await this.loans.holdsPost(em, dto.aPostOfficerId, 'A_POST'))) throw this.officerInvalid('A_POST');
      if (dto.bPostOfficerId && !(await this.loans.holdsPost(em, dto.bPostOfficerId, 'B_POST'))) throw this.officerInvalid('B_POST');
      const id = await this.loans.insert(em, dto, aPost, user.id);
      await this.workflow.createInstance(em, id, {
        loanId: id,
        amount: dto.amount,
        termMonths: dto.termMonths,
        aPostOfficerId: aPost,
        ...(dto.bPostOfficerId ? { bPostOfficerId: dto.bPostOfficerId } : {}),
      });
      return id;
    });
    return this.get(loanId, user);
  }

  async get(loanId: string, user: AuthUser) {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    const loan = await this.loans.loan(loanId);
    if (!loan) throw AppError.notFound('loanNotFound');
    const workflow = await this.workflow.getView(loanId, user);
    // The B-post officer may change in risk control (TRANSFER_DATA): the machine's context is the truth.
    const context = (workflow.snapshot as { context: engine.GuaranteeContext }).context;
    const bName = context.bPostOfficerId && UUID.test(context.bPostOfficerId) ? await this.loans.nickname(context.bPostOfficerId) : undefined;
    return {
      ...loan,
      // `amount` is what the loan was initiated with; `currentAmount` what the machine holds now.
      currentAmount: context.amount,
      // snapshots from before these fields existed lack them
      disbursedOn: context.disbursedOn ?? null,
      disbursedAmountFen: context.disbursedAmountFen ?? null,
      bPostOfficerId: context.bPostOfficerId,
      bPostOfficerName: bName ?? null,
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
      const current = await this.loans.lockStage(em, loanId);
      if (current === null) throw AppError.notFound('loanNotFound');
      if (current !== 'collection') {
        const stage = engine.stageInfo(current as engine.StageKey);
        throw new AppError(
          HttpStatus.CONFLICT,
          CODES.loanNotDeletable,
          'loanNotDeletable',
          { stage: { zh: stage.zh, en: stage.en } },
          { stage: current },
          'LoanNotDeletable',
        );
      }
      await this.loans.softDelete(em, loanId, user.id);
    });
    this.logger.log(`loan ${loanId} deleted by ${user.username}`);
    return { id: loanId };
  }

  /** Active users holding a post, for the forms that pick an officer. */
  async officers(role: OfficerRole, user: AuthUser): Promise<{ id: string; username: string; nickname: string }[]> {
    if (!OFFICER_READERS.some((key) => holds(user, key))) {
      throw AppError.forbidden({ required: OFFICER_READERS });
    }
    return this.loans.officers(role);
  }
}
