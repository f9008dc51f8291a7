import { Badge, Button } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/features/permissions/Can';
import { formatTime } from '@/lib/format';
import type { RoleRow } from './roles-api';

/** The role list's columns; editing is offered to holders of sys:role:edit. */
export function useRoleColumns(onEdit: (role: RoleRow) => void): DataTableColumn<RoleRow>[] {
  const { t } = useTranslation();
  const can = useCan();
  return [
    { accessor: 'name', title: t('roles.columns.name'), sortable: true },
    { accessor: 'code', title: t('roles.columns.code') },
    {
      accessor: 'builtin',
      title: t('roles.columns.builtin'),
      width: 100,
      render: (r) => (
        <Badge variant="light" color={r.builtin ? 'gray' : 'blue'}>
          {r.builtin ? t('roles.builtin') : t('roles.custom')}
        </Badge>
      ),
    },
    { accessor: 'userCount', title: t('roles.columns.users'), sortable: true, textAlign: 'right', width: 90 },
    { accessor: 'permissionCount', title: t('roles.columns.permissions'), textAlign: 'right', width: 90 },
    { accessor: 'createdAt', title: t('roles.columns.createdAt'), sortable: true, width: 150, render: (r) => formatTime(r.createdAt) },
    {
      accessor: 'actions',
      title: t('common.actions'),
      width: 100,
      render: (r) =>
        can(['sys:role:edit']) && (
          <Button size="compact-xs" variant="subtle" onClick={() => onEdit(r)} data-testid="role-edit">
            {t('roles.edit')}
          </Button>
        ),
    },
  ];
}
