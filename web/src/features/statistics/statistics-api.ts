/** The statistics calls (server/src/statistics): every statistic for a period, and its export. */
import { http } from '@/api/http';
import type {
  ClassificationMigrationDto,
  GroupRowDto,
  GroupStatsDto,
  LoanPageDto,
  MigrationCellDto,
  OverviewDto,
  ProjectsSummaryDto,
  TypeLoanRowDto,
  TypeLoansDto,
} from '@/api/schema.gen';
import { downloadFile, exportFileName } from '@/lib/download';

export type Overview = OverviewDto;
export type GroupStats = GroupStatsDto;
export type GroupRow = GroupRowDto;
export type TypeLoans = TypeLoansDto;
export type TypeLoanRow = TypeLoanRowDto;
export type ProjectsSummary = ProjectsSummaryDto;
export type ClassificationMigration = ClassificationMigrationDto;
export type MigrationCell = MigrationCellDto;

/** The amount statistics, each a grouping of the same figures (server: GET /statistics/amounts/{dimension}). */
export type Dimension = 'product' | 'bank' | 'region' | 'person';

export interface Period {
  start: string;
  end: string;
}

type Params = Record<string, string | number | undefined>;

export async function fetchOverview(period: Period): Promise<Overview> {
  return (await http.get('/statistics/overview', { params: { ...period } })).data;
}

export async function fetchGroups(dimension: Dimension, period: Period): Promise<GroupStats> {
  return (await http.get(`/statistics/amounts/${dimension}`, { params: { ...period } })).data;
}

/** `typeName` undefined: the loans without a loan type. */
export async function fetchTypeLoans(period: Period, typeName: string | undefined): Promise<TypeLoans> {
  return (await http.get('/statistics/amounts/product/loans', { params: { ...period, typeName } })).data;
}

export async function fetchProjects(query: Params): Promise<LoanPageDto> {
  return (await http.get('/statistics/projects', { params: query })).data;
}

export async function fetchProjectsSummary(query: Params): Promise<ProjectsSummary> {
  return (await http.get('/statistics/projects/summary', { params: query })).data;
}

/** The risk classification migration matrix from the end of `period.start` to the end of `period.end`. */
export async function fetchClassificationMigration(period: Period): Promise<ClassificationMigration> {
  return (await http.get('/statistics/classification-migration', { params: { from: period.start, to: period.end } })).data;
}

/** Each statistic's export: the same query as its page, answered as an .xlsx. */
export const EXPORT_PATHS = {
  overview: '/statistics/overview/export',
  projects: '/statistics/projects/export',
  product: '/statistics/amounts/product/export',
  bank: '/statistics/amounts/bank/export',
  region: '/statistics/amounts/region/export',
  person: '/statistics/amounts/person/export',
  typeLoans: '/statistics/amounts/product/loans/export',
  classificationMigration: '/statistics/classification-migration/export',
} as const;

export async function exportStatistic(which: keyof typeof EXPORT_PATHS, query: Params, fileName: string): Promise<void> {
  await downloadFile(EXPORT_PATHS[which], exportFileName(fileName), query);
}
