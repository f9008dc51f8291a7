import { Button, Group } from '@mantine/core';
import { formatBasisPoints } from '@app/workflow';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/features/permissions/Can';
import { formatTime } from '@/lib/format';
import type { LoanTypeRow } from './basic-data-api';

/** The loan-type list's columns: the type, its fee rate and reminder lead days, and the row's actions. */
export function useLoanTypeColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (row: LoanTypeRow) => void;
  onDelete: (row: LoanTypeRow) => void;
}): DataTableColumn<LoanTypeRow>[] {
  const { t } = useTranslation();
  const can = useCan();
  return [
    { accessor: 'name', title: t('basicData.loanTypes.columns.name'), sortable: true },
    {
      accessor: 'feeRate',
      title: t('basicData.loanTypes.columns.feeRate'),
      sortable: true,
      textAlign: 'right',
      render: (r) => formatBasisPoints(r.feeRateBp),
    },
    { accessor: 'repaymentReminderDays', title: t('basicData.loanTypes.columns.repaymentReminderDays'), textAlign: 'right' },
    { accessor: 'maturityReminderDays', title: t('basicData.loanTypes.columns.maturityReminderDays'), textAlign: 'right' },
    { accessor: 'loanCount', title: t('basicData.loanTypes.columns.loans'), textAlign: 'right' },
    { accessor: 'createdAt', title: t('basicData.loanTypes.columns.createdAt'), sortable: true, width: 150, render: (r) => formatTime(r.createdAt) },
    {
      accessor: 'actions',
      title: t('common.actions'),
      width: 140,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          {can(['sys:loan-type:edit']) && (
            <Button size="compact-xs" variant="subtle" onClick={() => onEdit(r)}>
              {t('basicData.edit')}
            </Button>
          )}
          {can(['sys:loan-type:delete']) && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(r)}>
              {t('basicData.delete')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
