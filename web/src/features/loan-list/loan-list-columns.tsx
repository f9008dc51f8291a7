import { Badge, Stack, Text } from '@mantine/core';
import { fromFen } from '@app/workflow';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { formatAmount, formatTime } from '@/lib/format';
import type { ListConfig } from './list-configs';
import type { LoanRow } from './loan-list-api';
import { bucketWords, useOverdueBuckets } from './overdue-buckets';

const WHOLE_BADGE = { label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } } as const;

/** The data columns of a loan list, in the order its config names them. */
export function useLoanColumns(columns: ListConfig['columns']): DataTableColumn<LoanRow>[] {
  const { t } = useTranslation();
  const lang = useLang();
  const hasStep = columns.includes('step');
  const buckets = useOverdueBuckets(columns.includes('overdueBucket'));

  const byColumn: Record<(typeof columns)[number], DataTableColumn<LoanRow>> = {
    companyName: { accessor: 'companyName', title: t('loans.columns.company'), sortable: true },
    creditCode: { accessor: 'creditCode', title: t('loans.columns.creditCode'), width: 190 },
    amount: { accessor: 'amount', title: t('loans.columns.amount'), sortable: true, textAlign: 'right', width: 140, render: (r) => formatAmount(r.amount) },
    termMonths: { accessor: 'termMonths', title: t('loans.columns.term'), width: 90, textAlign: 'right' },
    bank: { accessor: 'bank', title: t('loans.columns.bank'), width: 120 },
    loanType: { accessor: 'loanType', title: t('loans.columns.loanType'), width: 120 },
    stage: { accessor: 'stage', title: t('loans.columns.stage'), width: 130, render: (r) => r.workflow.statusLabels.stage[lang] },
    status: {
      accessor: 'status',
      // With a step column beside it, the status column shows the status alone.
      title: hasStep ? t('loans.filters.status') : t('loans.columns.status'),
      render: (r) => (
        <Stack gap={2}>
          {/* The whole status, wrapped if the column is narrow: a badge cut to "已…" says nothing. */}
          <Badge variant="light" size="sm" h="auto" maw="100%" styles={WHOLE_BADGE} data-testid="row-status" data-status={r.workflow.statusLabels.status.key}>
            {r.workflow.statusLabels.status[lang]}
          </Badge>
          {!hasStep && (
            <Text size="xs" c="dimmed">
              {r.workflow.statusLabels.step[lang]}
            </Text>
          )}
        </Stack>
      ),
    },
    step: { accessor: 'step', title: t('loans.columns.step'), render: (r) => r.workflow.statusLabels.step[lang] },
    aPostOfficer: { accessor: 'aPostOfficer', title: t('loans.columns.aPostOfficer'), width: 110, render: (r) => r.aPostOfficer?.name ?? '-' },
    bPostOfficer: { accessor: 'bPostOfficer', title: t('loans.columns.bPostOfficer'), width: 110, render: (r) => r.bPostOfficer?.name ?? '-' },
    createdAt: {
      accessor: 'createdAt',
      title: t('loans.columns.createdAt'),
      sortable: true,
      width: 140,
      render: (r) => formatTime(r.createdAt),
    },
    updatedAt: {
      accessor: 'updatedAt',
      title: t('loans.columns.updatedAt'),
      sortable: true,
      width: 140,
      render: (r) => formatTime(r.updatedAt),
    },
    disbursedOn: { accessor: 'disbursedOn', title: t('loans.columns.disbursedOn'), sortable: true, width: 110, render: (r) => r.disbursedOn ?? '-' },
    disbursedAmount: {
      accessor: 'disbursedAmount',
      title: t('loans.columns.disbursedAmount'),
      sortable: true,
      textAlign: 'right',
      width: 140,
      render: (r) => (r.disbursedAmountFen === null ? '-' : formatAmount(fromFen(r.disbursedAmountFen))),
    },
    daysPastDue: {
      accessor: 'daysPastDue',
      title: t('loans.columns.daysPastDue'),
      sortable: true,
      textAlign: 'right',
      width: 100,
      render: (r) => r.daysPastDue ?? '-',
    },
    overdueBucket: {
      accessor: 'overdueBucket',
      title: t('loans.columns.overdueBucket'),
      width: 130,
      // the words of the buckets in force (an administrator may have set their own)
      render: (r) => (r.overdueBucket === null ? '-' : bucketWords(r.overdueBucket, buckets, lang)),
    },
  };
  return columns.map((column) => byColumn[column]);
}
