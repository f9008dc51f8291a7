import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Card, Grid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import NotFoundPage from '@/ui/NotFoundPage';
import { AppDataTable } from '@/ui/AppDataTable';
import { useCurrentRoute } from '@/navigation/current-route';
import { useCan } from '@/features/permissions/Can';
import { useLang } from '@/i18n/use-lang';
import { tenThousandYuan, yuan } from './format';
import { usePeriod } from './period';
import { PeriodFilter } from './PeriodFilter';
import { sortRows, type SortOrder } from './sort-rows';
import { exportStatistic, fetchGroups, type Dimension, type GroupRow } from './statistics-api';

/** The route each grouping is shown on (spec section 2). */
const DIMENSION_OF_ROUTE: Partial<Record<string, Dimension>> = {
  amountList: 'product',
  amountBankList: 'bank',
  amountRegionList: 'region',
  personnelList: 'person',
};

const PAGE_SIZES = [10, 20, 50];

/** "-" in a path segment stands for nothing (a loan type without an id, the loans without a type). */
export const NONE_SEGMENT = '-';

/**
 * The guarantee amounts of the period grouped by product, bank, region or person (the route names
 * the grouping): a chart of added, released and closing per group beside the table of every figure,
 * the total beneath, and the export of exactly those rows. A product opens its loans (amountDataList).
 */
export default function AmountPage() {
  const route = useCurrentRoute();
  const { t } = useTranslation();
  const dimension = route ? DIMENSION_OF_ROUTE[route.name] : undefined;
  if (!route || !dimension) return <NotFoundPage />;
  return <AmountView key={dimension} dimension={dimension} title={t(`routes.pages.${route.name}`)} />;
}

function AmountView({ dimension, title }: { dimension: Dimension; title: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const [period, setPeriod] = usePeriod();
  const [exporting, setExporting] = useState(false);
  const [sort, setSort] = useState<{ columnAccessor: keyof GroupRow; direction: SortOrder }>({ columnAccessor: 'closingFen', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const groups = useQuery({ queryKey: ['statistics', dimension, period, lang], queryFn: () => fetchGroups(dimension, period) });
  const rows = useMemo(() => sortRows(groups.data?.rows ?? [], sort.columnAccessor, sort.direction), [groups.data, sort]);
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);
  // The region list's export is an action of its own (sys:statistics:region-export); the server checks it too.
  const mayExport = dimension !== 'region' || can(['sys:statistics:region-export']);

  const doExport = async () => {
    setExporting(true);
    try {
      await exportStatistic(dimension, { ...period }, title);
    } finally {
      setExporting(false);
    }
  };

  const nameCell = (r: GroupRow) =>
    dimension === 'product' ? (
      <Anchor
        component={Link}
        data-type={r.key}
        to={`/statistics/amountDataList/${encodeURIComponent(r.code ?? NONE_SEGMENT)}/${encodeURIComponent(r.key || NONE_SEGMENT)}/${period.start}/${period.end}`}
      >
        {r.name}
      </Anchor>
    ) : (
      r.name
    );
  const money = (accessor: 'openingFen' | 'addedFen' | 'releasedFen' | 'closingFen' | 'appliedFen', title: string): DataTableColumn<GroupRow> => ({
    accessor,
    title,
    textAlign: 'right',
    sortable: true,
    render: (r) => yuan(r[accessor]),
    footer: groups.data ? yuan(groups.data.total[accessor]) : '',
  });
  const count = (accessor: 'projects' | 'disbursedLoans', title: string): DataTableColumn<GroupRow> => ({
    accessor,
    title,
    textAlign: 'right',
    sortable: true,
    footer: groups.data ? String(groups.data.total[accessor]) : '',
  });
  const columns: DataTableColumn<GroupRow>[] = [
    { accessor: 'name', title: t(`statistics.columns.${dimension}`), sortable: true, render: nameCell, footer: t('statistics.columns.total') },
    ...(dimension === 'region' ? [{ accessor: 'code', title: t('statistics.columns.code'), width: 120 } as DataTableColumn<GroupRow>] : []),
    count('projects', t('statistics.columns.projects')),
    money('appliedFen', t('statistics.columns.applied')),
    count('disbursedLoans', t('statistics.columns.disbursedLoans')),
    money('openingFen', t('statistics.columns.opening')),
    money('addedFen', t('statistics.columns.added')),
    money('releasedFen', t('statistics.columns.released')),
    money('closingFen', t('statistics.columns.closing')),
  ];

  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="md">
        <PeriodFilter
          period={period}
          onChange={(next) => {
            setPage(1);
            setPeriod(next);
          }}
          onExport={mayExport ? doExport : undefined}
          exporting={exporting}
        />
      </Card>
      <Grid>
        <Grid.Col span={{ base: 12, xl: 5 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <Text size="sm" c="dimmed" mb="xs">
              {t('statistics.chart.unit')}
            </Text>
            <div data-testid="statistics-chart">
              <BarChart
                h={320}
                data={rows.slice(0, 15).map((r) => ({
                  name: r.name,
                  added: tenThousandYuan(r.addedFen),
                  released: tenThousandYuan(r.releasedFen),
                  closing: tenThousandYuan(r.closingFen),
                }))}
                dataKey="name"
                withLegend
                series={[
                  { name: 'added', label: t('statistics.chart.added'), color: 'teal.6' },
                  { name: 'released', label: t('statistics.chart.released'), color: 'orange.6' },
                  { name: 'closing', label: t('statistics.chart.closing'), color: 'blue.6' },
                ]}
                xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 80 }}
              />
            </div>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 7 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <AppDataTable<GroupRow>
              data-testid="statistics-table"
              records={shown}
              idAccessor="key"
              columns={columns}
              fetching={groups.isFetching}
              minHeight={200}
              defaultColumnProps={{ noWrap: true }}
              sortStatus={sort}
              onSortStatusChange={(status) => setSort({ columnAccessor: status.columnAccessor as keyof GroupRow, direction: status.direction })}
              page={page}
              onPageChange={setPage}
              totalRecords={rows.length}
              recordsPerPage={pageSize}
              recordsPerPageOptions={PAGE_SIZES}
              onRecordsPerPageChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
