import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconCash, IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Can } from '@/features/permissions/Can';
import { useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import type { CompanyRow } from './companies-api';
import { enumWords } from './enum-labels';

export interface CompanyActions {
  onDetail: (companyId: string) => void;
  onEdit: (company: CompanyRow) => void;
  onInitiateLoan: (company: CompanyRow) => void;
  onDelete: (company: CompanyRow) => void;
}

/** The company list's columns, the last one the row's actions (detail, edit, initiate a loan, delete). */
export function useCompanyColumns({ onDetail, onEdit, onInitiateLoan, onDelete }: CompanyActions): DataTableColumn<CompanyRow>[] {
  const { t } = useTranslation();
  const lang = useLang();
  return [
    { accessor: 'name', title: t('companies.columns.name'), sortable: true },
    {
      accessor: 'creditCode',
      title: t('companies.columns.creditCode'),
      sortable: true,
      width: 190,
      render: (c) => (
        <Text ff="monospace" size="sm">
          {c.creditCode}
        </Text>
      ),
    },
    { accessor: 'legalRepresentative', title: t('companies.columns.legalRepresentative'), width: 110 },
    { accessor: 'districtCode', title: t('companies.columns.district'), width: 110, render: (c) => enumWords('districtCode', c.districtCode, lang) },
    {
      accessor: 'contactPerson',
      title: t('companies.columns.contact'),
      width: 170,
      render: (c) => [c.contactPerson, c.contactPhone].filter(Boolean).join(' '),
    },
    {
      accessor: 'loanCount',
      title: t('companies.columns.loans'),
      width: 130,
      render: (c) => (
        <Badge variant="light" color={c.openLoanCount ? 'blue' : 'gray'}>
          {c.openLoanCount} / {c.loanCount}
        </Badge>
      ),
    },
    {
      accessor: 'createdAt',
      title: t('companies.columns.createdAt'),
      sortable: true,
      width: 150,
      render: (c) => formatTime(c.createdAt),
    },
    {
      accessor: 'actions',
      title: t('common.actions'),
      width: 170,
      render: (c) => (
        <Group gap={4} wrap="nowrap" data-testid="company-actions" data-company={c.name}>
          <Can perms={['sys:company:detail']}>
            <Tooltip label={t('companies.detail')}>
              <ActionIcon variant="subtle" aria-label={t('companies.detail')} onClick={() => onDetail(c.id)}>
                <IconEye size={16} />
              </ActionIcon>
            </Tooltip>
          </Can>
          <Can perms={['sys:company:edit']}>
            <Tooltip label={t('companies.edit')}>
              <ActionIcon variant="subtle" aria-label={t('companies.edit')} onClick={() => onEdit(c)}>
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
          </Can>
          <Can perms={['sys:company:initiate-loan']}>
            <Tooltip label={t('companies.initiateLoan')}>
              <ActionIcon variant="subtle" color="teal" aria-label={t('companies.initiateLoan')} onClick={() => onInitiateLoan(c)}>
                <IconCash size={16} />
              </ActionIcon>
            </Tooltip>
          </Can>
          <Can perms={['sys:company:delete']}>
            <Tooltip label={c.openLoanCount ? t('companies.deleteBlocked', { count: c.openLoanCount }) : t('companies.delete')} multiline w={240}>
              <ActionIcon variant="subtle" color="red" aria-label={t('companies.delete')} disabled={c.openLoanCount > 0} onClick={() => onDelete(c)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Can>
        </Group>
      ),
    },
  ];
}
