import { HttpStatus, Injectable, StreamableFile } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { Label, PermissionKey, StageKey, WorklistName } from '@app/workflow';
import type { LoanFilterQuery } from '../loans/loan.dto';
import { holds, type AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { companyDay } from '../common/company-time';
import { AppError, CODES } from '../common/errors';
import { pickLabel, type Lang } from '../common/i18n';
import { exportSheet, formatTime, type SheetColumn } from '../common/spreadsheet';
import { LoanListRepository, type LoanPage } from '../loans/loan-list.repository';
import { DISTRICT_ADMIN_CODES, districtLabel } from './districts';
import { StatisticsRepository, type Dimension, type ProjectFilter, type Row } from './statistics.repository';
import {
  MIGRATION_CLASSES,
  type ClassificationMigrationDto,
  type ClassificationMigrationQuery,
  type MigrationCellDto,
  type MigrationClass,
  type GroupRowDto,
  type GroupStatsDto,
  type ListCountDto,
  type OverviewDto,
  type PeriodDto,
  type PeriodQuery,
  type ProjectsQuery,
  type ProjectsSummaryDto,
  type ReconciliationDto,
  type StageCountDto,
  type TypeLoanRowDto,
  type TypeLoansDto,
  type TypeLoansQuery,
} from './statistics.dto';

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

const DIMENSIONS: Record<Dimension, { title: Label; keyHeader: Label; codeHeader: Label | null }> = {
  product: {
    title: label('担保金额（按产品）', 'Guarantee amount by product'),
    keyHeader: label('产品（贷款类型）', 'Product (loan type)'),
    codeHeader: null,
  },
  bank: {
    title: label('担保金额（按银行）', 'Guarantee amount by bank'),
    keyHeader: label('银行', 'Bank'),
    codeHeader: null,
  },
  region: {
    title: label('担保金额（按区域）', 'Guarantee amount by region'),
    keyHeader: label('区县', 'District'),
    codeHeader: label('行政区划代码', 'Division code'),
  },
  person: {
    title: label('担保金额（按人员）', 'Guarantee amount by person'),
    keyHeader: label('A岗经办人', 'A-post officer'),
    codeHeader: null,
  },
};

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

/** A class of the migration matrix in both languages. */
const migrationLabel = (key: MigrationClass): Label => (key === 'UNCLASSIFIED' ? UNCLASSIFIED : { ...engine.RISK_CLASSIFICATION_LABELS[key] });

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
 * The statistics of /statistics: the overview with its reconciliation and drill-down
 * counts, all projects, guarantee amounts by product, bank, region and person, and one product's
 * loans. Definitions in README.md beside this file. Every figure in fen; one period per request.
 */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly statistics: StatisticsRepository,
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

  async reconciliation(period: PeriodDto): Promise<ReconciliationDto> {
    // The four sums straight from the movements (no per-loan grouping, no pass over every loan): the
    // totals are the same as the involved loans' sums, as a loan left out contributes nothing. A loan
    // settled in the period counts when it released something in it (the involved loans' rule: once
    // settled its closing is 0, so it is involved exactly when the period released some of it).
    const r = await this.statistics.reconciliation(period);
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
  async stageCounts(period: PeriodDto, filter: ProjectFilter = {}): Promise<StageCountDto[]> {
    const rows = await this.statistics.stageCounts(period, filter);
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
    const lists = OVERVIEW_LISTS.map((name) => engine.worklist(name)!);
    // The three reads are independent: sent at once on their own connections, the page waits for the slowest, not their sum.
    const [counted, reconciliation, stages] = await Promise.all([
      this.statistics.createdInLists(
        period,
        lists.map((list) => list.states),
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
    const rows = await this.statistics.byDimension(dimension, period);
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
    const rows = await this.statistics.typeLoans(period, typeName);
    const typeId = typeName ? await this.statistics.loanTypeId(typeName) : null;
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
    return { period, typeId, typeName: typeName || pickLabel(UNCLASSIFIED, lang), rows: list, total };
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

  /**
   * The risk classification migration matrix between two company days (server/src/statistics/README.md):
   * every live loan created by the end of `to`, counted from its class at `from` to its class at `to`.
   */
  async classificationMigration(q: ClassificationMigrationQuery): Promise<ClassificationMigrationDto> {
    if (q.from > q.to) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.statisticsPeriodInverted, 'statisticsPeriodInverted', 'to', 'PeriodInverted');
    const rows = await this.statistics.classificationMigration(q.from, q.to);
    const cell = (): MigrationCellDto => ({ loans: 0, fromBalanceFen: 0, toBalanceFen: 0 });
    const add = (into: MigrationCellDto, c: MigrationCellDto) => {
      into.loans += c.loans;
      into.fromBalanceFen += c.fromBalanceFen;
      into.toBalanceFen += c.toBalanceFen;
    };
    const index = (value: string) => MIGRATION_CLASSES.indexOf((value || 'UNCLASSIFIED') as MigrationClass);
    const matrix = MIGRATION_CLASSES.map(() => MIGRATION_CLASSES.map(cell));
    const total = cell();
    for (const r of rows) {
      const c = { loans: Number(r.loans), fromBalanceFen: Number(r.from_fen), toBalanceFen: Number(r.to_fen) };
      add(matrix[index(r.from_class)][index(r.to_class)], c);
      add(total, c);
    }
    const columnTotals = MIGRATION_CLASSES.map((_, j) => {
      const sum = cell();
      for (const row of matrix) add(sum, row[j]);
      return sum;
    });
    const rowsOut = MIGRATION_CLASSES.map((from, i) => {
      const sum = cell();
      for (const c of matrix[i]) add(sum, c);
      return { from, cells: matrix[i], total: sum };
    });
    const same = (a: MigrationCellDto, b: MigrationCellDto) =>
      a.loans === b.loans && a.fromBalanceFen === b.fromBalanceFen && a.toBalanceFen === b.toBalanceFen;
    const sumOf = (cells: MigrationCellDto[]) => cells.reduce((acc, c) => (add(acc, c), acc), cell());
    return {
      from: q.from,
      to: q.to,
      classes: MIGRATION_CLASSES.map((key) => ({ key, label: migrationLabel(key) })),
      rows: rowsOut,
      columnTotals,
      total,
      balanced: same(sumOf(rowsOut.map((r) => r.total)), total) && same(sumOf(columnTotals), total),
    };
  }

  /** The matrix as a sheet: one line per cell (from, to) in the matrix's order, then each row's, each column's and the whole total. */
  async exportClassificationMigration(q: ClassificationMigrationQuery, lang: Lang): Promise<StreamableFile> {
    const data = await this.classificationMigration(q);
    type Line = { from: Label; to: Label } & MigrationCellDto;
    const lines: Line[] = [
      ...data.rows.flatMap((r) => r.cells.map((c, j) => ({ from: migrationLabel(r.from), to: data.classes[j].label, ...c }))),
      ...data.rows.map((r) => ({ from: migrationLabel(r.from), to: TOTAL, ...r.total })),
      ...data.columnTotals.map((c, j) => ({ from: TOTAL, to: data.classes[j].label, ...c })),
      { from: TOTAL, to: TOTAL, ...data.total },
    ];
    const name = label('风险分类迁徙矩阵', 'Classification migration matrix');
    return exportSheet(
      {
        name,
        columns: [
          { header: label(`${data.from} 分类`, `Class on ${data.from}`), width: 16, value: (x: Line) => pickLabel(x.from, lang) },
          { header: label(`${data.to} 分类`, `Class on ${data.to}`), width: 16, value: (x: Line) => pickLabel(x.to, lang) },
          { header: label('笔数', 'Loans'), width: 10, value: (x: Line) => x.loans },
          { header: label(`${data.from} 担保余额（元）`, `Balance on ${data.from} (yuan)`), width: 22, value: (x: Line) => yuan(x.fromBalanceFen) },
          { header: label(`${data.to} 担保余额（元）`, `Balance on ${data.to} (yuan)`), width: 22, value: (x: Line) => yuan(x.toBalanceFen) },
        ],
        rows: lines,
      },
      lang,
      label(`风险分类迁徙 ${data.from}~${data.to}`, `Classification migration ${data.from}~${data.to}`),
      this.clock.now(),
    );
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
    return { period, stages: await this.stageCounts(period, { companyName: f.companyName, stage: f.stage, aPostOfficerId: f.aPostOfficerId }) };
  }

  exportProjects(q: ProjectsQuery, user: AuthUser, lang: Lang): Promise<StreamableFile> {
    return this.loans.export(this.projectSearch(q).search, user, lang, label('全部项目', 'All projects'));
  }
}
