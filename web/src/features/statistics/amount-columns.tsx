import { Anchor } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { yuan } from './format';
import type { Dimension, GroupRow, GroupStats, Period, TypeLoanRow, TypeLoans } from './statistics-api';

/** "-" in a path segment stands for nothing (a loan type without an id, the loans without a type). */
export const NONE_SEGMENT = '-';

/** A grouping's columns with the period's totals beneath; a product opens its loans (amountDataList). */
export function useGroupColumns(dimension: Dimension, period: Period, total: GroupStats['total'] | undefined): DataTableColumn<GroupRow>[] {
  const { t } = useTranslation();
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
    footer: total ? yuan(total[accessor]) : '',
  });
  const count = (accessor: 'projects' | 'disbursedLoans', title: string): DataTableColumn<GroupRow> => ({
    accessor,
    title,
    textAlign: 'right',
    sortable: true,
    footer: total ? String(total[accessor]) : '',
  });
  return [
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
}

/** One product's loans, each with its share of the product's row, and the totals beneath. */
export function useTypeLoanColumns(total: TypeLoans['total'] | undefined): DataTableColumn<TypeLoanRow>[] {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (accessor: 'openingFen' | 'addedFen' | 'releasedFen' | 'closingFen', title: string): DataTableColumn<TypeLoanRow> => ({
    accessor,
    title,
    textAlign: 'right',
    sortable: true,
    render: (r) => yuan(r[accessor]),
    footer: total ? yuan(total[accessor]) : '',
  });
  return [
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
  ];
}
