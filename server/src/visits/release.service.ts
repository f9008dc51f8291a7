import { Injectable, StreamableFile } from '@nestjs/common';
import { formatFen, GUARANTEE_ITEM_ID, type Label } from '@app/workflow';
import { AuthUser, holds } from '../auth/auth-user';
import { AppError } from '../common/errors';
import type { Lang } from '../common/i18n';
import { Clock } from '../common/clock';
import { EXPORT_MAX_ROWS, exportSheet, formatTime, type SheetColumn } from '../common/spreadsheet';
import { ReleaseRepository } from './release.repository';
import { ReleaseItemDto, ReleaseItemKind, ReleaseLedgerRowDto, ReleaseViewDto } from './visits.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const label = (zh: string, en: string): Label => ({ zh, en });

export const RELEASE_KIND_LABELS: Readonly<Record<ReleaseItemKind, Label>> = {
  GUARANTEE: label('担保责任', 'Guarantee'),
  MORTGAGE: label('抵押', 'Mortgage'),
  PLEDGE: label('质押', 'Pledge'),
  OTHER: label('其他', 'Other'),
};

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
    private readonly release: ReleaseRepository,
    private readonly clock: Clock,
  ) {}

  /** The guarantee and each confirmed collateral item of a loan, with what is released, by whom, when. */
  async items(loanId: string, user: AuthUser): Promise<ReleaseViewDto> {
    if (!holds(user, 'sys:loan:detail') && !holds(user, 'secure_list') && !holds(user, 'relieve_list')) {
      throw AppError.forbidden({ required: 'secure_list' });
    }
    const row = UUID.test(loanId) ? await this.release.instance(loanId) : undefined;
    if (!row) throw AppError.notFound('loanNotFound');
    const context = row.snapshot?.context ?? {};
    const confirmed: { id: string; kind: ReleaseItemKind }[] = Array.isArray(context.collateral) ? context.collateral : [];
    const register = await this.release.register(loanId);
    const released = await this.release.releasedOfLoan(loanId);
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

  async ledger(loanId?: string): Promise<ReleaseLedgerRowDto[]> {
    return this.release.ledger(loanId, EXPORT_MAX_ROWS);
  }

  async export(lang: Lang, loanId?: string): Promise<StreamableFile> {
    return exportSheet(
      { name: label('解保台账', 'Release ledger'), columns: LEDGER_COLUMNS, rows: this.release.ledgerRows(loanId) },
      lang,
      label('解保台账', 'release-ledger'),
      this.clock.now(),
    );
  }
}
