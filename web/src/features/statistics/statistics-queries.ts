import { useQuery } from '@tanstack/react-query';
import { useLang } from '@/i18n/use-lang';
import { usePagedList } from '@/lib/use-paged-list';
import {
  exportStatistic,
  fetchClassificationMigration,
  fetchGroups,
  fetchOverview,
  fetchProjects,
  fetchProjectsSummary,
  fetchTypeLoans,
  type Dimension,
  type Period,
} from './statistics-api';

type Filters = Record<string, string | undefined>;

// Names and labels of groups and stages come in the request's language: another language is another answer.
export const statisticsKeys = {
  all: ['statistics'] as const,
  overview: (period: Period) => ['statistics', 'overview', period] as const,
  groups: (dimension: Dimension, period: Period, lang: string) => ['statistics', dimension, period, lang] as const,
  typeLoans: (typeName: string | null, period: Period, lang: string) => ['statistics', 'typeLoans', typeName, period, lang] as const,
  projects: ['statistics', 'projects'] as const,
  projectsSummary: (filters: Filters) => ['statistics', 'projectsSummary', filters] as const,
  classificationMigration: (period: Period) => ['statistics', 'classificationMigration', period] as const,
};

export function useOverview(period: Period) {
  return useQuery({ queryKey: statisticsKeys.overview(period), queryFn: () => fetchOverview(period) });
}

export function useGroupStats(dimension: Dimension, period: Period) {
  const lang = useLang();
  return useQuery({ queryKey: statisticsKeys.groups(dimension, period, lang), queryFn: () => fetchGroups(dimension, period) });
}

/** `typeName` undefined: the loans without a loan type. */
export function useTypeLoans(period: Period, typeName: string | undefined) {
  const lang = useLang();
  return useQuery({ queryKey: statisticsKeys.typeLoans(typeName ?? null, period, lang), queryFn: () => fetchTypeLoans(period, typeName) });
}

const PROJECT_SORTABLE = ['createdAt', 'amount', 'companyName', 'disbursedOn'];

/** The loans created in the period, paged and sorted by the server; the period always goes explicitly, so the rows, the chart and the export agree on it. */
export function useProjectList(period: Period, exportName: string) {
  return usePagedList({
    queryKey: statisticsKeys.projects,
    filterKeys: ['start', 'end', 'companyName'] as const,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: PROJECT_SORTABLE,
    fetch: (query) => fetchProjects({ ...query, ...period }),
    exportRows: (query) => exportStatistic('projects', { ...query, ...period }, exportName),
  });
}

export function useProjectsSummary(filters: Filters) {
  return useQuery({ queryKey: statisticsKeys.projectsSummary(filters), queryFn: () => fetchProjectsSummary(filters) });
}

/** The classification migration matrix between the period's two days (the classes' names are the web's own words). */
export function useClassificationMigration(period: Period) {
  return useQuery({ queryKey: statisticsKeys.classificationMigration(period), queryFn: () => fetchClassificationMigration(period) });
}
