import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Badge, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppDataTable } from '@/ui/AppDataTable';
import { pick, useLang } from '@/i18n/use-lang';
import { yuan } from './format';
import { usePeriod } from './period';
import { PeriodFilter } from './PeriodFilter';
import { exportStatistic, fetchOverview, type Overview } from './statistics-api';

type ListCount = Overview['lists'][number];
type StageCount = Overview['stages'][number];

/** The drill-down worklists whose route path is not their name (the route table's statistics group). */
const DRILL_DOWN_PATHS: Partial<Record<string, string>> = { statisticsRelieveList: 'relieveList' };

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
  const overview = useQuery({ queryKey: ['statistics', 'overview', period], queryFn: () => fetchOverview(period) });
  const data = overview.data;
  const r = data?.reconciliation;

  const doExport = async () => {
    setExporting(true);
    try {
      await exportStatistic('overview', { ...period }, t('routes.pages.statisticsList'));
    } finally {
      setExporting(false);
    }
  };
  const drillDown = (list: ListCount) => `/statistics/${DRILL_DOWN_PATHS[list.name] ?? list.name}?createdFrom=${period.start}&createdTo=${period.end}`;

  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="md">
        <PeriodFilter period={period} onChange={setPeriod} onExport={doExport} exporting={exporting} />
      </Card>
      <Card withBorder radius="md" padding="md" data-testid="reconciliation">
        <Group justify="space-between" mb="sm">
          <Title order={5}>{t('statistics.reconciliation.title', { start: period.start, end: period.end })}</Title>
          {r && (
            <Badge color={r.balanced ? 'teal' : 'red'} variant="light" data-testid="reconciliation-balanced">
              {t(r.balanced ? 'statistics.reconciliation.balanced' : 'statistics.reconciliation.unbalanced')}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Figure label={t('statistics.reconciliation.opening')} value={r && yuan(r.openingFen)} testId="opening" />
          <Figure
            label={`+ ${t('statistics.reconciliation.added')}`}
            value={r && yuan(r.addedFen)}
            note={r && t('statistics.reconciliation.disbursedLoans', { count: r.disbursedLoans })}
            testId="added"
          />
          <Figure
            label={`− ${t('statistics.reconciliation.released')}`}
            value={r && yuan(r.releasedFen)}
            note={r && t('statistics.reconciliation.settledLoans', { count: r.settledLoans })}
            testId="released"
          />
          <Figure label={`= ${t('statistics.reconciliation.closing')}`} value={r && yuan(r.closingFen)} testId="closing" />
        </SimpleGrid>
      </Card>
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
      <Card withBorder radius="md" padding="md">
        <Title order={5} mb="sm">
          {t('statistics.overview.listsTitle')}
        </Title>
        <AppDataTable<ListCount>
          data-testid="overview-lists"
          records={data?.lists ?? []}
          idAccessor="name"
          fetching={overview.isFetching}
          minHeight={180}
          columns={[
            { accessor: 'name', title: t('statistics.overview.list'), render: (l) => pick(l.label, lang) },
            {
              accessor: 'count',
              title: t('statistics.overview.count'),
              textAlign: 'right',
              width: 120,
              render: (l) => (
                <Anchor component={Link} to={drillDown(l)} data-list={l.name}>
                  {l.count}
                </Anchor>
              ),
            },
            { accessor: 'amountFen', title: t('statistics.overview.amount'), textAlign: 'right', width: 200, render: (l) => yuan(l.amountFen) },
          ]}
        />
      </Card>
    </Stack>
  );
}

function Figure({ label, value, note, testId }: { label: string; value: string | undefined; note?: string; testId: string }) {
  return (
    <Stack gap={2} data-testid={`figure-${testId}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value ?? '…'}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
