import { Injectable, StreamableFile } from '@nestjs/common';
import { formatFen, GUARANTEE_ITEM_ID, type Label } from '@app/workflow';
import { DataSource } from 'typeorm';
import { AuthUser, holds } from '../auth/auth-user';
import { AppError } from '../common/errors';
import type { Lang } from '../common/i18n';
import { Clock } from '../common/clock';
import { cursorRows, EXPORT_MAX_ROWS, exportSheet, formatTime, type SheetColumn } from '../common/spreadsheet';
import { ReleaseItemDto, ReleaseItemKind, ReleaseLedgerRowDto, ReleaseViewDto } from './visits.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const label = (zh: string, en: string): Label => ({ zh, en });

export const RELEASE_KIND_LABELS: Readonly<Record<ReleaseItemKind, Label>> = {
  GUARANTEE: label('担保责任', 'Guarantee'),
  MORTGAGE: label('抵押', 'Mortgage'),
  PLEDGE: label('质押', 'Pledge'),
  OTHER: label('其他', 'Other'),
};

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

const LEDGER_COLUMNS: SheetColumn<ReleaseLedgerRowDto>[] = [
  { header: label('企业名称', 'Company'), width: 32, value: (r) => r.company },
  { header: label('贷款编号', 'Loan'), width: 38, value: (r) => r.loanId },
  {
    header: label('解除项', 'Item'),
    width: 38,
    // Named by the register (owner · what it is); never by its id, which says nothing to staff.
    value: (r, lang) =>
      r.kind === 'GUARANTEE'
        ? lang === 'en'
          ? 'Guarantee'
          : '担保责任'
        : r.description || (lang === 'en' ? RELEASE_KIND_LABELS[r.kind].en : RELEASE_KIND_LABELS[r.kind].zh),
  },
  { header: label('类别', 'Kind'), width: 12, value: (r, lang) => (lang === 'en' ? RELEASE_KIND_LABELS[r.kind].en : RELEASE_KIND_LABELS[r.kind].zh) },
  { header: label('金额/价值（元）', 'Value (yuan)'), width: 18, value: (r) => (r.valueFen === null ? '' : formatFen(r.valueFen)) },
  { header: label('解除时间', 'Released at'), time: true, width: 20, value: (r) => formatTime(r.releasedAt) },
  { header: label('经办人', 'Released by'), width: 14, value: (r) => r.releasedByName ?? '' },
];

/** Release of the guarantee and collateral (secure) and the release ledger (relieve). */
@Injectable()
export class ReleaseService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The guarantee and each confirmed collateral item of a loan, with what is released, by whom, when. */
  async items(loanId: string, user: AuthUser): Promise<ReleaseViewDto> {
    if (!holds(user, 'sys:loan:detail') && !holds(user, 'secure_list') && !holds(user, 'relieve_list')) {
      throw AppError.forbidden({ required: 'secure_list' });
    }
    const [row] = UUID.test(loanId)
      ? await this.db.query(
          `SELECT wi.snapshot, wi.amount_fen::bigint AS "amountFen" FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id
            WHERE wi.loan_id = $1 AND l.deleted_at IS NULL`,
          [loanId],
        )
      : [];
    if (!row) throw AppError.notFound('loanNotFound');
    const context = row.snapshot?.context ?? {};
    const confirmed: { id: string; kind: ReleaseItemKind }[] = Array.isArray(context.collateral) ? context.collateral : [];
    const register: Record<string, any>[] = await this.db.query(
      `SELECT id::text AS id, owner, description, appraised_value_fen::bigint AS "valueFen" FROM collateral WHERE loan_id = $1`,
      [loanId],
    );
    const released: Record<string, any>[] = await this.db.query(`${LEDGER_SELECT} AND e.loan_id = $2 ORDER BY e.seq`, [GUARANTEE_ITEM_ID, loanId]);
    const releasedOf = new Map(released.map((r) => [r.itemId as string, r]));
    const item = (itemId: string, kind: ReleaseItemKind, owner: string | null, description: string | null, valueFen: number | null): ReleaseItemDto => {
      const done = releasedOf.get(itemId);
      return {
        itemId,
        kind,
        owner,
        description,
        valueFen,
        state: done ? 'RELEASED' : 'UNRESOLVED',
        releasedAt: done ? new Date(done.releasedAt).toISOString() : null,
        releasedByName: done?.releasedByName ?? null,
      };
    };
    const items = [
      item(GUARANTEE_ITEM_ID, 'GUARANTEE', null, null, Number(row.amountFen)),
      ...confirmed.map((c) => {
        const r = register.find((x) => x.id === c.id);
        return item(c.id, c.kind, r?.owner ?? null, r?.description ?? null, r?.valueFen == null ? null : Number(r.valueFen));
      }),
    ];
    const value = row.snapshot?.value;
    return { loanId, releasable: typeof value === 'object' && value !== null && 'release' in value, items };
  }

  /** The ledger's statement; the JSON list keeps its page of EXPORT_MAX_ROWS, the export reads every row. */
  private ledgerSql(loanId: string | undefined, limit?: number): { sql: string; params: unknown[] } {
    const filter = loanId && UUID.test(loanId) ? ` AND e.loan_id = $2` : loanId ? ` AND false` : '';
    return {
      sql: `${LEDGER_SELECT}${filter} ORDER BY e.at DESC, e.id DESC${limit ? ` LIMIT ${limit}` : ''}`,
      params: [GUARANTEE_ITEM_ID, ...(filter.includes('$2') ? [loanId] : [])],
    };
  }

  async ledger(loanId?: string): Promise<ReleaseLedgerRowDto[]> {
    const { sql, params } = this.ledgerSql(loanId, EXPORT_MAX_ROWS);
    const rows: Record<string, any>[] = await this.db.query(sql, params);
    return rows.map(toLedgerRow);
  }

  async export(lang: Lang, loanId?: string): Promise<StreamableFile> {
    const { sql, params } = this.ledgerSql(loanId);
    const cursor = cursorRows(this.db, sql, params);
    async function* rows() {
      for await (const r of cursor) yield toLedgerRow(r);
    }
    return exportSheet(
      { name: label('解保台账', 'Release ledger'), columns: LEDGER_COLUMNS, rows: rows() },
      lang,
      label('解保台账', 'release-ledger'),
      this.clock.now(),
    );
  }
}
