import { Card, Grid, Stack, Text } from '@mantine/core';
import 'mantine-datatable/styles.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import NotFoundPage from '@/ui/NotFoundPage';
import { AppDataTable } from '@/ui/AppDataTable';
import { useCurrentRoute } from '@/navigation/current-route';
import { useCan } from '@/features/permissions/Can';
import { useGroupColumns } from './amount-columns';
import { GroupChart } from './AmountCharts';
import { usePeriod } from './period';
import { PeriodFilter } from './PeriodFilter';
import { sortRows, type SortOrder } from './sort-rows';
import { exportStatistic, type Dimension, type GroupRow } from './statistics-api';
import { useGroupStats } from './statistics-queries';

/** The route each grouping is shown on (spec section 2). */
const DIMENSION_OF_ROUTE: Partial<Record<string, Dimension>> = {
  amountList: 'product',
  amountBankList: 'bank',
  amountRegionList: 'region',
  personnelList: 'person',
};

const PAGE_SIZES = [10, 20, 50];

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
  const can = useCan();
  const [period, setPeriod] = usePeriod();
  const [exporting, setExporting] = useState(false);
  const [sort, setSort] = useState<{ columnAccessor: keyof GroupRow; direction: SortOrder }>({ columnAccessor: 'closingFen', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const groups = useGroupStats(dimension, period);
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

  const columns = useGroupColumns(dimension, period, groups.data?.total);

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
            <GroupChart rows={rows} />
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
