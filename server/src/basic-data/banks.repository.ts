import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BankDto, BankListQuery, BankSort } from './basic-data.dto';
import type { BankOptionDto, BankRowDto } from './basic-data.responses';

const SORT_COLUMNS: Record<BankSort, string> = {
  name: 'b.name',
  category: 'b.category',
  createdAt: 'b.created_at',
  templateCount: 'template_count',
};

// Loans name their bank as text (loan.bank): a loan "uses" the bank whose name it carries.
const COLUMNS = `b.id, b.name, b.category, b.phone, b.address, b.risk_share_bp, b.created_at, b.updated_at,
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
    riskShareBp: r.risk_share_bp,
    templateCount: r.template_count,
    enabledTypes: r.enabled_types,
    loanCount: r.loan_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The SQL of the bank table (and the loans that name a bank by its name). */
@Injectable()
export class BanksRepository {
  constructor(private readonly db: DataSource) {}

  /** Another live bank carries this name (`selfId`: the bank being saved, null for a new one). */
  async nameTaken(name: string, selfId: string | null): Promise<boolean> {
    const [other] = await this.db.query(`SELECT 1 FROM bank WHERE name = $1 AND deleted_at IS NULL AND id IS DISTINCT FROM $2::uuid`, [name, selfId]);
    return !!other;
  }

  async insert(dto: BankDto, userId: string): Promise<string> {
    const [row] = await this.db.query(
      `INSERT INTO bank (name, category, phone, address, risk_share_bp, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [dto.name, dto.category, dto.phone ?? null, dto.address ?? null, dto.riskShareBp ?? 0, userId],
    );
    return row.id;
  }

  /** The live bank's name, its row locked until the transaction ends; null when there is none. */
  async lockName(em: EntityManager, id: string): Promise<string | null> {
    const [bank] = await em.query(`SELECT name FROM bank WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
    return bank ? bank.name : null;
  }

  async update(em: EntityManager, id: string, dto: BankDto, userId: string): Promise<void> {
    await em.query(
      `UPDATE bank SET name = $2, category = $3, phone = $4, address = $5, risk_share_bp = COALESCE($7, risk_share_bp), updated_by = $6, updated_at = now()
        WHERE id = $1`,
      [id, dto.name, dto.category, dto.phone ?? null, dto.address ?? null, userId, dto.riskShareBp ?? null],
    );
  }

  /** Carries a bank's new name to the loans that named the old one. */
  async renameOnLoans(em: EntityManager, from: string, to: string): Promise<void> {
    await em.query(`UPDATE loan SET bank = $2 WHERE bank = $1`, [from, to]);
  }

  async row(id: string): Promise<BankRowDto | null> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM bank b WHERE b.id = $1 AND b.deleted_at IS NULL`, [id]);
    return row ? toRow(row) : null;
  }

  async options(): Promise<BankOptionDto[]> {
    return this.db.query(`SELECT id, name, category FROM bank WHERE deleted_at IS NULL ORDER BY name LIMIT 1000`);
  }

  async search(q: BankListQuery, page: { limit: number; offset: number }): Promise<{ rows: BankRowDto[]; total: number }> {
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

  /** The live loans naming the bank and its kept templates: a bank in use is not deleted. */
  async uses(em: EntityManager, id: string, name: string): Promise<{ loans: number; templates: number }> {
    const [{ loans }] = await em.query(`SELECT count(*)::int AS loans FROM loan WHERE bank = $1 AND deleted_at IS NULL`, [name]);
    const [{ templates }] = await em.query(`SELECT count(*)::int AS templates FROM bank_template WHERE bank_id = $1 AND deleted_at IS NULL`, [id]);
    return { loans, templates };
  }

  async softDelete(em: EntityManager, id: string, userId: string): Promise<void> {
    await em.query(`UPDATE bank SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE id = $1`, [id, userId]);
  }
}
