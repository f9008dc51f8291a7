import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AppDataTable } from '@/ui/AppDataTable';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { NONE_SEGMENT } from './AmountPage';
import { tenThousandYuan, yuan } from './format';
import { defaultPeriod, isDay } from './period';
import { PeriodFilter } from './PeriodFilter';
import { sortRows, type SortOrder } from './sort-rows';
import { exportStatistic, fetchTypeLoans, type Period, type TypeLoanRow } from './statistics-api';

const PAGE_SIZES = [10, 20, 50];

/**
 * /statistics/amountDataList/:typeId/:typeName/:startData/:endData: the loans of one product in a
 * period, each with its share of the product's row (they add up to it), a chart of their closing
 * balances beside the table, and the export of exactly these rows.
 */
export default function AmountDataPage() {
  const { t } = useTranslation();
  const lang = useLang();
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
  const loans = useQuery({ queryKey: ['statistics', 'typeLoans', typeName ?? null, period, lang], queryFn: () => fetchTypeLoans(period, typeName) });
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
  const money = (accessor: 'openingFen' | 'addedFen' | 'releasedFen' | 'closingFen', title: string): DataTableColumn<TypeLoanRow> => ({
    accessor,
    title,
    textAlign: 'right',
    sortable: true,
    render: (r) => yuan(r[accessor]),
    footer: total ? yuan(total[accessor]) : '',
  });

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
            <div data-testid="statistics-chart">
              <BarChart
                h={300}
                data={rows.slice(0, 15).map((r) => ({ name: r.companyName, closing: tenThousandYuan(r.closingFen), added: tenThousandYuan(r.addedFen) }))}
                dataKey="name"
                withLegend
                series={[
                  { name: 'added', label: t('statistics.chart.added'), color: 'teal.6' },
                  { name: 'closing', label: t('statistics.chart.closing'), color: 'blue.6' },
                ]}
                xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 90 }}
              />
            </div>
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
              columns={[
                {
                  accessor: 'companyName',
                  title: t('statistics.columns.company'),
                  sortable: true,
                  render: (r) => (
                    <Anchor component={Link} to={`/company/node/${encodeURIComponent(r.loanId)}`}>
                      {r.companyName}
                    </Anchor>
                  ),
                  footer: t('statistics.columns.total'),
                },
                { accessor: 'bank', title: t('statistics.columns.bank'), sortable: true },
                { accessor: 'aPostOfficer', title: t('statistics.columns.officer') },
                { accessor: 'createdAt', title: t('statistics.columns.createdAt'), sortable: true, render: (r) => formatTime(r.createdAt) },
                { accessor: 'stage', title: t('statistics.columns.stage'), render: (r) => pick(r.stage, lang) },
                {
                  accessor: 'amountFen',
                  title: t('statistics.columns.amount'),
                  textAlign: 'right',
                  sortable: true,
                  render: (r) => yuan(r.amountFen),
                  footer: total ? yuan(total.appliedFen) : '',
                },
                { accessor: 'disbursedOn', title: t('statistics.columns.disbursedOn'), sortable: true },
                money('openingFen', t('statistics.columns.opening')),
                money('addedFen', t('statistics.columns.added')),
                money('releasedFen', t('statistics.columns.released')),
                money('closingFen', t('statistics.columns.closing')),
              ]}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
