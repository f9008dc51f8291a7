import { HttpStatus, Injectable, Logger, StreamableFile } from '@nestjs/common';
import { companyEnumOption } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import { exportSheet, pagedRows, formatTime, type SheetColumn } from '../common/spreadsheet';
import { BankDto, BankListQuery, BankSort } from './basic-data.dto';
import type { BankOptionDto, BankRowDto } from './basic-data.responses';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SORT_COLUMNS: Record<BankSort, string> = {
  name: 'b.name',
  category: 'b.category',
  createdAt: 'b.created_at',
  templateCount: 'template_count',
};

// Loans name their bank as text (loan.bank): a loan "uses" the bank whose name it carries.
const COLUMNS = `b.id, b.name, b.category, b.phone, b.address, b.created_at, b.updated_at,
  (SELECT count(*)::int FROM bank_template t WHERE t.bank_id = b.id AND t.deleted_at IS NULL) AS template_count,
  (SELECT count(DISTINCT t.contract_type)::int FROM bank_template t WHERE t.bank_id = b.id AND t.deleted_at IS NULL AND t.enabled) AS enabled_types,
  (SELECT count(*)::int FROM loan l WHERE l.bank = b.name AND l.deleted_at IS NULL) AS loan_count`;

function toRow(r: Record<string, any>): BankRowDto {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    phone: r.phone,
    address: r.address,
    templateCount: r.template_count,
    enabledTypes: r.enabled_types,
    loanCount: r.loan_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

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
    private readonly clock: Clock,
  ) {}

  /** 409 for a name another live bank has; the unique index still decides a race between two saves. */
  private async uniqueName<T>(name: string, selfId: string | null, work: () => Promise<T>): Promise<T> {
    const taken = () => AppError.ofField(HttpStatus.CONFLICT, CODES.bankNameTaken, 'bankNameTaken', 'name', 'BankNameTaken', { name });
    const [other] = await this.db.query(`SELECT 1 FROM bank WHERE name = $1 AND deleted_at IS NULL AND id IS DISTINCT FROM $2::uuid`, [name, selfId]);
    if (other) throw taken();
    try {
      return await work();
    } catch (error: unknown) {
      if ((error as { code?: string })?.code === '23505') throw taken();
      throw error;
    }
  }

  async create(dto: BankDto, user: AuthUser): Promise<BankRowDto> {
    const [row] = await this.uniqueName(dto.name, null, () =>
      this.db.query(`INSERT INTO bank (name, category, phone, address, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`, [
        dto.name,
        dto.category,
        dto.phone ?? null,
        dto.address ?? null,
        user.id,
      ]),
    );
    return this.get(row.id);
  }

  /**
   * Replaces the bank's fields. A new name is carried to the loans that named the old one, in the same
   * transaction, so they keep pointing at this bank.
   */
  async update(id: string, dto: BankDto, user: AuthUser): Promise<BankRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('bankNotFound');
    await this.uniqueName(dto.name, id, () =>
      this.db.transaction(async (em) => {
        const [bank] = await em.query(`SELECT name FROM bank WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
        if (!bank) throw AppError.notFound('bankNotFound');
        await em.query(`UPDATE bank SET name = $2, category = $3, phone = $4, address = $5, updated_by = $6, updated_at = now() WHERE id = $1`, [
          id,
          dto.name,
          dto.category,
          dto.phone ?? null,
          dto.address ?? null,
          user.id,
        ]);
        if (bank.name !== dto.name) await em.query(`UPDATE loan SET bank = $2 WHERE bank = $1`, [bank.name, dto.name]);
      }),
    );
    return this.get(id);
  }

  async get(id: string): Promise<BankRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('bankNotFound');
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM bank b WHERE b.id = $1 AND b.deleted_at IS NULL`, [id]);
    if (!row) throw AppError.notFound('bankNotFound');
    return toRow(row);
  }

  /** Every live bank by name, for the choosers of other stages. */
  async options(): Promise<BankOptionDto[]> {
    return this.db.query(`SELECT id, name, category FROM bank WHERE deleted_at IS NULL ORDER BY name LIMIT 1000`);
  }

  private async search(q: BankListQuery, page: { limit: number; offset: number }): Promise<{ rows: BankRowDto[]; total: number }> {
    const like = q.name ? `%${q.name.replace(/[%_\\]/g, '\\$&')}%` : null;
    const params = [like, q.category ?? null];
    const where = `WHERE b.deleted_at IS NULL AND ($1::text IS NULL OR b.name ILIKE $1) AND ($2::text IS NULL OR b.category = $2)`;
    const sort = SORT_COLUMNS[q.sort ?? 'createdAt'];
    const order = q.order === 'desc' || (!q.order && !q.sort) ? 'DESC' : 'ASC';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`SELECT ${COLUMNS} FROM bank b ${where} ORDER BY ${sort} ${order}, b.id LIMIT $3 OFFSET $4`, [...params, page.limit, page.offset]),
      this.db.query(`SELECT count(*)::int AS total FROM bank b ${where}`, params),
    ]);
    return { rows: rows.map(toRow), total };
  }

  async list(q: BankListQuery): Promise<Page<BankRowDto>> {
    const { rows, total } = await this.search(q, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
    return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async export(q: BankListQuery, lang: Lang): Promise<StreamableFile> {
    // Every row, a page at a time (no cap).
    const rows = pagedRows(async (limit, offset) => (await this.search(q, { limit, offset })).rows);
    return exportSheet({ name: label('银行列表', 'Banks'), columns: EXPORT_COLUMNS, rows }, lang, label('银行列表', 'banks'), this.clock.now());
  }

  /**
   * Soft delete, refused while a live loan names the bank or a template of it is kept. The bank row is
   * locked first: a template upload for it at the same moment waits, then finds it gone.
   */
  async remove(id: string, user: AuthUser): Promise<{ id: string }> {
    if (!UUID.test(id)) throw AppError.notFound('bankNotFound');
    await this.db.transaction(async (em: EntityManager) => {
      const [bank] = await em.query(`SELECT name FROM bank WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
      if (!bank) throw AppError.notFound('bankNotFound');
      const [{ loans }] = await em.query(`SELECT count(*)::int AS loans FROM loan WHERE bank = $1 AND deleted_at IS NULL`, [bank.name]);
      const [{ templates }] = await em.query(`SELECT count(*)::int AS templates FROM bank_template WHERE bank_id = $1 AND deleted_at IS NULL`, [id]);
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
      await em.query(`UPDATE bank SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE id = $1`, [id, user.id]);
    });
    this.logger.log(`bank ${id} deleted by ${user.username}`);
    return { id };
  }
}
