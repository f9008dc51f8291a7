import { Injectable } from '@nestjs/common';
import { formatBasisPoints } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
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

/** The SQL of the loan_type table (and the loans that name a type by its name). */
@Injectable()
export class LoanTypesRepository {
  constructor(private readonly db: DataSource) {}

  /** Another loan type carries this name (`selfId`: the type being saved, null for a new one). */
  async nameTaken(name: string, selfId: string | null): Promise<boolean> {
    const [other] = await this.db.query(`SELECT 1 FROM loan_type WHERE name = $1 AND id IS DISTINCT FROM $2::uuid`, [name, selfId]);
    return !!other;
  }

  async insert(dto: LoanTypeDto, bp: number, userId: string): Promise<string> {
    const [row] = await this.db.query(
      `INSERT INTO loan_type (name, fee_rate_bp, repayment_reminder_days, maturity_reminder_days, created_by, updated_by, maturity_reminder_offsets)
       VALUES ($1, $2, $3, $4, $5, $5, COALESCE($6::int[], '{30,15,7,1}')) RETURNING id`,
      [dto.name, bp, dto.repaymentReminderDays, dto.maturityReminderDays, userId, dto.maturityReminderOffsets ?? null],
    );
    return row.id;
  }

  /** The type's name, its row locked until the transaction ends; null when there is none. */
  async lockName(em: EntityManager, id: string): Promise<string | null> {
    const [current] = await em.query(`SELECT name FROM loan_type WHERE id = $1 FOR UPDATE`, [id]);
    return current ? current.name : null;
  }

  async update(em: EntityManager, id: string, dto: LoanTypeDto, bp: number, userId: string): Promise<void> {
    await em.query(
      `UPDATE loan_type SET name = $2, fee_rate_bp = $3, repayment_reminder_days = $4, maturity_reminder_days = $5, updated_by = $6, updated_at = now(),
              maturity_reminder_offsets = COALESCE($7::int[], maturity_reminder_offsets)
        WHERE id = $1`,
      [id, dto.name, bp, dto.repaymentReminderDays, dto.maturityReminderDays, userId, dto.maturityReminderOffsets ?? null],
    );
  }

  /** Carries a type's new name to the loans that named the old one. */
  async renameOnLoans(em: EntityManager, from: string, to: string): Promise<void> {
    await em.query(`UPDATE loan SET loan_type = $2 WHERE loan_type = $1`, [from, to]);
  }

  async row(id: string): Promise<LoanTypeRowDto | null> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM loan_type t WHERE t.id = $1`, [id]);
    return row ? toRow(row) : null;
  }

  async byName(name: string): Promise<LoanTypeRowDto | null> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM loan_type t WHERE t.name = $1`, [name]);
    return row ? toRow(row) : null;
  }

  async options(): Promise<LoanTypeOptionDto[]> {
    const rows = await this.db.query(`SELECT id, name, fee_rate_bp FROM loan_type ORDER BY name LIMIT 1000`);
    return rows.map((r: Record<string, any>) => ({ id: r.id, name: r.name, feeRateBp: r.fee_rate_bp }));
  }

  async search(q: LoanTypeListQuery, page: { limit: number; offset: number }): Promise<{ rows: LoanTypeRowDto[]; total: number }> {
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

  /** The live loans naming the type. */
  async loanCount(em: EntityManager, name: string): Promise<number> {
    const [{ count }] = await em.query(`SELECT count(*)::int AS count FROM loan WHERE loan_type = $1 AND deleted_at IS NULL`, [name]);
    return count;
  }

  async delete(em: EntityManager, id: string): Promise<void> {
    await em.query(`DELETE FROM loan_type WHERE id = $1`, [id]);
  }
}
