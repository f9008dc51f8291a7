import { Anchor } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LoanRow } from '@/features/loan-list/loan-list-api';
import { pick, useLang } from '@/i18n/use-lang';
import { formatAmount, formatTime } from '@/lib/format';

/** The project list's columns: the company opens the loan's node page. */
export function useProjectColumns(): DataTableColumn<LoanRow>[] {
  const { t } = useTranslation();
  const lang = useLang();
  return [
    {
      accessor: 'companyName',
      title: t('statistics.columns.company'),
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={`/company/node/${encodeURIComponent(r.id)}`}>
          {r.companyName}
        </Anchor>
      ),
    },
    { accessor: 'amount', title: t('statistics.columns.amount'), sortable: true, textAlign: 'right', render: (r) => formatAmount(r.amount) },
    { accessor: 'bank', title: t('statistics.columns.bank') },
    { accessor: 'loanType', title: t('statistics.columns.product') },
    { accessor: 'stage', title: t('statistics.columns.stage'), render: (r) => pick(r.workflow.statusLabels.stage, lang) },
    { accessor: 'aPostOfficer', title: t('statistics.columns.officer'), render: (r) => r.aPostOfficer?.name ?? '' },
    { accessor: 'disbursedOn', title: t('statistics.columns.disbursedOn'), sortable: true },
    { accessor: 'createdAt', title: t('statistics.columns.createdAt'), sortable: true, render: (r) => formatTime(r.createdAt) },
  ];
}
