import { HttpStatus, Injectable } from '@nestjs/common';
import { loanToValueBp, statusLabels, totalAppraisedFen, windowOpen } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { AppError, CODES } from '../common/errors';
import { CollateralDto } from './collateral.dto';
import { CollateralRepository, registerRows } from './collateral.repository';
import { CollateralRegisterDto } from './collateral.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The counterGuarantee region's state, for display only (what may be done comes from STATE_WINDOWS). */
function regionState(snapshot: any): string | null {
  const state = snapshot?.value?.duringGuarantee?.counterGuarantee;
  return typeof state === 'string' ? state : null;
}

/**
 * The counter-guarantee collateral register: rows change only while the loan's counterGuarantee
 * region is pending, each change in one transaction holding the workflow instance's row lock, the
 * same lock COUNTER_GUARANTEE_CONFIRM takes before it reads the rows into its payload.
 */
@Injectable()
export class CollateralService {
  constructor(
    private readonly db: DataSource,
    private readonly collateral: CollateralRepository,
  ) {}

  private async instance(em: EntityManager, loanId: string, lock: boolean): Promise<{ snapshot: any; amountFen: number }> {
    const row = UUID.test(loanId) ? await this.collateral.instance(em, loanId, lock) : undefined;
    if (!row) throw AppError.notFound('loanNotFound');
    return { snapshot: row.snapshot, amountFen: Number(row.amountFen) };
  }

  async register(loanId: string, em: EntityManager = this.db.manager): Promise<CollateralRegisterDto> {
    const { snapshot, amountFen } = await this.instance(em, loanId, false);
    const rows = await registerRows(em, loanId);
    const total = totalAppraisedFen(rows);
    const state = regionState(snapshot);
    return {
      loanId,
      amountFen,
      totalAppraisedFen: total,
      ltvBp: loanToValueBp(amountFen, total),
      editable: windowOpen('COLLATERAL_EDIT', snapshot),
      state,
      rows: rows.map((r) => ({ ...r, ltvBp: loanToValueBp(amountFen, r.appraisedValueFen) })),
    };
  }

  /** Locks the instance and refuses (409) unless the register may change now. */
  private async lockEditable(em: EntityManager, loanId: string): Promise<void> {
    const { snapshot } = await this.instance(em, loanId, true);
    if (!windowOpen('COLLATERAL_EDIT', snapshot)) {
      const status = statusLabels(snapshot).status;
      throw new AppError(HttpStatus.CONFLICT, CODES.collateralLocked, 'collateralLocked', { status: { zh: status.zh, en: status.en } });
    }
  }

  async create(loanId: string, dto: CollateralDto, user: AuthUser): Promise<CollateralRegisterDto> {
    return this.db.transaction(async (em) => {
      await this.lockEditable(em, loanId);
      await this.collateral.insert(em, loanId, dto, user.id);
      return this.register(loanId, em);
    });
  }

  async update(loanId: string, id: string, dto: CollateralDto, user: AuthUser): Promise<CollateralRegisterDto> {
    return this.db.transaction(async (em) => {
      await this.lockEditable(em, loanId);
      const count = UUID.test(id) ? await this.collateral.update(em, loanId, id, dto, user.id) : 0;
      if (!count) throw new AppError(HttpStatus.NOT_FOUND, CODES.collateralNotFound, 'collateralNotFound');
      return this.register(loanId, em);
    });
  }

  async remove(loanId: string, id: string): Promise<CollateralRegisterDto> {
    return this.db.transaction(async (em) => {
      await this.lockEditable(em, loanId);
      const count = UUID.test(id) ? await this.collateral.delete(em, loanId, id) : 0;
      if (!count) throw new AppError(HttpStatus.NOT_FOUND, CODES.collateralNotFound, 'collateralNotFound');
      return this.register(loanId, em);
    });
  }
}
