import { HttpStatus, Injectable, Logger, StreamableFile } from '@nestjs/common';
import { formatBasisPoints, percentToBasisPoints } from '@app/workflow';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import { exportSheet, pagedRows, formatTime, type SheetColumn } from '../common/spreadsheet';
import { UUID } from './banks.service';
import { LoanTypeDto, LoanTypeListQuery, LoanTypeSort } from './basic-data.dto';
import type { LoanTypeOptionDto, LoanTypeRowDto } from './basic-data.responses';

const SORT_COLUMNS: Record<LoanTypeSort, string> = { name: 't.name', feeRate: 't.fee_rate_bp', createdAt: 't.created_at' };

// Loans name their loan type as text (loan.loan_type).
const COLUMNS = `t.id, t.name, t.fee_rate_bp, t.repayment_reminder_days, t.maturity_reminder_days, t.maturity_reminder_offsets, t.created_at, t.updated_at,
  (SELECT count(*)::int FROM loan l WHERE l.loan_type = t.name AND l.deleted_at IS NULL) AS loan_count`;

function toRow(r: Record<string, any>): LoanTypeRowDto {
  return {
    id: r.id,
    name: r.name,
    feeRate: Number(formatBasisPoints(r.fee_rate_bp)),
    feeRateBp: r.fee_rate_bp,
    repaymentReminderDays: r.repayment_reminder_days,
    maturityReminderDays: r.maturity_reminder_days,
    maturityReminderOffsets: r.maturity_reminder_offsets,
    loanCount: r.loan_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

const label = (zh: string, en: string) => ({ zh, en });
const EXPORT_COLUMNS: SheetColumn<LoanTypeRowDto>[] = [
  { header: label('贷款类型', 'Loan type'), width: 26, value: (t) => t.name },
  { header: label('担保费年费率（%）', 'Annual fee rate (%)'), value: (t) => formatBasisPoints(t.feeRateBp) },
  { header: label('还款提醒提前天数', 'Repayment reminder (days before)'), value: (t) => t.repaymentReminderDays },
  { header: label('到期提醒提前天数', 'Maturity reminder (days before)'), value: (t) => t.maturityReminderDays },
  { header: label('贷款笔数', 'Loans'), value: (t) => t.loanCount },
  { header: label('创建时间', 'Created'), value: (t) => formatTime(t.createdAt) },
];

/** Loan types: the guarantee fee rate the premium is computed from and the reminder lead days. */
@Injectable()
export class LoanTypesService {
  private readonly logger = new Logger(LoanTypesService.name);

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The rate in basis points: a percent from 0 to 100 with two decimals at most, else 400. */
  private basisPoints(dto: LoanTypeDto): number {
    const bp = percentToBasisPoints(dto.feeRate);
    if (bp === null || bp > 10000) throw new AppError(HttpStatus.BAD_REQUEST, CODES.feeRateInvalid, 'feeRateInvalid', {}, null, 'FeeRateInvalid');
    return bp;
  }

  /** 409 for a name another loan type has; the unique index still decides a race between two saves. */
  private async uniqueName<T>(name: string, selfId: string | null, work: () => Promise<T>): Promise<T> {
    const taken = () => AppError.ofField(HttpStatus.CONFLICT, CODES.loanTypeNameTaken, 'loanTypeNameTaken', 'name', 'LoanTypeNameTaken', { name });
    const [other] = await this.db.query(`SELECT 1 FROM loan_type WHERE name = $1 AND id IS DISTINCT FROM $2::uuid`, [name, selfId]);
    if (other) throw taken();
    try {
      return await work();
    } catch (error: unknown) {
      if ((error as { code?: string })?.code === '23505') throw taken();
      throw error;
    }
  }

  async create(dto: LoanTypeDto, user: AuthUser): Promise<LoanTypeRowDto> {
    const bp = this.basisPoints(dto);
    const [row] = await this.uniqueName(dto.name, null, () =>
      this.db.query(
        `INSERT INTO loan_type (name, fee_rate_bp, repayment_reminder_days, maturity_reminder_days, created_by, updated_by, maturity_reminder_offsets)
         VALUES ($1, $2, $3, $4, $5, $5, COALESCE($6::int[], '{30,15,7,1}')) RETURNING id`,
        [dto.name, bp, dto.repaymentReminderDays, dto.maturityReminderDays, user.id, dto.maturityReminderOffsets ?? null],
      ),
    );
    return this.get(row.id);
  }

  /** Replaces the fields; a new name is carried to the loans that named the old one, in the same transaction. */
  async update(id: string, dto: LoanTypeDto, user: AuthUser): Promise<LoanTypeRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('loanTypeNotFound');
    const bp = this.basisPoints(dto);
    await this.uniqueName(dto.name, id, () =>
      this.db.transaction(async (em) => {
        const [current] = await em.query(`SELECT name FROM loan_type WHERE id = $1 FOR UPDATE`, [id]);
        if (!current) throw AppError.notFound('loanTypeNotFound');
        await em.query(
          `UPDATE loan_type SET name = $2, fee_rate_bp = $3, repayment_reminder_days = $4, maturity_reminder_days = $5, updated_by = $6, updated_at = now(),
                  maturity_reminder_offsets = COALESCE($7::int[], maturity_reminder_offsets)
            WHERE id = $1`,
          [id, dto.name, bp, dto.repaymentReminderDays, dto.maturityReminderDays, user.id, dto.maturityReminderOffsets ?? null],
        );
        if (current.name !== dto.name) await em.query(`UPDATE loan SET loan_type = $2 WHERE loan_type = $1`, [current.name, dto.name]);
      }),
    );
    return this.get(id);
  }

  async get(id: string): Promise<LoanTypeRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('loanTypeNotFound');
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM loan_type t WHERE t.id = $1`, [id]);
    if (!row) throw AppError.notFound('loanTypeNotFound');
    return toRow(row);
  }

  /** The loan type a loan names, for the premium and the contract context (null when none matches). */
  async byName(name: string | null): Promise<LoanTypeRowDto | null> {
    if (!name) return null;
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM loan_type t WHERE t.name = $1`, [name]);
    return row ? toRow(row) : null;
  }

  async options(): Promise<LoanTypeOptionDto[]> {
    const rows = await this.db.query(`SELECT id, name, fee_rate_bp FROM loan_type ORDER BY name LIMIT 1000`);
    return rows.map((r: Record<string, any>) => ({ id: r.id, name: r.name, feeRateBp: r.fee_rate_bp }));
  }

  private async search(q: LoanTypeListQuery, page: { limit: number; offset: number }): Promise<{ rows: LoanTypeRowDto[]; total: number }> {
    const like = q.name ? `%${q.name.replace(/[%_\\]/g, '\\$&')}%` : null;
    const where = `WHERE ($1::text IS NULL OR t.name ILIKE $1)`;
    const sort = SORT_COLUMNS[q.sort ?? 'createdAt'];
    const order = q.order === 'desc' || (!q.order && !q.sort) ? 'DESC' : 'ASC';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`SELECT ${COLUMNS} FROM loan_type t ${where} ORDER BY ${sort} ${order}, t.id LIMIT $2 OFFSET $3`, [like, page.limit, page.offset]),
      this.db.query(`SELECT count(*)::int AS total FROM loan_type t ${where}`, [like]),
    ]);
    return { rows: rows.map(toRow), total };
  }

  async list(q: LoanTypeListQuery): Promise<Page<LoanTypeRowDto>> {
    const { rows, total } = await this.search(q, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
    return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async export(q: LoanTypeListQuery, lang: Lang): Promise<StreamableFile> {
    // Every row, a page at a time (no cap).
    const rows = pagedRows(async (limit, offset) => (await this.search(q, { limit, offset })).rows);
    return exportSheet({ name: label('贷款类型', 'Loan types'), columns: EXPORT_COLUMNS, rows }, lang, label('贷款类型', 'loan-types'), this.clock.now());
  }

  /** Refused while a live loan names the type (the row lock orders it against a rename). */
  async remove(id: string, user: AuthUser): Promise<{ id: string }> {
    if (!UUID.test(id)) throw AppError.notFound('loanTypeNotFound');
    await this.db.transaction(async (em) => {
      const [current] = await em.query(`SELECT name FROM loan_type WHERE id = $1 FOR UPDATE`, [id]);
      if (!current) throw AppError.notFound('loanTypeNotFound');
      const [{ count }] = await em.query(`SELECT count(*)::int AS count FROM loan WHERE loan_type = $1 AND deleted_at IS NULL`, [current.name]);
      if (count > 0) throw new AppError(HttpStatus.CONFLICT, CODES.loanTypeInUse, 'loanTypeInUse', { count }, { loanCount: count }, 'LoanTypeInUse');
      await em.query(`DELETE FROM loan_type WHERE id = $1`, [id]);
    });
    this.logger.log(`loan type ${id} deleted by ${user.username}`);
    return { id };
  }
}
