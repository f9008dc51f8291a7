import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { ContextCollateral } from '../basic-data/docx-template';
import type { CollateralDto } from './collateral.dto';
import type { CollateralRowDto } from './collateral.responses';

const ROW_SELECT = `SELECT id, kind, owner, description, appraised_value_fen::bigint AS "appraisedValueFen", certificate_no AS "certificateNo", created_at AS "createdAt"
                      FROM collateral WHERE loan_id = $1 ORDER BY created_at, id`;

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

/** The SQL of the collateral register (rows change only under the instance's row lock: CollateralService). */
@Injectable()
export class CollateralRepository {
  private values(dto: CollateralDto): unknown[] {
    return [dto.kind, dto.owner, dto.description ?? null, dto.appraisedValueFen ?? null, dto.certificateNo ?? null];
  }

  /** The live loan's snapshot and amount (fen); `lock` holds the instance row until the transaction ends. Undefined when there is no such loan. */
  async instance(em: EntityManager, loanId: string, lock: boolean): Promise<{ snapshot: any; amountFen: string } | undefined> {
    const [row] = await em.query(
      `SELECT wi.snapshot, wi.amount_fen::bigint AS "amountFen" FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id
        WHERE wi.loan_id = $1 AND l.deleted_at IS NULL ${lock ? 'FOR UPDATE OF wi' : ''}`,
      [loanId],
    );
    return row;
  }

  async insert(em: EntityManager, loanId: string, dto: CollateralDto, userId: string): Promise<void> {
    await em.query(
      `INSERT INTO collateral (loan_id, kind, owner, description, appraised_value_fen, certificate_no, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [loanId, ...this.values(dto), userId],
    );
  }

  /** Rewrites a row of the loan's register; answers how many rows changed (0: no such row). */
  async update(em: EntityManager, loanId: string, id: string, dto: CollateralDto, userId: string): Promise<number> {
    const [, count] = await em.query(
      `UPDATE collateral SET kind = $3, owner = $4, description = $5, appraised_value_fen = $6, certificate_no = $7, updated_by = $8, updated_at = now()
        WHERE id = $1 AND loan_id = $2`,
      [id, loanId, ...this.values(dto), userId],
    );
    return count;
  }

  /** Deletes a row of the loan's register; answers how many rows went (0: no such row). */
  async delete(em: EntityManager, loanId: string, id: string): Promise<number> {
    const [, count] = await em.query(`DELETE FROM collateral WHERE id = $1 AND loan_id = $2`, [id, loanId]);
    return count;
  }
}
