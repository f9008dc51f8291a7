import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Card, Grid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AppDataTable } from '@/ui/AppDataTable';
import type { LoanRow } from '@/features/loan-list/loan-list-api';
import { pick, useLang } from '@/i18n/use-lang';
import { formatAmount, formatTime } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import { readPeriod } from './period';
import { PeriodFilter } from './PeriodFilter';
import { exportStatistic, fetchProjects, fetchProjectsSummary } from './statistics-api';

const SORTABLE = ['createdAt', 'amount', 'companyName', 'disbursedOn'];

/**
 * /statistics/projectList (project_list): every loan created in the period (and whose company name
 * matches), paged and sorted by the server; the chart beside counts the same loans per stage, and the
 * export writes the same rows.
 */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const period = readPeriod(params);
  const [companyName, setCompanyName] = useState(params.get('companyName') ?? '');
  const list = usePagedList({
    queryKey: ['statistics', 'projects'],
    filterKeys: ['start', 'end', 'companyName'] as const,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: SORTABLE,
    // The period always goes explicitly, so the rows, the chart and the export agree on it.
    fetch: (query) => fetchProjects({ ...query, ...period }),
    exportRows: (query) => exportStatistic('projects', { ...query, ...period }, t('routes.pages.statisticsProjectList')),
  });
  const filters = { ...period, ...(list.filters.companyName ? { companyName: list.filters.companyName } : {}) };
  const summary = useQuery({ queryKey: ['statistics', 'projectsSummary', filters], queryFn: () => fetchProjectsSummary(filters) });

  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="md">
        <PeriodFilter
          period={period}
          onChange={(next) => list.search({ ...next, ...(companyName.trim() ? { companyName: companyName.trim() } : {}) })}
          onExport={() => void list.exportList()}
          exporting={list.exporting}
        >
          <TextInput
            label={t('statistics.projects.companyName')}
            w={220}
            maxLength={100}
            value={companyName}
            onChange={(e) => setCompanyName(e.currentTarget.value)}
          />
        </PeriodFilter>
      </Card>
      <Grid>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <div data-testid="statistics-chart">
              <BarChart
                h={320}
                data={(summary.data?.stages ?? []).map((s) => ({ stage: pick(s.label, lang), count: s.count }))}
                dataKey="stage"
                series={[{ name: 'count', label: t('statistics.chart.count'), color: 'blue.6' }]}
                xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 70 }}
                yAxisProps={{ allowDecimals: false }}
              />
            </div>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <AppDataTable<LoanRow>
              records={list.records}
              idAccessor="id"
              minHeight={200}
              defaultColumnProps={{ noWrap: true }}
              {...list.table}
              sortStatus={list.sortStatus as never}
              onSortStatusChange={list.onSortStatusChange}
              columns={[
                {
                  accessor: 'companyName',
                  title: t('statistics.columns.company'),
                  sortable: true,
                  render: (r) => (
                    <Anchor component={Link} to={`/company/node/${encodeURIComponent(r.id)}`}>
                      {r.companyName}
                    </Anchor>
                  ),
                },
                { accessor: 'amount', title: t('statistics.columns.amount'), sortable: true, textAlign: 'right', render: (r) => formatAmount(r.amount) },
                { accessor: 'bank', title: t('statistics.columns.bank') },
                { accessor: 'loanType', title: t('statistics.columns.product') },
                { accessor: 'stage', title: t('statistics.columns.stage'), render: (r) => pick(r.workflow.statusLabels.stage, lang) },
                { accessor: 'aPostOfficer', title: t('statistics.columns.officer'), render: (r) => r.aPostOfficer?.name ?? '' },
                { accessor: 'disbursedOn', title: t('statistics.columns.disbursedOn'), sortable: true },
                { accessor: 'createdAt', title: t('statistics.columns.createdAt'), sortable: true, render: (r) => formatTime(r.createdAt) },
              ]}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
