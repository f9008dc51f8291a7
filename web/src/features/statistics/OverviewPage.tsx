import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, Grid, Stack, Title } from '@mantine/core';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDataTable } from '@/ui/AppDataTable';
import { pick, useLang } from '@/i18n/use-lang';
import { yuan } from './format';
import { usePeriod } from './period';
import { PeriodFilter } from './PeriodFilter';
import { OverviewLists } from './OverviewLists';
import { ReconciliationCard } from './ReconciliationCard';
import { exportStatistic, type Overview } from './statistics-api';
import { useOverview } from './statistics-queries';

type StageCount = Overview['stages'][number];

/**
 * /statistics/list (population_list): the reconciliation of the guarantee balance over the period,
 * the loans created in it per stage (chart and table), and per drill-down list, each count linking
 * to its worklist filtered to the same creation days.
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [period, setPeriod] = usePeriod();
  const [exporting, setExporting] = useState(false);
  const overview = useOverview(period);
  const data = overview.data;

  const doExport = async () => {
    setExporting(true);
    try {
      await exportStatistic('overview', { ...period }, t('routes.pages.statisticsList'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="md">
        <PeriodFilter period={period} onChange={setPeriod} onExport={doExport} exporting={exporting} />
      </Card>
      <ReconciliationCard period={period} reconciliation={data?.reconciliation} />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <Title order={5} mb="sm">
              {t('statistics.overview.stagesTitle')}
            </Title>
            <div data-testid="statistics-chart">
              <BarChart
                h={260}
                data={(data?.stages ?? []).map((s) => ({ stage: pick(s.label, lang), count: s.count }))}
                dataKey="stage"
                series={[{ name: 'count', label: t('statistics.chart.count'), color: 'blue.6' }]}
                xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 70 }}
                yAxisProps={{ allowDecimals: false }}
              />
            </div>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <AppDataTable<StageCount>
              records={data?.stages ?? []}
              idAccessor="stage"
              fetching={overview.isFetching}
              minHeight={180}
              columns={[
                { accessor: 'stage', title: t('statistics.overview.stage'), render: (s) => pick(s.label, lang) },
                { accessor: 'count', title: t('statistics.overview.count'), textAlign: 'right', width: 100 },
                { accessor: 'amountFen', title: t('statistics.overview.amount'), textAlign: 'right', render: (s) => yuan(s.amountFen) },
              ]}
            />
          </Card>
        </Grid.Col>
      </Grid>
      <OverviewLists period={period} lists={data?.lists ?? []} fetching={overview.isFetching} />
    </Stack>
  );
}
