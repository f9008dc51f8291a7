import { Injectable } from '@nestjs/common';
import type { SnapshotLike } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { cursorRows } from '../common/spreadsheet';
import type { CompanyDto, CompanyListQuery, CompanySort } from './company.dto';

/** Loans in these stages are over: they no longer keep their company from being deleted (constants, inlined). */
const FINISHED_STAGES = ['closed', 'discontinued'] as const;
const UNDER_WAY = `wi.stage NOT IN (${FINISHED_STAGES.map((stage) => `'${stage}'`).join(', ')})`;

const SORT_COLUMNS: Record<CompanySort, string> = {
  name: 'c.name',
  creditCode: 'c.credit_code',
  createdAt: 'c.created_at',
  registeredCapital: 'c.registered_capital',
  establishedDate: 'c.established_date',
};

const COLUMNS = `c.id, c.name, c.credit_code, c.legal_representative, c.registered_capital::float8 AS registered_capital,
  to_char(c.established_date, 'YYYY-MM-DD') AS established_date, c.registered_address, c.district_code, c.contact_person,
  c.contact_phone, c.enterprise_kinds, c.qualifications, c.property_type, c.bank_category, c.listing_type,
  c.strategic_industries, c.honours, c.employee_count, c.main_business, c.created_at, c.updated_at,
  (SELECT count(*)::int FROM loan l WHERE l.company_id = c.id AND l.deleted_at IS NULL) AS loan_count,
  (SELECT count(*)::int FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
    WHERE l.company_id = c.id AND l.deleted_at IS NULL AND ${UNDER_WAY}) AS open_loan_count`;

/** A company as read: its columns with how many live loans it has and how many of them are under way. */
export interface CompanyRow {
  id: string;
  name: string;
  credit_code: string;
  legal_representative: string | null;
  registered_capital: number | null;
  established_date: string | null;
  registered_address: string | null;
  district_code: string | null;
  contact_person: string | null;
  contact_phone: string | null;
  enterprise_kinds: string[] | null;
  qualifications: string[] | null;
  property_type: string | null;
  bank_category: string | null;
  listing_type: string | null;
  strategic_industries: string[] | null;
  honours: string[] | null;
  employee_count: number | null;
  main_business: string | null;
  created_at: Date;
  updated_at: Date;
  loan_count: number;
  open_loan_count: number;
}

/** A loan of the company, as its page lists it. */
export interface CompanyLoanRow {
  id: string;
  amount: number | null;
  term_months: number;
  bank: string | null;
  created_at: Date;
  snapshot: SnapshotLike;
}

/** The company's fields in the order of the INSERT's and the UPDATE's parameters $1-$18. */
function values(dto: CompanyDto): unknown[] {
  return [
    dto.name,
    dto.creditCode,
    dto.legalRepresentative ?? null,
    dto.registeredCapital ?? null,
    dto.establishedDate ?? null,
    dto.registeredAddress ?? null,
    dto.districtCode ?? null,
    dto.contactPerson ?? null,
    dto.contactPhone ?? null,
    dto.enterpriseKinds ?? [],
    dto.qualifications ?? [],
    dto.propertyType ?? null,
    dto.bankCategory ?? null,
    dto.listingType ?? null,
    dto.strategicIndustries ?? [],
    dto.honours ?? [],
    dto.employeeCount ?? null,
    dto.mainBusiness ?? null,
  ];
}

/** The list's filters and sort as SQL, shared by its pages and its export's cursor. */
function searchSql(q: CompanyListQuery): { where: string; orderBy: string; params: unknown[] } {
  const like = (value?: string) => (value ? `%${value.replace(/[%_\\]/g, '\\$&')}%` : null);
  const params = [like(q.name), like(q.creditCode), q.districtCode ?? null, q.enterpriseKind ?? null, q.qualification ?? null];
  const where = `WHERE c.deleted_at IS NULL
        AND ($1::text IS NULL OR c.name ILIKE $1)
        AND ($2::text IS NULL OR c.credit_code ILIKE $2)
        AND ($3::text IS NULL OR c.district_code = $3)
        AND ($4::text IS NULL OR $4 = ANY(c.enterprise_kinds))
        AND ($5::text IS NULL OR $5 = ANY(c.qualifications))`;
  const sort = SORT_COLUMNS[q.sort ?? 'createdAt'];
  const order = q.order === 'desc' || (!q.order && !q.sort) ? 'DESC' : 'ASC';
  return { where, orderBy: `ORDER BY ${sort} ${order} NULLS LAST, c.id`, params };
}

/** The SQL of the company table, and of the company's loans as its page and its deletion see them. */
@Injectable()
export class CompaniesRepository {
  constructor(private readonly db: DataSource) {}

  /** Whether another live company (not `selfId`) has the credit code. */
  async creditCodeTaken(creditCode: string, selfId: string | null): Promise<boolean> {
    const [taken] = await this.db.query(`SELECT 1 FROM company WHERE credit_code = $1 AND deleted_at IS NULL AND id IS DISTINCT FROM $2::uuid`, [
      creditCode,
      selfId,
    ]);
    return !!taken;
  }

  /** Inserts the company created by the user; its id. Fails with 23505 when its credit code was taken in between. */
  async insert(dto: CompanyDto, userId: string): Promise<string> {
    const [row] = await this.db.query(
      `INSERT INTO company (name, credit_code, legal_representative, registered_capital, established_date, registered_address,
                            district_code, contact_person, contact_phone, enterprise_kinds, qualifications, property_type,
                            bank_category, listing_type, strategic_industries, honours, employee_count, main_business,
                            created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19) RETURNING id`,
      [...values(dto), userId],
    );
    return row.id;
  }

  async exists(id: string): Promise<boolean> {
    const [exists] = await this.db.query(`SELECT 1 FROM company WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return !!exists;
  }

  /** Writes the live company's fields; false when there is no such company (any more). */
  async update(id: string, dto: CompanyDto, userId: string): Promise<boolean> {
    const updated = await this.db.query(
      `UPDATE company SET name = $1, credit_code = $2, legal_representative = $3, registered_capital = $4, established_date = $5,
              registered_address = $6, district_code = $7, contact_person = $8, contact_phone = $9, enterprise_kinds = $10,
              qualifications = $11, property_type = $12, bank_category = $13, listing_type = $14, strategic_industries = $15,
              honours = $16, employee_count = $17, main_business = $18, updated_by = $19, updated_at = now()
        WHERE id = $20 AND deleted_at IS NULL RETURNING id`,
      [...values(dto), userId, id],
    );
    return !!updated[0]?.length;
  }

  async company(id: string): Promise<CompanyRow | null> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM company c WHERE c.id = $1 AND c.deleted_at IS NULL`, [id]);
    return row ?? null;
  }

  /** The company's live loans, newest first (100 at most), each with its workflow snapshot. */
  loans(companyId: string): Promise<CompanyLoanRow[]> {
    return this.db.query(
      `SELECT l.id, (wi.snapshot->'context'->>'amount')::float8 AS amount, l.term_months, l.bank, l.created_at, wi.snapshot
         FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.company_id = $1 AND l.deleted_at IS NULL ORDER BY l.created_at DESC, l.id LIMIT 100`,
      [companyId],
    );
  }

  /** One page of the list under its filters and sort, with how many there are in all. */
  async page(q: CompanyListQuery, limit: number, offset: number): Promise<{ rows: CompanyRow[]; total: number }> {
    const { where, orderBy, params } = searchSql(q);
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`SELECT ${COLUMNS} FROM company c ${where} ${orderBy} LIMIT $6 OFFSET $7`, [...params, limit, offset]),
      this.db.query(`SELECT count(*)::int AS total FROM company c ${where}`, params),
    ]);
    return { rows, total };
  }

  /** Every row of the list under its filters and sort, read from a cursor (nothing is read before the first row is asked for). */
  cursor(q: CompanyListQuery): AsyncGenerator<CompanyRow> {
    const { where, orderBy, params } = searchSql(q);
    return cursorRows<CompanyRow>(this.db, `SELECT ${COLUMNS} FROM company c ${where} ${orderBy}`, params);
  }

  /** Locks the live company until the transaction ends; false when there is none. */
  async lock(em: EntityManager, id: string): Promise<boolean> {
    const [company] = await em.query(`SELECT id FROM company WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
    return !!company;
  }

  /** How many of the company's live loans are still under way. */
  async openLoanCount(em: EntityManager, id: string): Promise<number> {
    const [{ open }] = await em.query(
      `SELECT count(*)::int AS open FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.company_id = $1 AND l.deleted_at IS NULL AND ${UNDER_WAY}`,
      [id],
    );
    return open;
  }

  async markDeleted(em: EntityManager, id: string, userId: string): Promise<void> {
    await em.query(`UPDATE company SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE id = $1`, [id, userId]);
  }
}
