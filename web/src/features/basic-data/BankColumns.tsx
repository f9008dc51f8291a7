import { Button, Group } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { enumWords } from '@/features/companies/enum-labels';
import { useCan } from '@/features/permissions/Can';
import { useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import type { BankRow } from './basic-data-api';

/** The bank list's columns: the bank, its templates and loans, and the row's actions. */
export function useBankColumns({ onEdit, onDelete }: { onEdit: (row: BankRow) => void; onDelete: (row: BankRow) => void }): DataTableColumn<BankRow>[] {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  return [
    { accessor: 'name', title: t('basicData.banks.columns.name'), sortable: true },
    { accessor: 'category', title: t('basicData.banks.columns.category'), sortable: true, render: (r) => enumWords('bankCategory', r.category, lang) },
    { accessor: 'phone', title: t('basicData.banks.columns.phone') },
    { accessor: 'address', title: t('basicData.banks.columns.address') },
    {
      accessor: 'riskShareBp',
      title: t('basicData.banks.columns.riskShare'),
      textAlign: 'right',
      render: (r) => `${(r.riskShareBp / 100).toFixed(2)}%`,
    },
    {
      accessor: 'templateCount',
      title: t('basicData.banks.columns.templates'),
      sortable: true,
      textAlign: 'right',
      render: (r) => `${r.templateCount}（${r.enabledTypes}）`,
    },
    { accessor: 'loanCount', title: t('basicData.banks.columns.loans'), textAlign: 'right' },
    { accessor: 'createdAt', title: t('basicData.banks.columns.createdAt'), sortable: true, width: 150, render: (r) => formatTime(r.createdAt) },
    {
      accessor: 'actions',
      title: t('common.actions'),
      width: 200,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          {can(['template_list']) && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => navigate(`/basicData/bankContractList?bankId=${encodeURIComponent(r.id)}`)}
              data-testid="bank-templates"
            >
              {t('basicData.banks.templates')}
            </Button>
          )}
          {can(['sys:bank:edit']) && (
            <Button size="compact-xs" variant="subtle" onClick={() => onEdit(r)}>
              {t('basicData.edit')}
            </Button>
          )}
          {can(['sys:bank:delete']) && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(r)} data-testid="bank-delete">
              {t('basicData.delete')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
