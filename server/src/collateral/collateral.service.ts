import { HttpStatus, Injectable } from '@nestjs/common';
import { loanToValueBp, statusLabels, totalAppraisedFen, windowOpen } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import type { ContextCollateral } from '../basic-data/docx-template';
import { AppError, CODES } from '../common/errors';
import { CollateralDto } from './collateral.dto';
import { CollateralRegisterDto, CollateralRowDto } from './collateral.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROW_SELECT = `SELECT id, kind, owner, description, appraised_value_fen::bigint AS "appraisedValueFen", certificate_no AS "certificateNo", created_at AS "createdAt"
                      FROM collateral WHERE loan_id = $1 ORDER BY created_at, id`;

/** The counterGuarantee region's state, for display only (what may be done comes from STATE_WINDOWS). */
function regionState(snapshot: any): string | null {
  const state = snapshot?.value?.duringGuarantee?.counterGuarantee;
  return typeof state === 'string' ? state : null;
}

/** The register's rows, in register order (COUNTER_GUARANTEE_CONFIRM's preparer reads them: collateral.hooks.ts). */
export async function registerRows(em: EntityManager, loanId: string): Promise<Omit<CollateralRowDto, 'ltvBp'>[]> {
  const rows = await em.query(ROW_SELECT, [loanId]);
  return rows.map((r: Record<string, any>) => ({
    ...r,
    appraisedValueFen: r.appraisedValueFen === null ? null : Number(r.appraisedValueFen),
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

/** The collateral rows of a loan in the shape the contract context (buildContext) takes, in register order. */
export async function contextCollaterals(em: EntityManager, loanId: string): Promise<ContextCollateral[]> {
  return (await registerRows(em, loanId)).map(({ kind, owner, description, appraisedValueFen, certificateNo }) => ({
    kind,
    owner,
    description,
    appraisedValueFen,
    certificateNo,
  }));
}

/**
 * The counter-guarantee collateral register: rows change only while the loan's counterGuarantee
 * region is pending, each change in one transaction holding the workflow instance's row lock, the
 * same lock COUNTER_GUARANTEE_CONFIRM takes before it reads the rows into its payload.
 */
@Injectable()
export class CollateralService {
  constructor(private readonly db: DataSource) {}

  private async instance(em: EntityManager, loanId: string, lock: boolean): Promise<{ snapshot: any; amountFen: number }> {
    const [row] = UUID.test(loanId)
      ? await em.query(
          `SELECT wi.snapshot, wi.amount_fen::bigint AS "amountFen" FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id
            WHERE wi.loan_id = $1 AND l.deleted_at IS NULL ${lock ? 'FOR UPDATE OF wi' : ''}`,
          [loanId],
        )
      : [];
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

  private values(dto: CollateralDto): unknown[] {
    return [dto.kind, dto.owner, dto.description ?? null, dto.appraisedValueFen ?? null, dto.certificateNo ?? null];
  }

  async create(loanId: string, dto: CollateralDto, user: AuthUser): Promise<CollateralRegisterDto> {
    return this.db.transaction(async (em) => {
      await this.lockEditable(em, loanId);
      await em.query(
        `INSERT INTO collateral (loan_id, kind, owner, description, appraised_value_fen, certificate_no, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [loanId, ...this.values(dto), user.id],
      );
      return this.register(loanId, em);
    });
  }

  async update(loanId: string, id: string, dto: CollateralDto, user: AuthUser): Promise<CollateralRegisterDto> {
    return this.db.transaction(async (em) => {
      await this.lockEditable(em, loanId);
      const [, count] = UUID.test(id)
        ? await em.query(
            `UPDATE collateral SET kind = $3, owner = $4, description = $5, appraised_value_fen = $6, certificate_no = $7, updated_by = $8, updated_at = now()
              WHERE id = $1 AND loan_id = $2`,
            [id, loanId, ...this.values(dto), user.id],
          )
        : [null, 0];
      if (!count) throw new AppError(HttpStatus.NOT_FOUND, CODES.collateralNotFound, 'collateralNotFound');
      return this.register(loanId, em);
    });
  }

  async remove(loanId: string, id: string): Promise<CollateralRegisterDto> {
    return this.db.transaction(async (em) => {
      await this.lockEditable(em, loanId);
      const [, count] = UUID.test(id) ? await em.query(`DELETE FROM collateral WHERE id = $1 AND loan_id = $2`, [id, loanId]) : [null, 0];
      if (!count) throw new AppError(HttpStatus.NOT_FOUND, CODES.collateralNotFound, 'collateralNotFound');
      return this.register(loanId, em);
    });
  }
}
