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
import { LoanTypeDto, LoanTypeListQuery } from './basic-data.dto';
import { LoanTypesRepository } from './loan-types.repository';
import type { LoanTypeOptionDto, LoanTypeRowDto } from './basic-data.responses';

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
    private readonly types: LoanTypesRepository,
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
    if (await this.types.nameTaken(name, selfId)) throw taken();
    try {
      return await work();
    } catch (error: unknown) {
      if ((error as { code?: string })?.code === '23505') throw taken();
      throw error;
    }
  }

  async create(dto: LoanTypeDto, user: AuthUser): Promise<LoanTypeRowDto> {
    const bp = this.basisPoints(dto);
    const id = await this.uniqueName(dto.name, null, () => this.types.insert(dto, bp, user.id));
    return this.get(id);
  }

  /** Replaces the fields; a new name is carried to the loans that named the old one, in the same transaction. */
  async update(id: string, dto: LoanTypeDto, user: AuthUser): Promise<LoanTypeRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('loanTypeNotFound');
    const bp = this.basisPoints(dto);
    await this.uniqueName(dto.name, id, () =>
      this.db.transaction(async (em) => {
        const name = await this.types.lockName(em, id);
        if (name === null) throw AppError.notFound('loanTypeNotFound');
        await this.types.update(em, id, dto, bp, user.id);
        if (name !== dto.name) await this.types.renameOnLoans(em, name, dto.name);
      }),
    );
    return this.get(id);
  }

  async get(id: string): Promise<LoanTypeRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('loanTypeNotFound');
    const row = await this.types.row(id);
    if (!row) throw AppError.notFound('loanTypeNotFound');
    return row;
  }

  /** The loan type a loan names, for the premium and the contract context (null when none matches). */
  async byName(name: string | null): Promise<LoanTypeRowDto | null> {
    if (!name) return null;
    return this.types.byName(name);
  }

  async options(): Promise<LoanTypeOptionDto[]> {
    return this.types.options();
  }

  async list(q: LoanTypeListQuery): Promise<Page<LoanTypeRowDto>> {
    const { rows, total } = await this.types.search(q, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
    return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async export(q: LoanTypeListQuery, lang: Lang): Promise<StreamableFile> {
    // Every row, a page at a time (no cap).
    const rows = pagedRows(async (limit, offset) => (await this.types.search(q, { limit, offset })).rows);
    return exportSheet({ name: label('贷款类型', 'Loan types'), columns: EXPORT_COLUMNS, rows }, lang, label('贷款类型', 'loan-types'), this.clock.now());
  }

  /** Refused while a live loan names the type (the row lock orders it against a rename). */
  async remove(id: string, user: AuthUser): Promise<{ id: string }> {
    if (!UUID.test(id)) throw AppError.notFound('loanTypeNotFound');
    await this.db.transaction(async (em) => {
      const name = await this.types.lockName(em, id);
      if (name === null) throw AppError.notFound('loanTypeNotFound');
      const count = await this.types.loanCount(em, name);
      if (count > 0) throw new AppError(HttpStatus.CONFLICT, CODES.loanTypeInUse, 'loanTypeInUse', { count }, { loanCount: count }, 'LoanTypeInUse');
      await this.types.delete(em, id);
    });
    this.logger.log(`loan type ${id} deleted by ${user.username}`);
    return { id };
  }
}
