import { Avatar, Badge, Button, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/features/permissions/Can';
import { formatTime } from '@/lib/format';
import type { UserRow } from './users-api';

export interface RowActions {
  onEdit: (user: UserRow) => void;
  onToggleDisabled: (user: UserRow) => void;
  onReset: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}

/** The user list's columns; each row action is offered to the holders of its permission. */
export function useUserColumns(roleName: (code: string) => string, actions: RowActions): DataTableColumn<UserRow>[] {
  const { t } = useTranslation();
  const can = useCan();
  return [
    {
      accessor: 'username',
      title: t('users.columns.username'),
      sortable: true,
      render: (u) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={u.avatar || null} name={u.nickname || u.username} color="initials" size={28} radius="xl" />
          <Text size="sm">{u.username}</Text>
        </Group>
      ),
    },
    { accessor: 'nickname', title: t('users.columns.nickname'), sortable: true },
    { accessor: 'phone', title: t('users.columns.phone') },
    { accessor: 'email', title: t('users.columns.email') },
    {
      accessor: 'roles',
      title: t('users.columns.roles'),
      render: (u) => (
        <Group gap={4}>
          {u.roles.map((role) => (
            <Badge key={role} variant="light" size="sm">
              {roleName(role)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'disabled',
      title: t('users.columns.status'),
      width: 110,
      render: (u) => (
        <Badge color={u.disabled ? 'gray' : 'teal'} variant="dot" data-testid="user-status">
          {u.disabled ? t('users.disabled') : t('users.enabled')}
        </Badge>
      ),
    },
    { accessor: 'createdAt', title: t('users.columns.createdAt'), sortable: true, width: 150, render: (u) => formatTime(u.createdAt) },
    {
      accessor: 'actions',
      title: t('common.actions'),
      width: 260,
      render: (u) => (
        <Group gap={4} wrap="nowrap">
          {can(['sys:user:edit']) && (
            <Button size="compact-xs" variant="subtle" onClick={() => actions.onEdit(u)} data-testid="user-edit">
              {t('users.edit')}
            </Button>
          )}
          {can(['sys:user:disable']) && (
            <Button
              size="compact-xs"
              variant="subtle"
              color={u.disabled ? 'teal' : 'orange'}
              onClick={() => actions.onToggleDisabled(u)}
              data-testid="user-toggle"
            >
              {u.disabled ? t('users.enable') : t('users.disable')}
            </Button>
          )}
          {can(['sys:user:reset-password']) && (
            <Button size="compact-xs" variant="subtle" onClick={() => actions.onReset(u)} data-testid="user-reset">
              {t('users.resetPassword')}
            </Button>
          )}
          {can(['sys:user:delete']) && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => actions.onDelete(u)} data-testid="user-delete">
              {t('users.delete')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
