import { HttpStatus, Injectable, StreamableFile } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { Label, PermissionKey, StageKey, WorklistName } from '@app/workflow';
import type { LoanFilterQuery } from '../loans/loan.dto';
import { DataSource } from 'typeorm';
import { holds, type AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { companyDay, companyTimeZone } from '../common/company-time';
import { AppError, CODES } from '../common/errors';
import { pickLabel, type Lang } from '../common/i18n';
import { EXPORT_MAX_ROWS, exportSheet, formatTime, type SheetColumn } from '../common/spreadsheet';
import { LoanListRepository, type LoanPage } from '../loans/loan-list.repository';
import { DISTRICT_ADMIN_CODES, districtLabel } from './districts';
import type {
  GroupRowDto,
  GroupStatsDto,
  ListCountDto,
  OverviewDto,
  PeriodDto,
  PeriodQuery,
  ProjectsQuery,
  ProjectsSummaryDto,
  ReconciliationDto,
  StageCountDto,
  TypeLoanRowDto,
  TypeLoansDto,
  TypeLoansQuery,
} from './statistics.dto';

/** The groupings of the amount statistics: each a key, a code and a name of the group. */
export type Dimension = 'product' | 'bank' | 'region' | 'person';

const label = (zh: string, en: string): Label => ({ zh, en });
const TOTAL = label('合计', 'Total');
const UNCLASSIFIED = label('未分类', 'Unclassified');
const NOT_GIVEN = label('未填写', 'Not given');

/** The drill-down worklists of the overview, in the spec's order (each a registry entry of group `statistics`). */
export const OVERVIEW_LISTS: readonly WorklistName[] = [
  'suggestList',
  'ysUnauditedList',
  'ysApprovedList',
  'zbNoAttendedMeetingList',
  'zbAttendedMeetingList',
  'bsNoAttendedMeetingList',
  'bsAttendedMeetingList',
  'loanContractUnauditedList',
  'loanContractApprovedList',
  'fkNoUploadedList',
  'fkUploadedList',
  'reportUnauditedList',
  'reportApprovedList',
  'statisticsRelieveList',
];

const DIMENSIONS: Record<Dimension, { key: string; code: string; name: string; title: Label; keyHeader: Label; codeHeader: Label | null }> = {
  product: {
    key: `COALESCE(s.loan_type, '')`,
    code: `lt.id::text`,
    name: `''`,
    title: label('担保金额（按产品）', 'Guarantee amount by product'),
    keyHeader: label('产品（贷款类型）', 'Product (loan type)'),
    codeHeader: null,
  },
  bank: {
    key: `COALESCE(s.bank, '')`,
    code: `NULL`,
    name: `''`,
    title: label('担保金额（按银行）', 'Guarantee amount by bank'),
    keyHeader: label('银行', 'Bank'),
    codeHeader: null,
  },
  region: {
    key: `COALESCE(c.district_code, '')`,
    code: `NULL`,
    name: `''`,
    title: label('担保金额（按区域）', 'Guarantee amount by region'),
    keyHeader: label('区县', 'District'),
    codeHeader: label('行政区划代码', 'Division code'),
  },
  person: {
    key: `s.a_post_officer_id::text`,
    code: `NULL`,
    name: `u.nickname`,
    title: label('担保金额（按人员）', 'Guarantee amount by person'),
    keyHeader: label('A岗经办人', 'A-post officer'),
    codeHeader: null,
  },
};

/**
 * Every loan's guarantee movements, from the machine's own records ($1: the company time zone):
 * + the amount lent on the disbursement day (workflow_instance.disbursed_on / disbursed_amount_fen,
 *   written from VOUCHER_CONFIRM), and
 * - each repayment (RECORD_REPAYMENT in the event log) on its company day, never more than is still
 *   in force; the repayment that settles the loan (it moves to release) releases whatever remains.
 * A repayment dated before the disbursement day counts on that day, so no balance is ever negative.
 */
const MOVEMENTS = `
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
  ),
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

type Row = Record<string, any>;

function groupRow(r: Row, key: string, name: string, code: string | null): GroupRowDto {
  return {
    key,
    name,
    code,
    projects: Number(r.projects ?? 0),
    appliedFen: Number(r.applied ?? 0),
    disbursedLoans: Number(r.disbursed_loans ?? 0),
    openingFen: Number(r.opening ?? 0),
    addedFen: Number(r.added ?? 0),
    releasedFen: Number(r.released ?? 0),
    closingFen: Number(r.closing ?? 0),
  };
}

function sumRows(rows: readonly GroupRowDto[], name: string): GroupRowDto {
  const total = groupRow({}, '', name, null);
  for (const r of rows) {
    total.projects += r.projects;
    total.appliedFen += r.appliedFen;
    total.disbursedLoans += r.disbursedLoans;
    total.openingFen += r.openingFen;
    total.addedFen += r.addedFen;
    total.releasedFen += r.releasedFen;
    total.closingFen += r.closingFen;
  }
  return total;
}

const yuan = (fen: number) => engine.fromFen(fen);

/** The money columns every amount sheet ends with (yuan, as the screen shows them). */
function moneyColumns<T extends Omit<GroupRowDto, 'key' | 'name' | 'code' | 'projects' | 'appliedFen' | 'disbursedLoans'>>(): SheetColumn<T>[] {
  return [
    { header: label('期初余额（元）', 'Opening balance (yuan)'), width: 18, value: (r) => yuan(r.openingFen) },
    { header: label('本期新增（元）', 'Added (yuan)'), width: 18, value: (r) => yuan(r.addedFen) },
    { header: label('本期解除（元）', 'Released (yuan)'), width: 18, value: (r) => yuan(r.releasedFen) },
    { header: label('期末余额（元）', 'Closing balance (yuan)'), width: 18, value: (r) => yuan(r.closingFen) },
  ];
}

/**
 * The statistics of /statistics (issue 11): the overview with its reconciliation and drill-down
 * counts, all projects, guarantee amounts by product, bank, region and person, and one product's
 * loans. Definitions in README.md beside this file. Every figure in fen; one period per request.
 */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly loans: LoanListRepository,
  ) {}

  /** The /statistics group key besides each page's own (the route guard checked that one). */
  assertGroup(user: AuthUser, own: PermissionKey): void {
    if (!holds(user, 'statistics')) throw AppError.forbidden({ required: ['statistics', own] });
  }

  /** Region export: the spec gives the by-region list its own export action. */
  assertRegionExport(user: AuthUser): void {
    if (!holds(user, 'sys:statistics:region-export')) throw AppError.forbidden({ required: ['sys:statistics:region-export'] });
  }

  period(q: { start?: string; end?: string }): PeriodDto {
    const end = q.end ?? companyDay(this.clock.now());
    const start = q.start ?? `${end.slice(0, 4)}-01-01`;
    if (start > end) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.statisticsPeriodInverted, 'statisticsPeriodInverted', 'end', 'PeriodInverted');
    return { start, end };
  }

  private params(period: PeriodDto): unknown[] {
    return [companyTimeZone(), period.start, period.end];
  }

  async reconciliation(period: PeriodDto): Promise<ReconciliationDto> {
    // The four sums straight from the movements (no per-loan grouping, no pass over every loan): the
    // totals are the same as the involved loans' sums, as a loan left out contributes nothing. A loan
    // settled in the period counts when it released something in it (the involved loans' rule: once
    // settled its closing is 0, so it is involved exactly when the period released some of it).
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
    const row = groupRow(r, '', '', null);
    return {
      openingFen: row.openingFen,
      addedFen: row.addedFen,
      releasedFen: row.releasedFen,
      closingFen: row.closingFen,
      disbursedLoans: row.disbursedLoans,
      settledLoans: Number(r.settled_loans),
      balanced: row.openingFen + row.addedFen - row.releasedFen === row.closingFen,
    };
  }

  /** Loans created in the period by the stage they stand in now (every stage, zero included). */
  async stageCounts(period: PeriodDto, where = 'TRUE', extra: unknown[] = []): Promise<StageCountDto[]> {
    const rows: Row[] = await this.db.query(
      `SELECT wi.stage, count(*)::int AS n, COALESCE(sum(wi.amount_fen), 0)::text AS fen
         FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.deleted_at IS NULL
          AND l.created_at >= ($2::date)::timestamp AT TIME ZONE $1 AND l.created_at < ($3::date + 1)::timestamp AT TIME ZONE $1
          AND ${where}
        GROUP BY wi.stage`,
      [...this.params(period), ...extra],
    );
    const by = new Map(rows.map((r) => [r.stage as string, r]));
    return engine.STAGES.map((s) => ({
      stage: s.key,
      label: { zh: s.zh, en: s.en },
      count: Number(by.get(s.key)?.n ?? 0),
      amountFen: Number(by.get(s.key)?.fen ?? 0),
    }));
  }

  async overview(q: PeriodQuery): Promise<OverviewDto> {
    const period = this.period(q);
    const params = this.params(period);
    const lists = OVERVIEW_LISTS.map((name) => engine.worklist(name)!);
    // One statement: each list's loans created in the period, as the drill-down shows them with createdFrom/createdTo.
    const columns = lists.map((list, i) => {
      params.push([...list.states]);
      const hit = `wi.active_paths && $${params.length}::text[]`;
      return `count(*) FILTER (WHERE ${hit})::int AS n${i}, COALESCE(sum(wi.amount_fen) FILTER (WHERE ${hit}), 0)::text AS f${i}`;
    });
    // The three reads are independent: sent at once on their own connections, the page waits for the slowest, not their sum.
    const [[counted], reconciliation, stages] = await Promise.all([
      this.db.query(
        `SELECT ${columns.join(', ')}
           FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
          WHERE l.deleted_at IS NULL
            AND l.created_at >= ($2::date)::timestamp AT TIME ZONE $1 AND l.created_at < ($3::date + 1)::timestamp AT TIME ZONE $1`,
        params,
      ),
      this.reconciliation(period),
      this.stageCounts(period),
    ]);
    const listCounts: ListCountDto[] = lists.map((list, i) => ({
      name: list.name,
      label: { ...engine.WORKLIST_LABELS[list.name] },
      count: Number(counted[`n${i}`]),
      amountFen: Number(counted[`f${i}`]),
    }));
    return { period, reconciliation, stages, lists: listCounts };
  }

  async exportOverview(q: PeriodQuery, lang: Lang): Promise<StreamableFile> {
    const data = await this.overview(q);
    type Line = { what: string; count: number | null; fen: number };
    const r = data.reconciliation;
    const lines: Line[] = [
      { what: pickLabel(label('期初余额', 'Opening balance'), lang), count: null, fen: r.openingFen },
      { what: pickLabel(label('本期新增（放款）', 'Added (disbursed)'), lang), count: r.disbursedLoans, fen: r.addedFen },
      { what: pickLabel(label('本期解除（还款）', 'Released (repaid)'), lang), count: r.settledLoans, fen: r.releasedFen },
      { what: pickLabel(label('期末余额', 'Closing balance'), lang), count: null, fen: r.closingFen },
      ...data.stages.map((s) => ({ what: `${pickLabel(label('阶段', 'Stage'), lang)}: ${pickLabel(s.label, lang)}`, count: s.count, fen: s.amountFen })),
      ...data.lists.map((l) => ({ what: pickLabel(l.label, lang), count: l.count, fen: l.amountFen })),
    ];
    const name = label(`项目总体情况 ${data.period.start}~${data.period.end}`, `Project overview ${data.period.start}~${data.period.end}`);
    return exportSheet(
      {
        name: label('项目总体情况', 'Project overview'),
        columns: [
          { header: label('项目', 'Item'), width: 40, value: (x: Line) => x.what },
          { header: label('笔数', 'Loans'), width: 10, value: (x: Line) => x.count },
          { header: label('金额（元）', 'Amount (yuan)'), width: 18, value: (x: Line) => yuan(x.fen) },
        ],
        rows: lines,
      },
      lang,
      name,
      this.clock.now(),
    );
  }

  async byDimension(dimension: Dimension, q: PeriodQuery, lang: Lang): Promise<GroupStatsDto> {
    const period = this.period(q);
    const d = DIMENSIONS[dimension];
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
    const list = rows.map((r) => {
      const key = String(r.key);
      switch (dimension) {
        case 'region':
          return groupRow(r, key, pickLabel(districtLabel(key || null), lang), DISTRICT_ADMIN_CODES[key] ?? null);
        case 'product':
          return groupRow(r, key, key || pickLabel(UNCLASSIFIED, lang), r.code ?? null);
        case 'bank':
          return groupRow(r, key, key || pickLabel(NOT_GIVEN, lang), null);
        case 'person':
          return groupRow(r, key, r.name ?? pickLabel(NOT_GIVEN, lang), null);
      }
    });
    return { period, rows: list, total: sumRows(list, pickLabel(TOTAL, lang)) };
  }

  async exportDimension(dimension: Dimension, q: PeriodQuery, lang: Lang): Promise<StreamableFile> {
    const data = await this.byDimension(dimension, q, lang);
    const d = DIMENSIONS[dimension];
    const columns: SheetColumn<GroupRowDto>[] = [
      { header: d.keyHeader, width: 28, value: (r) => r.name },
      ...(d.codeHeader ? [{ header: d.codeHeader, width: 14, value: (r: GroupRowDto) => r.code }] : []),
      { header: label('新增项目数', 'Projects'), width: 12, value: (r) => r.projects },
      { header: label('项目金额（元）', 'Project amount (yuan)'), width: 18, value: (r) => yuan(r.appliedFen) },
      { header: label('放款笔数', 'Loans disbursed'), width: 12, value: (r) => r.disbursedLoans },
      ...moneyColumns<GroupRowDto>(),
    ];
    const title = label(`${d.title.zh} ${data.period.start}~${data.period.end}`, `${d.title.en} ${data.period.start}~${data.period.end}`);
    return exportSheet({ name: d.title, columns, rows: [...data.rows, data.total] }, lang, title, this.clock.now());
  }

  async typeLoans(q: TypeLoansQuery, lang: Lang): Promise<TypeLoansDto> {
    const period = this.period(q);
    const typeName = q.typeName ?? '';
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
    const [type] = typeName ? await this.db.query(`SELECT id FROM loan_type WHERE name = $1`, [typeName]) : [];
    const list: TypeLoanRowDto[] = rows.map((r) => {
      const stage = engine.STAGES.find((s) => s.key === r.stage);
      return {
        loanId: r.id,
        companyName: r.company_name,
        bank: r.bank,
        aPostOfficer: r.officer,
        createdAt: new Date(r.created_at).toISOString(),
        stage: stage ? { zh: stage.zh, en: stage.en } : { zh: r.stage, en: r.stage },
        amountFen: Number(r.amount_fen),
        disbursedOn: r.disbursed_on,
        openingFen: Number(r.opening),
        addedFen: Number(r.added),
        releasedFen: Number(r.released),
        closingFen: Number(r.closing),
      };
    });
    const total = groupRow(
      {
        projects: rows.filter((r) => r.created_in).length,
        applied: rows.filter((r) => r.created_in).reduce((sum, r) => sum + Number(r.amount_fen), 0),
        disbursed_loans: rows.filter((r) => r.disbursed_in).length,
        ...Object.fromEntries((['opening', 'added', 'released', 'closing'] as const).map((k) => [k, rows.reduce((sum, r) => sum + Number(r[k]), 0)])),
      },
      '',
      pickLabel(TOTAL, lang),
      null,
    );
    return { period, typeId: type?.id ?? null, typeName: typeName || pickLabel(UNCLASSIFIED, lang), rows: list, total };
  }

  async exportTypeLoans(q: TypeLoansQuery, lang: Lang): Promise<StreamableFile> {
    const data = await this.typeLoans(q, lang);
    type Line = Omit<TypeLoanRowDto, 'stage'> & { stage: Label | null };
    const totalLine: Line = {
      ...data.total,
      loanId: '',
      companyName: data.total.name,
      bank: null,
      aPostOfficer: null,
      createdAt: '',
      stage: null,
      amountFen: data.total.appliedFen,
      disbursedOn: null,
    };
    const columns: SheetColumn<Line>[] = [
      { header: label('企业名称', 'Company'), width: 32, value: (r) => r.companyName },
      { header: label('贷款银行', 'Bank'), value: (r) => r.bank },
      { header: label('A岗经办人', 'A-post officer'), value: (r) => r.aPostOfficer },
      { header: label('创建时间', 'Created'), time: true, value: (r) => (r.createdAt ? formatTime(r.createdAt) : '') },
      { header: label('阶段', 'Stage'), width: 20, value: (r, l) => (r.stage ? pickLabel(r.stage, l) : '') },
      { header: label('担保金额（元）', 'Amount (yuan)'), width: 16, value: (r) => yuan(r.amountFen) },
      { header: label('放款日期', 'Disbursed on'), width: 12, value: (r) => r.disbursedOn },
      ...moneyColumns<Line>(),
    ];
    const title = label(`${data.typeName} ${data.period.start}~${data.period.end}`, `${data.typeName} ${data.period.start}~${data.period.end}`);
    return exportSheet({ name: label('项目类型明细', 'Loans of a product'), columns, rows: [...data.rows, totalLine] }, lang, title, this.clock.now());
  }

  /** All projects: the loan list's query, the period standing for the creation days. */
  private projectSearch(q: ProjectsQuery) {
    const period = this.period(q);
    const filter = {
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      sort: q.sort,
      order: q.order,
      companyName: q.companyName,
      stage: q.stage,
      aPostOfficerId: q.aPostOfficerId,
      createdFrom: period.start,
      createdTo: period.end,
    } as LoanFilterQuery & { stage?: StageKey };
    return { period, search: { filter } };
  }

  projects(q: ProjectsQuery, user: AuthUser): Promise<LoanPage> {
    return this.loans.page(this.projectSearch(q).search, user);
  }

  async projectsSummary(q: ProjectsQuery): Promise<ProjectsSummaryDto> {
    const { period, search } = this.projectSearch(q);
    // The same filters as the page, bar paging: the chart counts exactly the rows the table pages through.
    const f = search.filter;
    const extra: unknown[] = [];
    const where: string[] = [];
    const p = (v: unknown) => {
      extra.push(v);
      return `$${3 + extra.length}`;
    };
    if (f.companyName) where.push(`c.name ILIKE ${p(`%${f.companyName.replace(/[%_\\]/g, '\\$&')}%`)}`);
    if (f.stage) where.push(`wi.stage = ${p(f.stage)}`);
    if (f.aPostOfficerId) where.push(`l.a_post_officer_id = ${p(f.aPostOfficerId)}`);
    return { period, stages: await this.stageCounts(period, where.length ? where.join(' AND ') : 'TRUE', extra) };
  }

  exportProjects(q: ProjectsQuery, user: AuthUser, lang: Lang): Promise<StreamableFile> {
    return this.loans.export(this.projectSearch(q).search, user, lang, label('全部项目', 'All projects'));
  }
}
