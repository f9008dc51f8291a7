import { HttpStatus, Injectable, Logger, StreamableFile } from '@nestjs/common';
import { companyEnumOption } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import { exportSheet, pagedRows, formatTime, type SheetColumn } from '../common/spreadsheet';
import { BanksRepository } from './banks.repository';
import { BankDto, BankListQuery } from './basic-data.dto';
import type { BankOptionDto, BankRowDto } from './basic-data.responses';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const label = (zh: string, en: string) => ({ zh, en });
const categoryWords = (key: string, lang: Lang) => {
  const option = companyEnumOption('bankCategory', key);
  return option ? (lang === 'en' ? option.en : option.zh) : key;
};

const EXPORT_COLUMNS: SheetColumn<BankRowDto>[] = [
  { header: label('银行名称', 'Bank'), width: 28, value: (b) => b.name },
  { header: label('银行类别', 'Category'), width: 22, value: (b, lang) => categoryWords(b.category, lang) },
  { header: label('联系电话', 'Phone'), width: 16, value: (b) => b.phone },
  { header: label('地址', 'Address'), width: 36, value: (b) => b.address },
  { header: label('模板数', 'Templates'), value: (b) => b.templateCount },
  { header: label('贷款笔数', 'Loans'), value: (b) => b.loanCount },
  { header: label('创建时间', 'Created'), value: (b) => formatTime(b.createdAt) },
];

/** Banks: the loans' lenders and the owners of the contract templates. */
@Injectable()
export class BanksService {
  private readonly logger = new Logger(BanksService.name);

  constructor(
    private readonly db: DataSource,
    private readonly banks: BanksRepository,
    private readonly clock: Clock,
  ) {}

  /** 409 for a name another live bank has; the unique index still decides a race between two saves. */
  private async uniqueName<T>(name: string, selfId: string | null, work: () => Promise<T>): Promise<T> {
    const taken = () => AppError.ofField(HttpStatus.CONFLICT, CODES.bankNameTaken, 'bankNameTaken', 'name', 'BankNameTaken', { name });
    if (await this.banks.nameTaken(name, selfId)) throw taken();
    try {
      return await work();
    } catch (error: unknown) {
      if ((error as { code?: string })?.code === '23505') throw taken();
      throw error;
    }
  }

  async create(dto: BankDto, user: AuthUser): Promise<BankRowDto> {
    const id = await this.uniqueName(dto.name, null, () => this.banks.insert(dto, user.id));
    return this.get(id);
  }

  /**
   * Replaces the bank's fields. A new name is carried to the loans that named the old one, in the same
   * transaction, so they keep pointing at this bank.
   */
  async update(id: string, dto: BankDto, user: AuthUser): Promise<BankRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('bankNotFound');
    await this.uniqueName(dto.name, id, () =>
      this.db.transaction(async (em) => {
        const name = await this.banks.lockName(em, id);
        if (name === null) throw AppError.notFound('bankNotFound');
        await this.banks.update(em, id, dto, user.id);
        if (name !== dto.name) await this.banks.renameOnLoans(em, name, dto.name);
      }),
    );
    return this.get(id);
  }

  async get(id: string): Promise<BankRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('bankNotFound');
    const row = await this.banks.row(id);
    if (!row) throw AppError.notFound('bankNotFound');
    return row;
  }

  /** Every live bank by name, for the choosers of other stages. */
  async options(): Promise<BankOptionDto[]> {
    return this.banks.options();
  }

  async list(q: BankListQuery): Promise<Page<BankRowDto>> {
    const { rows, total } = await this.banks.search(q, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
    return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async export(q: BankListQuery, lang: Lang): Promise<StreamableFile> {
    // Every row, a page at a time (no cap).
    const rows = pagedRows(async (limit, offset) => (await this.banks.search(q, { limit, offset })).rows);
    return exportSheet({ name: label('银行列表', 'Banks'), columns: EXPORT_COLUMNS, rows }, lang, label('银行列表', 'banks'), this.clock.now());
  }

  /**
   * Soft delete, refused while a live loan names the bank or a template of it is kept. The bank row is
   * locked first: a template upload for it at the same moment waits, then finds it gone.
   */
  async remove(id: string, user: AuthUser): Promise<{ id: string }> {
    if (!UUID.test(id)) throw AppError.notFound('bankNotFound');
    await this.db.transaction(async (em: EntityManager) => {
      const name = await this.banks.lockName(em, id);
      if (name === null) throw AppError.notFound('bankNotFound');
      const { loans, templates } = await this.banks.uses(em, id, name);
      if (loans > 0 || templates > 0) {
        throw new AppError(
          HttpStatus.CONFLICT,
          CODES.bankInUse,
          'bankInUse',
          { loans, templates },
          { loanCount: loans, templateCount: templates },
          'BankInUse',
        );
      }
      await this.banks.softDelete(em, id, user.id);
    });
    this.logger.log(`bank ${id} deleted by ${user.username}`);
    return { id };
  }
}
