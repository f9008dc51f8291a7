import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, Grid, Stack, TextInput } from '@mantine/core';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AppDataTable } from '@/ui/AppDataTable';
import type { LoanRow } from '@/features/loan-list/loan-list-api';
import { pick, useLang } from '@/i18n/use-lang';
import { readPeriod } from './period';
import { PeriodFilter } from './PeriodFilter';
import { useProjectColumns } from './project-columns';
import { useProjectList, useProjectsSummary } from './statistics-queries';

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
  const list = useProjectList(period, t('routes.pages.statisticsProjectList'));
  const filters = { ...period, ...(list.filters.companyName ? { companyName: list.filters.companyName } : {}) };
  const summary = useProjectsSummary(filters);
  const columns = useProjectColumns();

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
              columns={columns}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
