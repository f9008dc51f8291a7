import { Injectable, StreamableFile } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { EventType, Label, StageKey, WorklistColumn } from '@app/workflow';
import { DataSource } from 'typeorm';
import { holds, type AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { AppError, CODES } from '../common/errors';
import { pickLabel, type Lang } from '../common/i18n';
import type { LoanFilterQuery, LoanSort } from './loan.dto';
import { exportQuery, type QueryColumn } from '../common/spreadsheet';
import { latestBuckets } from '../close-of-business/close-of-business.repository';
import { describeEvidence } from '../workflow/evidence';
import { actorOf, WorkflowService } from '../workflow/workflow.service';
import { companyTimeZone } from '../common/company-time';

export interface LoanSearch {
  filter: LoanFilterQuery & { stage?: StageKey };
  /** Only loans standing in one of these machine state paths (a worklist); none: every loan. */
  states?: readonly string[];
  /** And standing in one of these too (a to-do: where an action of the list is accepted). */
  alsoIn?: readonly string[];
  /** The machine actions the list offers; each row's legal actions are narrowed to them. */
  events?: readonly EventType[];
}

/** Where the loan stands and what the caller may do with it now. The snapshot stays on the server. */
export interface RowWorkflow {
  loanId: string;
  machineVersion: number;
  version: number;
  stage: StageKey;
  /** The machine's state value, e.g. `{ preReview: 'approved' }`. */
  state: unknown;
  statusLabels: engine.StatusLabels;
  legalActions: engine.LegalAction[];
}

export interface Person {
  id: string;
  name: string;
}

export interface LoanRow {
  id: string;
  companyId: string;
  companyName: string;
  creditCode: string;
  /** The current amount in yuan: the machine's (it changes in pre-review and general office). */
  amount: number;
  termMonths: number;
  bank: string | null;
  loanType: string | null;
  aPostOfficer: Person | null;
  bPostOfficer: Person | null;
  createdAt: string;
  updatedAt: string;
  /** VOUCHER_CONFIRM's day (YYYY-MM-DD) and the amount lent in fen; null before. */
  disbursedOn: string | null;
  disbursedAmountFen: number | null;
  /** Days past due and the overdue bucket's key as the last close of business found them (loan_overdue); null when not overdue. */
  daysPastDue: number | null;
  overdueBucket: string | null;
  /** Soft deletion is possible for this user now (still in data collection, sys:loan:delete held). */
  deletable: boolean;
  workflow: RowWorkflow;
}

export interface BoundedCount {
  /** Exact up to COUNT_LIMIT; beyond it, COUNT_LIMIT with `totalCapped`. */
  total: number;
  totalCapped: boolean;
}

/** A dashboard count: exact when small, else the planner's estimate (`totalEstimated`), beyond the bound also `totalCapped`. */
export interface ListCount extends BoundedCount {
  totalEstimated: boolean;
}

export interface LoanPage {
  list: LoanRow[];
  /** Exact up to COUNT_LIMIT; beyond it, the planner's estimate (at least COUNT_LIMIT + 1) with `totalCapped` and `totalEstimated`. */
  total: number;
  totalCapped: boolean;
  /** `total` is the planner's estimate, not a count: shown as "about N". */
  totalEstimated: boolean;
  pageNum: number;
  pageSize: number;
  /** Send as `cursor` for the page after this one; null on the last page. */
  nextCursor: string | null;
}

/** A page counts its matches up to here and no further: no full count over the join on every page. */
export const COUNT_LIMIT = 10_000;
/** The planner's estimate this many times the bound: the count is not even started. */
const ESTIMATE_MARGIN = 5;
/** How long a list known to be past the count limit keeps its "about N" without asking again. */
const LARGE_TOTAL_TTL_MS = 5_000;
const LARGE_TOTALS_MAX = 500;
/** The dashboard counts a list exactly only when the planner puts it at or below this many loans. */
export const DASHBOARD_EXACT_LIMIT = 1_000;

/**
 * Sorts, each on an indexed column (loan_created_idx, workflow_instance_amount_idx, company_name_idx,
 * workflow_instance_updated_idx, workflow_instance_disbursed_on_idx, workflow_instance_disbursed_amount_idx).
 * Loans not yet disbursed (null) come last either way.
 */
const SORT_COLUMNS: Record<LoanSort, string> = {
  createdAt: 'l.created_at',
  amount: 'wi.amount_fen',
  companyName: 'c.name',
  updatedAt: 'wi.updated_at',
  disbursedOn: 'wi.disbursed_on',
  disbursedAmount: 'wi.disbursed_amount_fen',
  daysPastDue: 'o.days_past_due',
};
const NULLS_LAST: ReadonlySet<LoanSort> = new Set(['disbursedOn', 'disbursedAmount', 'daysPastDue']);
/**
 * The tie-breaker of each sort, the loan id on the sort column's own table, so that the pair
 * (sort column, id) is one index (migration 1764121000000) and a cursor one range of it.
 */
const TIE_COLUMNS: Record<LoanSort, string> = {
  createdAt: 'l.id',
  amount: 'wi.loan_id',
  companyName: 'l.id',
  updatedAt: 'wi.loan_id',
  disbursedOn: 'wi.loan_id',
  disbursedAmount: 'wi.loan_id',
  daysPastDue: 'l.id',
};
/** The SQL type a cursor's sort value is read back as (it travels as the column's text form, exact to the microsecond). */
const SORT_TYPES: Record<LoanSort, string> = {
  createdAt: 'timestamptz',
  amount: 'bigint',
  companyName: 'text',
  updatedAt: 'timestamptz',
  disbursedOn: 'date',
  disbursedAmount: 'bigint',
  daysPastDue: 'bigint',
};

/** Where the previous page ended: its sort and order (a cursor is refused under another), the last row's sort value and id. */
interface Cursor {
  sort: LoanSort;
  desc: boolean;
  value: string | null;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const cursorInvalid = () => new AppError(400, CODES.listCursorInvalid, 'listCursorInvalid', {}, { field: 'cursor' }, 'ListCursorInvalid');

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.desc ? 1 : 0, cursor.value, cursor.id])).toString('base64url');
}

/** The cursor a client sent back, checked against the sort it is used with. */
export function decodeCursor(text: string, sort: LoanSort, desc: boolean): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw cursorInvalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw cursorInvalid();
  const [s, d, value, id] = parsed as unknown[];
  if (s !== sort || d !== (desc ? 1 : 0) || typeof id !== 'string' || !UUID.test(id)) throw cursorInvalid();
  if (value !== null && (typeof value !== 'string' || value.length > 300)) throw cursorInvalid();
  if (value === null && !NULLS_LAST.has(sort)) throw cursorInvalid();
  // The value is cast to the sort column's type in SQL: a number that is no number is refused here,
  // a time or day PostgreSQL cannot read is refused where the query runs (rows()).
  if (value !== null && SORT_TYPES[sort] === 'bigint' && !/^-?\d{1,18}$/.test(value)) throw cursorInvalid();
  // eslint-disable-next-line no-control-regex
  if (value !== null && /\u0000/.test(value)) throw cursorInvalid();
  return { sort, desc, value, id };
}

const label = (zh: string, en: string): Label => ({ zh, en });

/** One spreadsheet column per list column of the registry. */
/**
 * The export's columns, each cell described as data (sheet-cells.ts) over a row of the export's query:
 * the export's thread reads the query and makes the cells (spreadsheet.ts exportQuery).
 */
const SHEET_COLUMNS: Record<WorklistColumn, QueryColumn> = {
  companyName: { header: label('企业名称', 'Company'), width: 32, cell: { field: 'company_name' } },
  creditCode: { header: label('统一社会信用代码', 'Unified social credit code'), width: 22, cell: { field: 'credit_code' } },
  amount: { header: label('担保金额（元）', 'Amount (yuan)'), width: 16, cell: { field: 'amount_fen', as: 'yuan' } },
  termMonths: { header: label('期限（月）', 'Term (months)'), width: 10, cell: { field: 'term_months' } },
  bank: { header: label('贷款银行', 'Bank'), cell: { field: 'bank' } },
  loanType: { header: label('贷款类型', 'Loan type'), cell: { field: 'loan_type' } },
  stage: { header: label('阶段', 'Stage'), width: 20, cell: { field: 'snapshot', as: 'stage' } },
  status: { header: label('状态', 'Status'), width: 16, cell: { field: 'snapshot', as: 'status' } },
  step: { header: label('当前节点', 'Step'), width: 30, cell: { field: 'snapshot', as: 'step' } },
  aPostOfficer: { header: label('A岗经办人', 'A-post officer'), cell: { field: 'a_name' } },
  bPostOfficer: { header: label('B岗经办人', 'B-post officer'), cell: { field: 'b_name' } },
  createdAt: { header: label('创建时间', 'Created'), time: true, width: 18, cell: { field: 'created_at', as: 'time' } },
  updatedAt: { header: label('更新时间', 'Updated'), time: true, width: 18, cell: { field: 'updated_at', as: 'time' } },
  disbursedOn: { header: label('放款日期', 'Disbursed on'), width: 12, cell: { field: 'disbursed_on' } },
  disbursedAmount: { header: label('放款金额（元）', 'Amount lent (yuan)'), width: 16, cell: { field: 'disbursed_amount_fen', as: 'yuan' } },
  daysPastDue: { header: label('逾期天数', 'Days past due'), width: 10, cell: { field: 'days_past_due' } },
  // the key alone; an export writes the words of the buckets in force instead (bucketColumn)
  overdueBucket: { header: label('逾期分档', 'Overdue bucket'), width: 14, cell: { field: 'overdue_bucket' } },
};

/**
 * The bucket column in the export's language: the words of the buckets in force, else of the default
 * buckets (a row the last close of business put in a bucket since renamed), else the key as stored.
 */
export function bucketColumn(inForce: readonly engine.OverdueBucket[], lang: Lang): QueryColumn {
  const words: Record<string, string> = {};
  for (const b of [...engine.DEFAULT_OVERDUE_BUCKETS, ...inForce]) words[b.key] = pickLabel(b.label, lang);
  return { ...SHEET_COLUMNS.overdueBucket, width: 18, cell: { field: 'overdue_bucket', as: 'words', words } };
}

/** The loan list's export: every column but the last update. */
export const ALL_SHEET_COLUMNS: readonly WorklistColumn[] = engine.WORKLIST_COLUMNS.filter((c) => c !== 'updatedAt');

const invalid = (field: string) =>
  new AppError(400, CODES.badRequest, 'validationFailed', {}, { fieldErrors: [{ field, constraints: ['min'] }] }, 'ValidationFailed');

/**
 * The one query behind every loan list (the loan list and every worklist). Built for a million loans:
 * it filters and sorts only on real indexed columns (state paths through the GIN index on
 * workflow_instance.active_paths, the machine's amount and B-post officer as their own columns), reads
 * a page's snapshots only to ask the machine for the caller's legal actions, and counts with a bound.
 */
@Injectable()
export class LoanListRepository {
  /** Where counting stops (COUNT_LIMIT); a test lowers it on its own app instead of writing 10,000 loans into the shared database. */
  countLimit = COUNT_LIMIT;
  /** DASHBOARD_EXACT_LIMIT, lowered by a test the same way. */
  dashboardExactLimit = DASHBOARD_EXACT_LIMIT;

  constructor(
    private readonly db: DataSource,
    private readonly workflow: WorkflowService,
    private readonly clock: Clock,
  ) {}

  /**
   * The filters as SQL conditions, apart by table: `instance` ones read only workflow_instance (wi),
   * `loan` ones the loan (l) or its company (c). A live loan is `l.deleted_at IS NULL`, added by the callers.
   */
  private conditions(search: LoanSearch, params: unknown[]): { instance: string[]; loan: string[] } {
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const f = search.filter;
    // Inverted ranges are a mistake in the query, not an empty answer.
    if (f.amountMin !== undefined && f.amountMax !== undefined && f.amountMin > f.amountMax) throw invalid('amountMax');
    if (f.createdFrom && f.createdTo && f.createdFrom > f.createdTo) throw invalid('createdTo');
    const instance: string[] = [];
    const loan: string[] = [];
    if (search.states) instance.push(`wi.active_paths && ${p([...search.states])}::text[]`);
    if (search.alsoIn) instance.push(`wi.active_paths && ${p([...search.alsoIn])}::text[]`);
    if (f.stage) instance.push(`wi.stage = ${p(f.stage)}`);
    if (f.status) instance.push(`wi.status = ${p(f.status)}`);
    if (f.amountMin !== undefined) instance.push(`wi.amount_fen >= ${p(engine.toFen(f.amountMin))}`);
    if (f.amountMax !== undefined) instance.push(`wi.amount_fen <= ${p(engine.toFen(f.amountMax))}`);
    if (f.bPostOfficerId) instance.push(`wi.b_post_officer_id = ${p(f.bPostOfficerId)}`);
    if (f.companyId) loan.push(`l.company_id = ${p(f.companyId)}`);
    if (f.companyName) loan.push(`c.name ILIKE ${p(`%${f.companyName.replace(/[%_\\]/g, '\\$&')}%`)}`);
    // Days are the company's days: "created on 2026-11-21" means that calendar day in its zone.
    if (f.createdFrom) loan.push(`l.created_at >= (${p(f.createdFrom)}::date)::timestamp AT TIME ZONE ${p(companyTimeZone())}`);
    if (f.createdTo) loan.push(`l.created_at < (${p(f.createdTo)}::date + 1)::timestamp AT TIME ZONE ${p(companyTimeZone())}`);
    if (f.aPostOfficerId) loan.push(`l.a_post_officer_id = ${p(f.aPostOfficerId)}`);
    // the close of business's findings (loan_overdue o, joined when a condition or the sort reads it)
    if (f.overdueBucket) loan.push(`o.bucket = ${p(f.overdueBucket)}`);
    if (f.daysPastDueMin !== undefined) loan.push(`o.days_past_due >= ${p(f.daysPastDueMin)}`);
    return { instance, loan };
  }

  /**
   * The condition "after the cursor's row" in the list's order: a row comparison on (sort column, id),
   * one range of the pair's index. Nullable sorts put nulls last either way, so past a null value only
   * nulls with a later id follow, and before it every null does.
   */
  private afterCursor(cursor: Cursor, params: unknown[]): string {
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const column = SORT_COLUMNS[cursor.sort];
    const tie = TIE_COLUMNS[cursor.sort];
    const cmp = cursor.desc ? '<' : '>';
    const id = `${p(cursor.id)}::uuid`;
    if (cursor.value === null) return `(${column} IS NULL AND ${tie} ${cmp} ${id})`;
    const after = `(${column}, ${tie}) ${cmp} (${p(cursor.value)}::${SORT_TYPES[cursor.sort]}, ${id})`;
    return NULLS_LAST.has(cursor.sort) ? `(${after} OR ${column} IS NULL)` : after;
  }

  /** `withActions: false` (exports) skips asking the machine about every row's actions. */
  private async rows(
    search: LoanSearch,
    user: AuthUser,
    page: { limit: number; offset: number; cursor?: string },
    withActions: boolean,
  ): Promise<{ rows: LoanRow[]; nextCursor: string | null }> {
    const params: unknown[] = [];
    const { instance, loan } = this.conditions(search, params);
    const sortKey = search.filter.sort ?? 'createdAt';
    const desc = search.filter.order === 'desc' || (!search.filter.order && !search.filter.sort);
    const after = page.cursor ? [this.afterCursor(decodeCursor(page.cursor, sortKey, desc), params)] : [];
    const where = `WHERE ${['l.deleted_at IS NULL', ...instance, ...loan, ...after].join(' AND ')}`;
    const sort = SORT_COLUMNS[sortKey];
    const direction = desc ? 'DESC' : 'ASC';
    const nulls = NULLS_LAST.has(sortKey) ? ' NULLS LAST' : '';
    const order = `${sort} ${direction}${nulls}, ${TIE_COLUMNS[sortKey]} ${direction}`;
    // The company joins the page's selection only when a filter or the sort reads it.
    const needsCompany = sortKey === 'companyName' || [...loan, ...after].some((condition) => /\bc\./.test(condition));
    const needsOverdue = sortKey === 'daysPastDue' || [...loan, ...after].some((condition) => /\bo\./.test(condition));
    // Two steps: first the page's ids alone, the keyset query on the sort's index (materialized, so the
    // planner cannot fold the officers' and the snapshot's joins into it and sort the whole list);
    // then the page's rows. The id breaks ties in the sort's direction: (value, id) orders like the pair's index.
    const rows: Record<string, any>[] = await this.db
      .query(
        `WITH page AS MATERIALIZED (
           SELECT l.id FROM loan l ${needsCompany ? 'JOIN company c ON c.id = l.company_id' : ''} JOIN workflow_instance wi ON wi.loan_id = l.id
           ${needsOverdue ? 'LEFT JOIN loan_overdue o ON o.loan_id = l.id' : ''}
           ${where}
           ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.cursor ? 0 : page.offset}
         )
         SELECT l.id, l.company_id, c.name AS company_name, c.credit_code, l.term_months, l.bank, l.loan_type, l.created_at,
              wi.amount_fen, wi.disbursed_on::text AS disbursed_on, wi.disbursed_amount_fen, wi.machine_version, wi.version, wi.snapshot, wi.updated_at,
              ua.id AS a_id, ua.nickname AS a_name, ub.id AS b_id, ub.nickname AS b_name, ${sort}::text AS sort_value,
              o.days_past_due, o.bucket AS overdue_bucket
         FROM page JOIN loan l ON l.id = page.id JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
         LEFT JOIN loan_overdue o ON o.loan_id = l.id
         LEFT JOIN app_user ua ON ua.id = l.a_post_officer_id
         LEFT JOIN app_user ub ON ub.id = wi.b_post_officer_id
        ORDER BY ${order}`,
        params,
      )
      .catch((error: { driverError?: { code?: string }; code?: string }) => {
        // Class 22 (data exception): a forged cursor's time or day that PostgreSQL cannot read.
        const code = error.driverError?.code ?? error.code;
        if (page.cursor && typeof code === 'string' && code.startsWith('22')) throw cursorInvalid();
        throw error;
      });
    const last = rows[rows.length - 1];
    const nextCursor = rows.length === page.limit && last ? encodeCursor({ sort: sortKey, desc, value: last.sort_value ?? null, id: last.id }) : null;
    const loans = this.toRows(rows, search, user, withActions);
    // the steps that stand on a document say which, where it goes and whether it is there
    if (withActions)
      await describeEvidence(
        this.db.manager,
        loans.map((l) => l.workflow),
      );
    return { rows: loans, nextCursor };
  }

  private toRows(rows: Record<string, any>[], search: LoanSearch, user: AuthUser, withActions: boolean): LoanRow[] {
    const mayDelete = holds(user, 'sys:loan:delete');
    const offered = search.events ? new Set<string>(search.events) : null;
    // The user's keys derived once for the page, not once per row.
    const actor = withActions ? actorOf(user) : null;
    return rows.map((r): LoanRow => {
      const instance = { loanId: r.id, machineVersion: r.machine_version, version: r.version, snapshot: r.snapshot };
      const legal = actor ? this.workflow.view(instance, user, actor).legalActions : [];
      const workflow: RowWorkflow = {
        loanId: r.id,
        machineVersion: r.machine_version,
        version: r.version,
        stage: engine.stageOf(r.snapshot),
        state: r.snapshot.value,
        statusLabels: engine.statusLabels(r.snapshot),
        legalActions: (offered ? legal.filter((a) => offered.has(a.type)) : legal) as engine.LegalAction[],
      };
      return {
        id: r.id,
        companyId: r.company_id,
        companyName: r.company_name,
        creditCode: r.credit_code,
        amount: engine.fromFen(Number(r.amount_fen)),
        termMonths: r.term_months,
        bank: r.bank,
        loanType: r.loan_type,
        aPostOfficer: r.a_id ? { id: r.a_id, name: r.a_name } : null,
        bPostOfficer: r.b_id ? { id: r.b_id, name: r.b_name } : null,
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
        disbursedOn: r.disbursed_on ?? null,
        disbursedAmountFen: r.disbursed_amount_fen === null ? null : Number(r.disbursed_amount_fen),
        daysPastDue: r.days_past_due ?? null,
        overdueBucket: r.overdue_bucket ?? null,
        deletable: mayDelete && workflow.stage === 'collection',
        workflow,
      };
    });
  }

  /**
   * The rows matching a search, for a bounded count. Without a filter on the loan or its company, it
   * reads the instances alone and leaves out the few deleted loans (loan_deleted_idx) instead of
   * joining every match to its loan.
   */
  private hitsSql(search: LoanSearch, params: unknown[]): string {
    const { instance, loan } = this.conditions(search, params);
    return loan.length
      ? `SELECT 1 FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
          ${loan.some((condition) => /\bo\./.test(condition)) ? 'JOIN loan_overdue o ON o.loan_id = l.id' : ''}
          WHERE ${['l.deleted_at IS NULL', ...instance, ...loan].join(' AND ')}`
      : `SELECT 1 FROM workflow_instance wi
          WHERE ${[...instance, 'NOT EXISTS (SELECT 1 FROM loan d WHERE d.id = wi.loan_id AND d.deleted_at IS NOT NULL)'].join(' AND ')}`;
  }

  /** Matches up to the count limit + 1. */
  private async boundedCount(search: LoanSearch): Promise<BoundedCount> {
    const [counted] = await this.boundedCounts([search]);
    return counted;
  }

  /**
   * Several bounded counts in one statement (one round trip), each its own subquery stopping at
   * the count limit + 1: the dashboard counts every list the caller may open at once.
   */
  async boundedCounts(searches: readonly LoanSearch[]): Promise<BoundedCount[]> {
    if (searches.length === 0) return [];
    const params: unknown[] = [];
    const columns = searches.map((search, i) => `(SELECT count(*)::int FROM (${this.hitsSql(search, params)} LIMIT ${this.countLimit + 1}) hits) AS c${i}`);
    const [row] = await this.db.query(`SELECT ${columns.join(', ')}`, params);
    return searches.map((_, i) => {
      const n = Number(row[`c${i}`]);
      return n > this.countLimit ? { total: this.countLimit, totalCapped: true } : { total: n, totalCapped: false };
    });
  }

  /**
   * The dashboard's counts: every list (a worklist's states, maybe narrowed to the caller's to-dos)
   * in one statement. Each list's planner estimate comes first (worklist_rows_estimate, no rows
   * read); only a list the estimate puts at the exact limit (DASHBOARD_EXACT_LIMIT) or below is counted (up to the
   * bound); a larger one is given as the estimate (`totalEstimated`), past the bound also
   * `totalCapped`, as the list pages give it. Lists a recent page or dashboard found past the bound
   * are not asked about again for a few seconds.
   */
  async listCounts(searches: readonly Pick<LoanSearch, 'states' | 'alsoIn'>[]): Promise<ListCount[]> {
    const about = (estimated: number): ListCount =>
      estimated > this.countLimit
        ? { total: Math.max(estimated, this.countLimit + 1), totalCapped: true, totalEstimated: true }
        : { total: estimated, totalCapped: false, totalEstimated: true };
    const answers: (ListCount | null)[] = [];
    const keys: string[] = [];
    const params: unknown[] = [];
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const estimates: string[] = [];
    const counts: string[] = [];
    for (const [i, search] of searches.entries()) {
      const hitsParams: unknown[] = [];
      const hits = this.hitsSql({ filter: {} as LoanSearch['filter'], ...search }, hitsParams);
      keys.push(this.totalKey(hits, hitsParams));
      const known = this.largeTotal(keys[i]);
      answers.push(known === null ? null : about(known));
      if (known !== null) continue;
      estimates.push(`worklist_rows_estimate(${p([...(search.states ?? [])])}::text[], ${p(search.alsoIn ? [...search.alsoIn] : null)}::text[]) AS e${i}`);
      // The hits' own parameters, renumbered after the ones already taken.
      const offset = params.length;
      params.push(...hitsParams);
      const renumbered = hits.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      counts.push(
        `e${i}, CASE WHEN e${i} > ${Math.min(this.dashboardExactLimit, this.countLimit)} THEN NULL ` +
          `ELSE (SELECT count(*)::int FROM (${renumbered} LIMIT ${this.countLimit + 1}) hits) END AS c${i}`,
      );
    }
    if (counts.length) {
      // The estimates materialized first (one call each); a count's subquery runs only when its CASE takes it.
      const [row] = await this.db.query(`WITH est AS MATERIALIZED (SELECT ${estimates.join(', ')}) SELECT ${counts.join(', ')} FROM est`, params);
      for (const [i] of searches.entries()) {
        if (answers[i]) continue;
        const estimated = Number(row[`e${i}`]);
        const counted = row[`c${i}`];
        if (counted === null) {
          if (estimated > this.countLimit * ESTIMATE_MARGIN) this.rememberLarge(keys[i], estimated);
          answers[i] = about(estimated);
        } else if (Number(counted) > this.countLimit) {
          this.rememberLarge(keys[i], estimated);
          answers[i] = about(Math.max(estimated, this.countLimit + 1));
        } else answers[i] = { total: Number(counted), totalCapped: false, totalEstimated: false };
      }
    }
    return answers as ListCount[];
  }

  private totalKey(hits: string, hitsParams: unknown[]): string {
    // The filters alone decide the total (not the page, cursor or sort); the bound too, which a test lowers.
    return `${this.countLimit}\u0000${hits}\u0000${JSON.stringify(hitsParams)}`;
  }

  /**
   * Beyond the count limit, the planner's estimate of the same search (EXPLAIN, no rows read):
   * the table statistics for an unfiltered list, the indexes' selectivities for a filtered one.
   */
  private async estimate(sql: string, params: unknown[]): Promise<number> {
    const [row] = await this.db.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    const plan = (row['QUERY PLAN'] ?? row['QUERY_PLAN'])?.[0]?.Plan;
    const rows = Math.round(Number(plan?.['Plan Rows']));
    return Number.isFinite(rows) ? rows : this.countLimit + 1;
  }

  /**
   * Searches known to match more than the count limit, with the planner's figure, kept a few seconds:
   * the next page of a big list (or the same list for the next user) then costs the page's own query
   * alone, not an EXPLAIN and a count of 10,001 rows each time. Only "about N" answers are kept; an
   * exact count is never served from here, so a small list shows a write at once.
   */
  private readonly largeTotals = new Map<string, { estimated: number; until: number }>();

  private largeTotal(key: string): number | null {
    const hit = this.largeTotals.get(key);
    if (!hit) return null;
    if (hit.until > Date.now()) return hit.estimated;
    this.largeTotals.delete(key);
    return null;
  }

  private rememberLarge(key: string, estimated: number): void {
    // Oldest out first: a Map keeps insertion order, and the keys are few (the filters people use).
    if (this.largeTotals.size >= LARGE_TOTALS_MAX) this.largeTotals.delete(this.largeTotals.keys().next().value!);
    this.largeTotals.set(key, { estimated, until: Date.now() + LARGE_TOTAL_TTL_MS });
  }

  async page(search: LoanSearch, user: AuthUser): Promise<LoanPage> {
    const { pageNum, pageSize, cursor } = search.filter;
    const hitsParams: unknown[] = [];
    const hits = this.hitsSql(search, hitsParams);
    const key = this.totalKey(hits, hitsParams);
    const known = this.largeTotal(key);
    const pageRows = this.rows(search, user, { limit: pageSize, offset: (pageNum - 1) * pageSize, cursor }, true);
    const about = (estimated: number, list: LoanRow[], nextCursor: string | null): LoanPage => ({
      list,
      total: Math.max(estimated, this.countLimit + 1),
      totalCapped: true,
      totalEstimated: true,
      pageNum,
      pageSize,
      nextCursor,
    });
    if (known !== null) {
      const { rows: list, nextCursor } = await pageRows;
      return about(known, list, nextCursor);
    }
    const [{ rows: list, nextCursor }, estimated] = await Promise.all([pageRows, this.estimate(hits, hitsParams)]);
    // Far past the bound by the planner's word: no count at all (it would read as many rows of the join as the limit to say "more").
    if (estimated > this.countLimit * ESTIMATE_MARGIN) {
      this.rememberLarge(key, estimated);
      return about(estimated, list, nextCursor);
    }
    // A selective filter: counted exactly (up to the bound); past the bound, the estimate, never less than it counted.
    const counted = await this.boundedCount(search);
    if (counted.totalCapped) {
      this.rememberLarge(key, estimated);
      return about(estimated, list, nextCursor);
    }
    return { list, ...counted, totalEstimated: false, pageNum, pageSize, nextCursor };
  }

  /**
   * Every row the filters select, in the list's order, streamed from a cursor into the workbook. An
   * export reads only the parts of the snapshot its labels need (state value and visit round): the
   * whole snapshot per row is most of the bytes read and of the garbage made at a million rows.
   */
  async export(search: LoanSearch, user: AuthUser, lang: Lang, name: Label, columns: readonly WorklistColumn[] = ALL_SHEET_COLUMNS): Promise<StreamableFile> {
    const params: unknown[] = [];
    const { instance, loan } = this.conditions(search, params);
    const sortKey = search.filter.sort ?? 'createdAt';
    const desc = search.filter.order === 'desc' || (!search.filter.order && !search.filter.sort);
    const direction = desc ? 'DESC' : 'ASC';
    const nulls = NULLS_LAST.has(sortKey) ? ' NULLS LAST' : '';
    const sql = `SELECT l.id, l.company_id, c.name AS company_name, c.credit_code, l.term_months, l.bank, l.loan_type, l.created_at,
              wi.amount_fen, wi.disbursed_on::text AS disbursed_on, wi.disbursed_amount_fen, wi.machine_version, wi.version,
              jsonb_build_object('value', wi.snapshot->'value', 'context', jsonb_build_object('visitRound', wi.snapshot->'context'->'visitRound')) AS snapshot,
              wi.updated_at, ua.id AS a_id, ua.nickname AS a_name, ub.id AS b_id, ub.nickname AS b_name,
              o.days_past_due, o.bucket AS overdue_bucket
         FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
         LEFT JOIN loan_overdue o ON o.loan_id = l.id
         LEFT JOIN app_user ua ON ua.id = l.a_post_officer_id
         LEFT JOIN app_user ub ON ub.id = wi.b_post_officer_id
        WHERE ${['l.deleted_at IS NULL', ...instance, ...loan].join(' AND ')}
        ORDER BY ${SORT_COLUMNS[sortKey]} ${direction}${nulls}, ${TIE_COLUMNS[sortKey]} ${direction}`;
    const buckets = columns.includes('overdueBucket') ? bucketColumn((await latestBuckets(this.db))?.buckets ?? [], lang) : null;
    const sheetColumns = columns.map((c) => (c === 'overdueBucket' && buckets ? buckets : SHEET_COLUMNS[c]));
    return exportQuery({ name, columns: sheetColumns, sql, params }, lang, name, this.clock.now());
  }
}
