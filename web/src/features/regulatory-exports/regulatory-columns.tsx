import { Badge } from '@mantine/core';
import { fromFen } from '@app/workflow';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import type { RegulatoryReport, RegulatoryRow } from './regulatory-exports-api';

const yuan = (fen: number | null) => (fen === null ? '' : formatAmount(fromFen(fen)));
const percent = (bp: number | null) => (bp === null ? '' : `${bp / 100}%`);

/** A report's columns: the industry ministry's has the employee count too. */
export function useRegulatoryColumns(report: RegulatoryReport): DataTableColumn<RegulatoryRow>[] {
  const { t } = useTranslation();
  return [
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
  ];
}
