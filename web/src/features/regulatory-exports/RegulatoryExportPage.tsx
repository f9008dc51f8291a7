import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { fromFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { DayInput } from '@/lib/dates';
import { formatAmount } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import { fetchRegulatoryRows, regulatoryPaths, type RegulatoryParams, type RegulatoryReport, type RegulatoryRow } from './regulatory-exports-api';
import { periodIssue, periodParams } from './period';

const FILTER_KEYS = ['from', 'to', 'companyName'] as const;

const yuan = (fen: number | null) => (fen === null ? '' : formatAmount(fromFen(fen)));
const percent = (bp: number | null) => (bp === null ? '' : `${bp / 100}%`);

/**
 * A report to a regulator (国担 national guarantee platform, 工信部 industry ministry): the loans
 * disbursed in a period, and the .xlsx the regulator takes (every row, streamed by the server; the
 * columns and their rules are in server/src/regulatory-exports/MAPPING.md).
 */
export function RegulatoryExportPage({ report }: { report: RegulatoryReport }) {
  const { t } = useTranslation();
  const title = t(`regulatoryExports.${report}.title`);
  const list = usePagedList({
    queryKey: ['regulatory-exports', report],
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    fetch: (query) => fetchRegulatoryRows(report, query as RegulatoryParams),
    exportRows: async (query) => void (await downloadFile(regulatoryPaths.export(report), `${title}-${today()}.xlsx`, query)),
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: { from: list.filters.from ?? '', to: list.filters.to ?? '', companyName: list.filters.companyName ?? '' },
    validate: (values) => ({ to: periodIssue(values.from, values.to) ? t('regulatoryExports.periodInverted') : null }),
  });

  return (
    <Stack p="md" data-testid={`regulatory-${report}`}>
      <Card withBorder radius="md" padding="lg">
        <Alert variant="light" icon={<IconInfoCircle size={18} />} mb="md">
          {t(`regulatoryExports.${report}.scope`)}
        </Alert>
        <form key={JSON.stringify(list.filters)} onSubmit={form.onSubmit((values) => list.search(periodParams(values)))}>
          <Group mb="md" align="flex-start" gap="sm">
            <DayInput label={t('regulatoryExports.from')} w={160} data-field="from" {...form.getInputProps('from')} />
            <DayInput label={t('regulatoryExports.to')} w={160} data-field="to" {...form.getInputProps('to')} />
            <TextInput
              label={t('regulatoryExports.companyName')}
              leftSection={<IconSearch size={16} />}
              w={220}
              data-field="companyName"
              {...form.getInputProps('companyName')}
            />
            <Group gap="sm" mt={25}>
              <Button type="submit" data-testid="search">
                {t('common.search')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  form.setValues({ from: '', to: '', companyName: '' });
                  list.reset();
                }}
              >
                {t('common.reset')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                loading={list.exporting}
                onClick={() => void list.exportList()}
                data-testid="export"
              >
                {t('regulatoryExports.export')}
              </Button>
            </Group>
          </Group>
        </form>
        <Text size="sm" c="dimmed" mb="xs" data-testid="export-note">
          {t('regulatoryExports.exportNote', { count: list.total })}
        </Text>
        <AppDataTable<RegulatoryRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="loanId"
          customRowAttributes={(r) => ({ 'data-testid': 'regulatory-row', 'data-loan': r.loanId })}
          {...list.table}
          columns={[
            { accessor: 'companyName', title: t('regulatoryExports.columns.companyName') },
            { accessor: 'creditCode', title: t('regulatoryExports.columns.creditCode') },
            {
              accessor: 'enterpriseSize',
              title: t('regulatoryExports.columns.enterpriseSize'),
              render: (r) => t(`regulatoryExports.sizes.${r.enterpriseSize}`),
            },
            ...(report === 'industrial' ? [{ accessor: 'employeeCount', title: t('regulatoryExports.columns.employeeCount') }] : []),
            { accessor: 'bank', title: t('regulatoryExports.columns.bank') },
            { accessor: 'amountFen', title: t('regulatoryExports.columns.amount'), textAlign: 'right' as const, render: (r) => yuan(r.amountFen) },
            {
              accessor: 'outstandingFen',
              title: t('regulatoryExports.columns.outstanding'),
              textAlign: 'right' as const,
              render: (r) => yuan(r.outstandingFen),
            },
            { accessor: 'termMonths', title: t('regulatoryExports.columns.termMonths') },
            { accessor: 'disbursedOn', title: t('regulatoryExports.columns.disbursedOn') },
            { accessor: 'maturityOn', title: t('regulatoryExports.columns.maturityOn') },
            { accessor: 'annualRateBp', title: t('regulatoryExports.columns.annualRate'), render: (r) => percent(r.annualRateBp) },
            { accessor: 'feeRateBp', title: t('regulatoryExports.columns.feeRate'), render: (r) => percent(r.feeRateBp) },
            {
              accessor: 'guaranteeStatus',
              title: t('regulatoryExports.columns.status'),
              render: (r) => (
                <Badge variant="light" color={r.guaranteeStatus === 'IN_FORCE' ? 'blue' : 'gray'}>
                  {t(`regulatoryExports.statuses.${r.guaranteeStatus}`)}
                </Badge>
              ),
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
