import { Injectable } from '@nestjs/common';
import { GUARANTEE_ITEM_ID } from '@app/workflow';
import { DataSource } from 'typeorm';
import { cursorRows } from '../common/spreadsheet';
import type { ReleaseItemKind, ReleaseLedgerRowDto } from './visits.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every confirmed release, from the loans' own histories (CONFIRM_RELEASE events: who and when),
 * with the item's kind and value from the collateral register (fixed since the counter-guarantee was
 * confirmed) or, for the guarantee itself, the guaranteed amount.
 */
function toLedgerRow(r: Record<string, any>): ReleaseLedgerRowDto {
  return {
    loanId: r.loanId,
    company: r.company,
    itemId: r.itemId,
    kind: (r.kind ?? 'OTHER') as ReleaseItemKind,
    description: r.description || null,
    valueFen: r.valueFen === null ? null : Number(r.valueFen),
    releasedAt: new Date(r.releasedAt).toISOString(),
    releasedByName: r.releasedByName ?? null,
  };
}

const LEDGER_SELECT = `
  SELECT e.loan_id AS "loanId", c.name AS company, e.payload->>'itemId' AS "itemId",
         CASE WHEN e.payload->>'itemId' = $1 THEN 'GUARANTEE'
              -- an item missing from the register still has the kind B-post confirmed it as
              ELSE COALESCE(col.kind, (SELECT x->>'kind' FROM jsonb_array_elements(COALESCE(wi.snapshot->'context'->'collateral', '[]'::jsonb)) x
                                        WHERE x->>'id' = e.payload->>'itemId' LIMIT 1)) END AS kind,
         CASE WHEN e.payload->>'itemId' = $1 THEN NULL ELSE concat_ws(' · ', col.owner, col.description) END AS description,
         CASE WHEN e.payload->>'itemId' = $1 THEN wi.amount_fen ELSE col.appraised_value_fen END::bigint AS "valueFen",
         e.at AS "releasedAt", u.nickname AS "releasedByName"
    FROM workflow_event e
    JOIN workflow_instance wi ON wi.loan_id = e.loan_id
    JOIN loan l ON l.id = e.loan_id AND l.deleted_at IS NULL
    JOIN company c ON c.id = l.company_id
    LEFT JOIN collateral col ON col.loan_id = e.loan_id AND col.id::text = e.payload->>'itemId'
    LEFT JOIN app_user u ON u.id = e.actor_id
   WHERE e.type = 'CONFIRM_RELEASE'`;

/** The SQL of the release of the guarantee and collateral, and of the release ledger. */
@Injectable()
export class ReleaseRepository {
  constructor(private readonly db: DataSource) {}

  /** The live loan's snapshot and guaranteed amount (fen); undefined when there is no such loan. */
  async instance(loanId: string): Promise<{ snapshot: any; amountFen: string } | undefined> {
    const [row] = await this.db.query(
      `SELECT wi.snapshot, wi.amount_fen::bigint AS "amountFen" FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id
        WHERE wi.loan_id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return row;
  }

  /** The loan's collateral register. */
  async register(loanId: string): Promise<Record<string, any>[]> {
    return this.db.query(`SELECT id::text AS id, owner, description, appraised_value_fen::bigint AS "valueFen" FROM collateral WHERE loan_id = $1`, [loanId]);
  }

  /** The loan's confirmed releases (ledger rows as PostgreSQL answers them), in order. */
  async releasedOfLoan(loanId: string): Promise<Record<string, any>[]> {
    return this.db.query(`${LEDGER_SELECT} AND e.loan_id = $2 ORDER BY e.seq`, [GUARANTEE_ITEM_ID, loanId]);
  }

  /** The ledger's statement; the JSON list keeps its page of EXPORT_MAX_ROWS, the export reads every row. */
  private ledgerSql(loanId: string | undefined, limit?: number): { sql: string; params: unknown[] } {
    const filter = loanId && UUID.test(loanId) ? ` AND e.loan_id = $2` : loanId ? ` AND false` : '';
    return {
      sql: `${LEDGER_SELECT}${filter} ORDER BY e.at DESC, e.id DESC${limit ? ` LIMIT ${limit}` : ''}`,
      params: [GUARANTEE_ITEM_ID, ...(filter.includes('$2') ? [loanId] : [])],
    };
  }

  /** The ledger's first `limit` rows, newest first (one loan's, or every loan's). */
  async ledger(loanId: string | undefined, limit: number): Promise<ReleaseLedgerRowDto[]> {
    const { sql, params } = this.ledgerSql(loanId, limit);
    const rows: Record<string, any>[] = await this.db.query(sql, params);
    return rows.map(toLedgerRow);
  }

  /** Every row of the ledger, newest first, read through a cursor (the export). */
  async *ledgerRows(loanId: string | undefined): AsyncGenerator<ReleaseLedgerRowDto> {
    const { sql, params } = this.ledgerSql(loanId);
    for await (const r of cursorRows(this.db, sql, params)) yield toLedgerRow(r);
  }
}
