import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { companyZoneSql } from '../common/company-time';
import { cursorRows } from '../common/spreadsheet';
import type { RegulatoryQuery } from './regulatory-export.dto';

const like = (text: string | undefined) => (text ? `%${text.replace(/[%_\\]/g, '\\$&')}%` : null);

const SELECT = `SELECT l.id, c.name AS company_name, c.credit_code, c.employee_count, c.district_code, c.strategic_industries, c.qualifications,
          c.main_business, l.bank, l.loan_type, l.term_months, wi.amount_fen, wi.disbursed_amount_fen, wi.disbursed_on::text AS disbursed_on, wi.stage,
          rp.annual_rate_bp, rp.repaid_fen,
          COALESCE(rp.maturity_on, wi.disbursed_on + make_interval(months => l.term_months))::date::text AS maturity_on,
          t.fee_rate_bp
     FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
     LEFT JOIN repayment_plan rp ON rp.loan_id = l.id
     LEFT JOIN loan_type t ON t.name = l.loan_type`;

/** A disbursed loan with its company, plan and loan type, as the reports read it (numbers as PostgreSQL sends them). */
export interface RegulatoryLoanRow {
  id: string;
  company_name: string;
  credit_code: string;
  employee_count: number | null;
  district_code: string | null;
  strategic_industries: string[] | null;
  qualifications: string[] | null;
  main_business: string | null;
  bank: string | null;
  loan_type: string | null;
  term_months: number;
  amount_fen: string;
  disbursed_amount_fen: string | null;
  disbursed_on: string;
  stage: string;
  annual_rate_bp: number | null;
  repaid_fen: string | null;
  maturity_on: string;
  fee_rate_bp: number | null;
}

/**
 * The loans a report covers: live, disbursed in the period, the company's name holding `companyName`;
 * with `employeesBelow`, only companies with fewer employees or of unknown size.
 */
export interface RegulatoryFilter {
  query: RegulatoryQuery;
  employeesBelow: number | null;
}

function whereOf({ query: q, employeesBelow }: RegulatoryFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [q.from ?? null, q.to ?? null, like(q.companyName)];
  const conditions = [
    'l.deleted_at IS NULL',
    'wi.disbursed_on IS NOT NULL',
    '($1::date IS NULL OR wi.disbursed_on >= $1::date)',
    '($2::date IS NULL OR wi.disbursed_on <= $2::date)',
    '($3::text IS NULL OR c.name ILIKE $3)',
  ];
  if (employeesBelow !== null) conditions.push(`(c.employee_count IS NULL OR c.employee_count < ${employeesBelow})`);
  return { where: `WHERE ${conditions.join(' AND ')}`, params };
}

/** An approved extension (EXTENSION_APPROVE) of a loan, as the reports' extension sheet reads it. */
export interface RegulatoryExtensionRow {
  loan_id: string;
  company_name: string;
  credit_code: string;
  bank: string | null;
  disbursed_amount_fen: string;
  /** The amount lent less the repayments recorded before the approval (RECORD_REPAYMENT events). */
  outstanding_fen: string;
  /** The plan's first maturity (disbursed_on + the loan's term), for a first extension. */
  plan_maturity_on: string;
  /** The day the extension before this one set; null for a first extension. */
  previous_maturity_on: string | null;
  new_maturity_on: string;
  approved_on: string;
}

/** The SQL of the regulatory reports: disbursed loans, newest disbursement first. */
@Injectable()
export class RegulatoryExportsRepository {
  constructor(private readonly db: DataSource) {}

  /** One page (the query's) of the loans, with how many there are in all. */
  async page(filter: RegulatoryFilter): Promise<{ rows: RegulatoryLoanRow[]; total: number }> {
    const { where, params } = whereOf(filter);
    const q = filter.query;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`${SELECT} ${where} ORDER BY wi.disbursed_on DESC, l.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`, params),
      this.db.query(
        `SELECT count(*)::int AS total FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id ${where}`,
        params,
      ),
    ]);
    return { rows, total };
  }

  /**
   * Every extension approved in the period (the company day of EXTENSION_APPROVE within from..to) of
   * a live loan of the report's companies, oldest first. The new maturity is the one the approved
   * request (the loan's EXTENSION_APPLY just before) asked for; the maturity it replaced is the previous
   * approved request's, or the plan's own for a first extension. Extensions are few: read at once.
   */
  async extensions({ query: q, employeesBelow }: RegulatoryFilter): Promise<RegulatoryExtensionRow[]> {
    const zone = companyZoneSql();
    const params: unknown[] = [q.from ?? null, q.to ?? null, like(q.companyName)];
    const conditions = [
      `e.type = 'EXTENSION_APPROVE'`,
      // the (type, at) index: the period's approvals only
      `($1::date IS NULL OR e.at >= ($1::date)::timestamp AT TIME ZONE ${zone})`,
      `($2::date IS NULL OR e.at < ($2::date + 1)::timestamp AT TIME ZONE ${zone})`,
      'l.deleted_at IS NULL',
      '($3::text IS NULL OR c.name ILIKE $3)',
    ];
    if (employeesBelow !== null) conditions.push(`(c.employee_count IS NULL OR c.employee_count < ${employeesBelow})`);
    const askedBefore = (seq: string) =>
      `(SELECT a.payload->>'newMaturityOn' FROM workflow_event a
         WHERE a.loan_id = e.loan_id AND a.type = 'EXTENSION_APPLY' AND a.seq < ${seq} ORDER BY a.seq DESC LIMIT 1)`;
    return this.db.query(
      `SELECT e.loan_id, c.name AS company_name, c.credit_code, l.bank,
              COALESCE(wi.disbursed_amount_fen, wi.amount_fen)::text AS disbursed_amount_fen,
              GREATEST(0, COALESCE(wi.disbursed_amount_fen, wi.amount_fen) - COALESCE(
                (SELECT sum(round((r.payload->>'amount')::numeric * 100)) FROM workflow_event r
                  WHERE r.loan_id = e.loan_id AND r.type = 'RECORD_REPAYMENT' AND r.seq < e.seq), 0))::text AS outstanding_fen,
              (COALESCE(rp.disbursed_on, wi.disbursed_on) + make_interval(months => l.term_months))::date::text AS plan_maturity_on,
              ${askedBefore(`(SELECT max(p.seq) FROM workflow_event p WHERE p.loan_id = e.loan_id AND p.type = 'EXTENSION_APPROVE' AND p.seq < e.seq)`)}
                AS previous_maturity_on,
              ${askedBefore('e.seq')} AS new_maturity_on,
              (e.at AT TIME ZONE ${zone})::date::text AS approved_on
         FROM workflow_event e JOIN loan l ON l.id = e.loan_id JOIN company c ON c.id = l.company_id
         JOIN workflow_instance wi ON wi.loan_id = l.id LEFT JOIN repayment_plan rp ON rp.loan_id = l.id
        WHERE ${conditions.join(' AND ')}
        ORDER BY e.at, e.loan_id`,
      params,
    );
  }

  /** Every loan, read from a cursor (nothing is read before the first row is asked for). */
  cursor(filter: RegulatoryFilter): AsyncGenerator<RegulatoryLoanRow> {
    const { where, params } = whereOf(filter);
    return cursorRows<RegulatoryLoanRow>(this.db, `${SELECT} ${where} ORDER BY wi.disbursed_on DESC, l.id`, params);
  }
}
