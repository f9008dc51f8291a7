import { Injectable } from '@nestjs/common';
import type { StageKey } from '@app/workflow';
import { DataSource } from 'typeorm';
import { companyTimeZone } from '../common/company-time';
import { EXPORT_MAX_ROWS } from '../common/spreadsheet';
import type { PeriodDto } from './statistics.dto';

/** The groupings of the amount statistics: each a key, a code and a name of the group. */
export type Dimension = 'product' | 'bank' | 'region' | 'person';

/** A row as PostgreSQL answers it (sums as text, to keep bigint exact). */
export type Row = Record<string, any>;

/** The filters of the all-projects chart (the page's, bar paging). */
export interface ProjectFilter {
  companyName?: string;
  stage?: StageKey;
  aPostOfficerId?: string;
}

const DIMENSION_SQL: Record<Dimension, { key: string; code: string; name: string }> = {
  product: { key: `COALESCE(s.loan_type, '')`, code: `lt.id::text`, name: `''` },
  bank: { key: `COALESCE(s.bank, '')`, code: `NULL`, name: `''` },
  region: { key: `COALESCE(c.district_code, '')`, code: `NULL`, name: `''` },
  person: { key: `s.a_post_officer_id::text`, code: `NULL`, name: `u.nickname` },
};

/**
 * Every loan's guarantee movements, from the machine's own records ($1: the company time zone):
 * + the amount lent on the disbursement day (workflow_instance.disbursed_on / disbursed_amount_fen,
 *   written from VOUCHER_CONFIRM), and
 * - each repayment (RECORD_REPAYMENT in the event log) on its company day, never more than is still
 *   in force; the repayment that settles the loan (it moves to release) releases whatever remains.
 * A repayment dated before the disbursement day counts on that day, so no balance is ever negative.
 */
const MOVEMENT_CTES = `
  base AS (
    SELECT l.id AS loan_id, wi.disbursed_on, wi.disbursed_amount_fen AS principal
      FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
     WHERE l.deleted_at IS NULL AND wi.disbursed_on IS NOT NULL AND wi.disbursed_amount_fen IS NOT NULL
  ),
  paid AS (
    SELECT e.loan_id, e.seq, (e.at AT TIME ZONE $1)::date AS day,
           round((e.payload->>'amount')::numeric * 100)::bigint AS fen,
           (jsonb_typeof(e.state_to) = 'object' AND e.state_to ? 'release') OR e.state_to = '"closed"'::jsonb AS settles
      FROM workflow_event e JOIN base b ON b.loan_id = e.loan_id
     WHERE e.type = 'RECORD_REPAYMENT'
  ),
  paid_upto AS (
    SELECT p.*, sum(p.fen) OVER (PARTITION BY p.loan_id ORDER BY p.seq) AS upto FROM paid p
  ),
  movement AS (
    SELECT b.loan_id, b.disbursed_on AS day, b.principal AS added, 0::bigint AS released, false AS settles FROM base b
    UNION ALL
    SELECT p.loan_id, GREATEST(p.day, b.disbursed_on), 0::bigint,
           GREATEST(0, CASE WHEN p.settles THEN b.principal ELSE LEAST(p.upto, b.principal) END - LEAST(p.upto - p.fen, b.principal))::bigint,
           p.settles
      FROM paid_upto p JOIN base b ON b.loan_id = p.loan_id
  )`;

/** The movements' sums per loan over the period ($2 to $3), the loans in scope and those the period involves. */
const MOVEMENTS = `${MOVEMENT_CTES},
  per_loan AS (
    SELECT loan_id,
           COALESCE(sum(added - released) FILTER (WHERE day < $2::date), 0) AS opening,
           COALESCE(sum(added) FILTER (WHERE day BETWEEN $2::date AND $3::date), 0) AS added,
           COALESCE(sum(released) FILTER (WHERE day BETWEEN $2::date AND $3::date), 0) AS released,
           COALESCE(sum(added - released) FILTER (WHERE day <= $3::date), 0) AS closing,
           bool_or(added > 0 AND day BETWEEN $2::date AND $3::date) AS disbursed_in,
           bool_or(settles AND day BETWEEN $2::date AND $3::date) AS settled_in
      FROM movement GROUP BY loan_id
  ),
  scoped AS (
    SELECT l.id, l.company_id, l.loan_type, l.bank, l.a_post_officer_id, l.created_at, wi.amount_fen, wi.stage, wi.disbursed_on,
           (l.created_at >= ($2::date)::timestamp AT TIME ZONE $1 AND l.created_at < ($3::date + 1)::timestamp AT TIME ZONE $1) AS created_in,
           COALESCE(pl.opening, 0) AS opening, COALESCE(pl.added, 0) AS added, COALESCE(pl.released, 0) AS released,
           COALESCE(pl.closing, 0) AS closing, COALESCE(pl.disbursed_in, false) AS disbursed_in, COALESCE(pl.settled_in, false) AS settled_in
      FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id LEFT JOIN per_loan pl ON pl.loan_id = l.id
     WHERE l.deleted_at IS NULL
  ),
  involved AS (
    SELECT * FROM scoped s WHERE s.created_in OR s.opening <> 0 OR s.added <> 0 OR s.released <> 0 OR s.closing <> 0
  )`;

const MONEY_SUMS = `
  count(*) FILTER (WHERE s.created_in)::int AS projects,
  COALESCE(sum(s.amount_fen) FILTER (WHERE s.created_in), 0)::text AS applied,
  count(*) FILTER (WHERE s.disbursed_in)::int AS disbursed_loans,
  count(*) FILTER (WHERE s.settled_in)::int AS settled_loans,
  COALESCE(sum(s.opening), 0)::text AS opening, COALESCE(sum(s.added), 0)::text AS added,
  COALESCE(sum(s.released), 0)::text AS released, COALESCE(sum(s.closing), 0)::text AS closing`;

/**
 * The SQL of the statistics: every figure from the loans, their workflow instances and the event log,
 * for one period ($1 the company time zone, $2 and $3 the period's first and last day).
 */
@Injectable()
export class StatisticsRepository {
  constructor(private readonly db: DataSource) {}

  private params(period: PeriodDto): unknown[] {
    return [companyTimeZone(), period.start, period.end];
  }

  /** The period's totals over every loan's movements (opening, added, released, closing, loans disbursed and settled). */
  async reconciliation(period: PeriodDto): Promise<Row> {
    const [r] = await this.db.query(
      `WITH ${MOVEMENTS}
       SELECT COALESCE(sum(m.added - m.released) FILTER (WHERE m.day < $2::date), 0)::text AS opening,
              COALESCE(sum(m.added) FILTER (WHERE m.day BETWEEN $2::date AND $3::date), 0)::text AS added,
              COALESCE(sum(m.released) FILTER (WHERE m.day BETWEEN $2::date AND $3::date), 0)::text AS released,
              COALESCE(sum(m.added - m.released) FILTER (WHERE m.day <= $3::date), 0)::text AS closing,
              count(*) FILTER (WHERE m.added > 0 AND m.day BETWEEN $2::date AND $3::date)::int AS disbursed_loans,
              (SELECT count(*) FROM (SELECT 1 FROM movement x WHERE x.day BETWEEN $2::date AND $3::date
                                      GROUP BY x.loan_id HAVING bool_or(x.settles) AND sum(x.released) > 0) settled)::int AS settled_loans
         FROM movement m`,
      this.params(period),
    );
    return r;
  }

  /** Loans created in the period by the stage they stand in now (only the stages that have some). */
  async stageCounts(period: PeriodDto, f: ProjectFilter): Promise<Row[]> {
    const extra: unknown[] = [];
    const whereList: string[] = [];
    const p = (v: unknown) => {
      extra.push(v);
      return `$${3 + extra.length}`;
    };
    if (f.companyName) whereList.push(`c.name ILIKE ${p(`%${f.companyName.replace(/[%_\\]/g, '\\$&')}%`)}`);
    if (f.stage) whereList.push(`wi.stage = ${p(f.stage)}`);
    if (f.aPostOfficerId) whereList.push(`l.a_post_officer_id = ${p(f.aPostOfficerId)}`);
    const where = whereList.length ? whereList.join(' AND ') : 'TRUE';
    const rows: Row[] = await this.db.query(
      `SELECT wi.stage, count(*)::int AS n, COALESCE(sum(wi.amount_fen), 0)::text AS fen
         FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.deleted_at IS NULL
          AND l.created_at >= ($2::date)::timestamp AT TIME ZONE $1 AND l.created_at < ($3::date + 1)::timestamp AT TIME ZONE $1
          AND ${where}
        GROUP BY wi.stage`,
      [...this.params(period), ...extra],
    );
    return rows;
  }

  /** Loans created in the period in each of these lists (state paths): count n<i> and amount f<i> per list, in one statement. */
  async createdInLists(period: PeriodDto, lists: readonly (readonly string[])[]): Promise<Row> {
    const params = this.params(period);
    // One statement: each list's loans created in the period, as the drill-down shows them with createdFrom/createdTo.
    const columns = lists.map((states, i) => {
      params.push([...states]);
      const hit = `wi.active_paths && $${params.length}::text[]`;
      return `count(*) FILTER (WHERE ${hit})::int AS n${i}, COALESCE(sum(wi.amount_fen) FILTER (WHERE ${hit}), 0)::text AS f${i}`;
    });
    const [counted] = await this.db.query(
      `SELECT ${columns.join(', ')}
         FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.deleted_at IS NULL
          AND l.created_at >= ($2::date)::timestamp AT TIME ZONE $1 AND l.created_at < ($3::date + 1)::timestamp AT TIME ZONE $1`,
      params,
    );
    return counted;
  }

  /** The amount statistics grouped by a dimension, largest closing balance first. */
  async byDimension(dimension: Dimension, period: PeriodDto): Promise<Row[]> {
    const d = DIMENSION_SQL[dimension];
    const rows: Row[] = await this.db.query(
      `WITH ${MOVEMENTS}
       SELECT ${d.key} AS key, min(${d.code}) AS code, min(${d.name}) AS name, ${MONEY_SUMS}
         FROM involved s JOIN company c ON c.id = s.company_id
         LEFT JOIN app_user u ON u.id = s.a_post_officer_id
         LEFT JOIN loan_type lt ON lt.name = s.loan_type
        GROUP BY 1
        ORDER BY sum(s.closing) DESC, count(*) FILTER (WHERE s.created_in) DESC, 1
        LIMIT ${EXPORT_MAX_ROWS}`,
      this.params(period),
    );
    return rows;
  }

  /** The loans of one product (loan type; '' for none) involved in the period, newest first. */
  async typeLoans(period: PeriodDto, typeName: string): Promise<Row[]> {
    const rows: Row[] = await this.db.query(
      `WITH ${MOVEMENTS}
       SELECT s.id, c.name AS company_name, s.bank, u.nickname AS officer, s.created_at, s.stage, s.amount_fen::text AS amount_fen,
              s.disbursed_on::text AS disbursed_on, s.created_in, s.disbursed_in,
              s.opening::text AS opening, s.added::text AS added, s.released::text AS released, s.closing::text AS closing
         FROM involved s JOIN company c ON c.id = s.company_id LEFT JOIN app_user u ON u.id = s.a_post_officer_id
        WHERE COALESCE(s.loan_type, '') = $4
        ORDER BY s.created_at DESC, s.id
        LIMIT ${EXPORT_MAX_ROWS}`,
      [...this.params(period), typeName],
    );
    return rows;
  }

  /**
   * The risk classification migration between the ends of two company days ($2 `from`, $3 `to`): every
   * live loan created by the end of `to`, by its classification at each (the latest change on or
   * before the day; '' when none) with its guaranteed balance at each (the movements' balance, fen).
   */
  async classificationMigration(from: string, to: string): Promise<Row[]> {
    // Each day's class from one pass over the changes (few beside the loans), not a lookup per loan.
    const latest = (day: string) => `SELECT DISTINCT ON (cc.loan_id) cc.loan_id, cc.to_classification
           FROM classification_change cc
          WHERE cc.changed_at < (${day}::date + 1)::timestamp AT TIME ZONE $1
          ORDER BY cc.loan_id, cc.changed_at DESC, cc.id DESC`;
    return this.db.query(
      `WITH ${MOVEMENT_CTES},
       balance AS (
         SELECT loan_id, COALESCE(sum(added - released) FILTER (WHERE day <= $2::date), 0) AS at_from,
                COALESCE(sum(added - released) FILTER (WHERE day <= $3::date), 0) AS at_to
           FROM movement GROUP BY loan_id
       ),
       class_from AS (${latest('$2')}),
       class_to AS (${latest('$3')}),
       classed AS (
         SELECT l.id, COALESCE(f.to_classification, '') AS from_class, COALESCE(t.to_classification, '') AS to_class
           FROM loan l
           LEFT JOIN class_from f ON f.loan_id = l.id
           LEFT JOIN class_to t ON t.loan_id = l.id
          WHERE l.deleted_at IS NULL AND l.created_at < ($3::date + 1)::timestamp AT TIME ZONE $1
       )
       SELECT c.from_class, c.to_class, count(*)::int AS loans,
              COALESCE(sum(b.at_from), 0)::text AS from_fen, COALESCE(sum(b.at_to), 0)::text AS to_fen
         FROM classed c LEFT JOIN balance b ON b.loan_id = c.id
        GROUP BY c.from_class, c.to_class`,
      [companyTimeZone(), from, to],
    );
  }

  async loanTypeId(name: string): Promise<string | null> {
    const [type] = await this.db.query(`SELECT id FROM loan_type WHERE name = $1`, [name]);
    return type?.id ?? null;
  }
}
