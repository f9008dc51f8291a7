import { Anchor, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import 'mantine-datatable/styles.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AppDataTable } from '@/ui/AppDataTable';
import { NONE_SEGMENT, useTypeLoanColumns } from './amount-columns';
import { TypeLoansChart } from './AmountCharts';
import { defaultPeriod, isDay } from './period';
import { PeriodFilter } from './PeriodFilter';
import { sortRows, type SortOrder } from './sort-rows';
import { exportStatistic, type Period, type TypeLoanRow } from './statistics-api';
import { useTypeLoans } from './statistics-queries';

const PAGE_SIZES = [10, 20, 50];

/**
 * /statistics/amountDataList/:typeId/:typeName/:startData/:endData: the loans of one product in a
 * period, each with its share of the product's row (they add up to it), a chart of their closing
 * balances beside the table, and the export of exactly these rows.
 */
export default function AmountDataPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const typeName = params.typeName && params.typeName !== NONE_SEGMENT ? params.typeName : undefined;
  const fallback = defaultPeriod();
  const period: Period = {
    start: isDay(params.startData) ? params.startData : fallback.start,
    end: isDay(params.endData) ? params.endData : fallback.end,
  };
  const [exporting, setExporting] = useState(false);
  const [sort, setSort] = useState<{ columnAccessor: keyof TypeLoanRow; direction: SortOrder }>({ columnAccessor: 'closingFen', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const loans = useTypeLoans(period, typeName);
  const rows = useMemo(() => sortRows(loans.data?.rows ?? [], sort.columnAccessor, sort.direction), [loans.data, sort]);
  const total = loans.data?.total;

  const moveTo = (next: Period) =>
    navigate(
      `/statistics/amountDataList/${encodeURIComponent(params.typeId ?? NONE_SEGMENT)}/${encodeURIComponent(params.typeName ?? NONE_SEGMENT)}/${next.start}/${next.end}`,
    );
  const doExport = async () => {
    setExporting(true);
    try {
      await exportStatistic('typeLoans', { ...period, typeName }, loans.data?.typeName ?? t('routes.pages.amountDataList'));
    } finally {
      setExporting(false);
    }
  };
  const columns = useTypeLoanColumns(total);

  return (
    <Stack p="md">
      <Group justify="space-between">
        <Title order={4}>{t('statistics.typeLoans.title', { type: loans.data?.typeName ?? typeName ?? '', start: period.start, end: period.end })}</Title>
        <Anchor component={Link} to={`/statistics/amountList?start=${period.start}&end=${period.end}`}>
          {t('statistics.typeLoans.back')}
        </Anchor>
      </Group>
      <Card withBorder radius="md" padding="md">
        <PeriodFilter period={period} onChange={moveTo} onExport={doExport} exporting={exporting} />
      </Card>
      <Grid>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <Text size="sm" c="dimmed" mb="xs">
              {t('statistics.chart.unit')}
            </Text>
            <TypeLoansChart rows={rows} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <AppDataTable<TypeLoanRow>
              records={rows.slice((page - 1) * pageSize, page * pageSize)}
              idAccessor="loanId"
              fetching={loans.isFetching}
              minHeight={200}
              defaultColumnProps={{ noWrap: true }}
              sortStatus={sort}
              onSortStatusChange={(status) => setSort({ columnAccessor: status.columnAccessor as keyof TypeLoanRow, direction: status.direction })}
              page={page}
              onPageChange={setPage}
              totalRecords={rows.length}
              recordsPerPage={pageSize}
              recordsPerPageOptions={PAGE_SIZES}
              onRecordsPerPageChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              columns={columns}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
