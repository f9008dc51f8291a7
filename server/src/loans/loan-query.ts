import { Injectable, StreamableFile } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { EventType, Label, StageKey } from '@app/workflow';
import { DataSource } from 'typeorm';
import { holds, type AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import { EXPORT_MAX_ROWS, exportSheet, formatTime, type SheetColumn } from '../common/spreadsheet';
import type { WorkflowView } from '../workflow/workflow.dto';
import { WorkflowService } from '../workflow/workflow.service';
import type { LoanFilterQuery, LoanSort } from './loan.dto';

/** Where a list looks: a stage, optionally one status of it (e.g. pre-review awaiting approval). */
export interface LoanScope {
  stage: StageKey;
  status?: string;
}

export interface LoanSearch {
  filter: LoanFilterQuery & { stage?: StageKey };
  /** Only loans standing in one of these places (a stage list); none: every loan. */
  scope?: readonly LoanScope[];
  /** The machine actions this list offers; the row's legal actions are narrowed to them. */
  events?: readonly EventType[];
}

/** The workflow view of a row, its status words typed. */
export type RowWorkflow = Omit<WorkflowView, 'statusLabels'> & { statusLabels: engine.StatusLabels };

export interface Person {
  id: string;
  name: string;
}

export interface LoanRow {
  id: string;
  companyId: string;
  companyName: string;
  creditCode: string;
  /** The current amount: the machine's context (it changes in pre-review and general office). */
  amount: number;
  termMonths: number;
  bank: string | null;
  loanType: string | null;
  aPostOfficer: Person | null;
  bPostOfficer: Person | null;
  createdAt: string;
  updatedAt: string;
  /** Soft deletion is possible for this user now (still in data collection, sys:loan:delete held). */
  deletable: boolean;
  /** Stage, status, legal actions of the calling user, and the snapshot (the action forms read its context). */
  workflow: RowWorkflow;
}

const SORT_COLUMNS: Record<LoanSort, string> = {
  createdAt: 'l.created_at',
  amount: 'amount',
  companyName: 'c.name',
  updatedAt: 'wi.updated_at',
};

/** Days are Shanghai days: "created on 2026-11-21" means that calendar day there. */
const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

const label = (zh: string, en: string): Label => ({ zh, en });
const pick = (l: Label, lang: Lang) => (lang === 'en' ? l.en : l.zh);

const EXPORT_COLUMNS: SheetColumn<LoanRow>[] = [
  { header: label('企业名称', 'Company'), width: 32, value: (r) => r.companyName },
  { header: label('统一社会信用代码', 'Unified social credit code'), width: 22, value: (r) => r.creditCode },
  { header: label('担保金额（元）', 'Amount (yuan)'), width: 16, value: (r) => r.amount },
  { header: label('期限（月）', 'Term (months)'), width: 10, value: (r) => r.termMonths },
  { header: label('贷款银行', 'Bank'), value: (r) => r.bank },
  { header: label('贷款类型', 'Loan type'), value: (r) => r.loanType },
  { header: label('阶段', 'Stage'), width: 20, value: (r, lang) => pick(r.workflow.statusLabels.stage, lang) },
  { header: label('状态', 'Status'), width: 16, value: (r, lang) => pick(r.workflow.statusLabels.status, lang) },
  { header: label('当前节点', 'Step'), width: 30, value: (r, lang) => pick(r.workflow.statusLabels.step, lang) },
  { header: label('A岗经办人', 'A-post officer'), value: (r) => r.aPostOfficer?.name },
  { header: label('B岗经办人', 'B-post officer'), value: (r) => r.bPostOfficer?.name },
  { header: label('创建时间', 'Created'), width: 18, value: (r) => formatTime(r.createdAt) },
];

/**
 * The one query behind every loan list: filters on the loan, its company and its workflow instance
 * (stage and status columns, the amount from the machine's context), whitelisted sorts, and each row
 * with the calling user's legal actions as the machine answers them.
 */
@Injectable()
export class LoanQuery {
  constructor(
    private readonly db: DataSource,
    private readonly workflow: WorkflowService,
    private readonly clock: Clock,
  ) {}

  private where(search: LoanSearch, params: unknown[]): string {
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const f = search.filter;
    // Inverted ranges are a mistake in the query, not an empty answer.
    if (f.amountMin !== undefined && f.amountMax !== undefined && f.amountMin > f.amountMax) {
      throw new AppError(400, CODES.badRequest, 'validationFailed', {}, { fieldErrors: [{ field: 'amountMax', constraints: ['min'] }] }, 'ValidationFailed');
    }
    if (f.createdFrom && f.createdTo && f.createdFrom > f.createdTo) {
      throw new AppError(400, CODES.badRequest, 'validationFailed', {}, { fieldErrors: [{ field: 'createdTo', constraints: ['min'] }] }, 'ValidationFailed');
    }
    const clauses = ['l.deleted_at IS NULL'];
    if (search.scope) {
      const places = search.scope.map((s) => (s.status ? `(wi.stage = ${p(s.stage)} AND wi.status = ${p(s.status)})` : `wi.stage = ${p(s.stage)}`));
      clauses.push(`(${places.join(' OR ')})`);
    }
    if (f.stage) clauses.push(`wi.stage = ${p(f.stage)}`);
    if (f.status) clauses.push(`wi.status = ${p(f.status)}`);
    if (f.companyId) clauses.push(`l.company_id = ${p(f.companyId)}`);
    if (f.companyName) clauses.push(`c.name ILIKE ${p(`%${f.companyName.replace(/[%_\\]/g, '\\$&')}%`)}`);
    if (f.amountMin !== undefined) clauses.push(`(wi.snapshot->'context'->>'amount')::numeric >= ${p(f.amountMin)}`);
    if (f.amountMax !== undefined) clauses.push(`(wi.snapshot->'context'->>'amount')::numeric <= ${p(f.amountMax)}`);
    if (f.createdFrom) clauses.push(`l.created_at >= (${p(f.createdFrom)}::date)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`);
    if (f.createdTo) clauses.push(`l.created_at < (${p(f.createdTo)}::date + 1)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`);
    if (f.aPostOfficerId) clauses.push(`l.a_post_officer_id = ${p(f.aPostOfficerId)}`);
    if (f.bPostOfficerId) clauses.push(`wi.snapshot->'context'->>'bPostOfficerId' = ${p(f.bPostOfficerId)}`);
    return `WHERE ${clauses.join(' AND ')}`;
  }

  /** `withActions: false` (exports) skips asking the machine about every row's actions. */
  private async search(
    search: LoanSearch,
    user: AuthUser,
    page: { limit: number; offset: number },
    withActions = true,
  ): Promise<{ rows: LoanRow[]; total: number }> {
    const params: unknown[] = [];
    const where = this.where(search, params);
    const from = `FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id`;
    const sort = SORT_COLUMNS[search.filter.sort ?? 'createdAt'];
    const order = search.filter.order === 'desc' || (!search.filter.order && !search.filter.sort) ? 'DESC' : 'ASC';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT l.id, l.company_id, c.name AS company_name, c.credit_code, l.term_months, l.bank, l.loan_type, l.created_at,
                (wi.snapshot->'context'->>'amount')::float8 AS amount, wi.machine_version, wi.version, wi.snapshot, wi.updated_at,
                ua.id AS a_id, ua.nickname AS a_name, ub.id AS b_id, ub.nickname AS b_name
           ${from}
           LEFT JOIN app_user ua ON ua.id = l.a_post_officer_id
           LEFT JOIN app_user ub ON ub.id::text = wi.snapshot->'context'->>'bPostOfficerId'
           ${where}
          ORDER BY ${sort} ${order}, l.id LIMIT ${page.limit} OFFSET ${page.offset}`,
        params,
      ),
      this.db.query(`SELECT count(*)::int AS total ${from} ${where}`, params),
    ]);
    const mayDelete = holds(user, 'sys:loan:delete', 'action');
    const offered = search.events ? new Set<string>(search.events) : null;
    return {
      total,
      rows: rows.map((r: Record<string, any>): LoanRow => {
        const instance = { loanId: r.id, machineVersion: r.machine_version, version: r.version, snapshot: r.snapshot };
        const view = withActions
          ? (this.workflow.view(instance, user) as RowWorkflow)
          : { ...instance, stage: engine.stageOf(r.snapshot), state: r.snapshot.value, statusLabels: engine.statusLabels(r.snapshot), legalActions: [] };
        return {
          id: r.id,
          companyId: r.company_id,
          companyName: r.company_name,
          creditCode: r.credit_code,
          amount: r.amount,
          termMonths: r.term_months,
          bank: r.bank,
          loanType: r.loan_type,
          aPostOfficer: r.a_id ? { id: r.a_id, name: r.a_name } : null,
          bPostOfficer: r.b_id ? { id: r.b_id, name: r.b_name } : null,
          createdAt: new Date(r.created_at).toISOString(),
          updatedAt: new Date(r.updated_at).toISOString(),
          deletable: mayDelete && view.stage === 'collection',
          workflow: offered ? { ...view, legalActions: view.legalActions.filter((a) => offered.has(a.type)) } : view,
        };
      }),
    };
  }

  async page(search: LoanSearch, user: AuthUser): Promise<Page<LoanRow>> {
    const { pageNum, pageSize } = search.filter;
    const { rows, total } = await this.search(search, user, { limit: pageSize, offset: (pageNum - 1) * pageSize });
    return { list: rows, total, pageNum, pageSize };
  }

  /** Every row the filters select (up to the export limit), as a workbook named after the list. */
  async export(search: LoanSearch, user: AuthUser, lang: Lang, name: Label): Promise<StreamableFile> {
    const { rows } = await this.search(search, user, { limit: EXPORT_MAX_ROWS, offset: 0 }, false);
    return exportSheet({ name, columns: EXPORT_COLUMNS, rows }, lang, name, this.clock.now());
  }
}
