import { Badge, Button, Group } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/features/permissions/Can';
import { formatTime } from '@/lib/format';
import type { ConfereeRow } from './conferees-api';

/** The attendee list's columns: the person, their meeting types and status, and the row's actions. */
export function useConfereeColumns({
  onManage,
  onDelete,
}: {
  onManage: (row: ConfereeRow) => void;
  onDelete: (row: ConfereeRow) => void;
}): DataTableColumn<ConfereeRow>[] {
  const { t } = useTranslation();
  const can = useCan();
  return [
    { accessor: 'username', title: t('conferees.columns.username'), sortable: true },
    { accessor: 'nickname', title: t('conferees.columns.name'), sortable: true },
    {
      accessor: 'meetingKinds',
      title: t('conferees.columns.kinds'),
      render: (r) => (
        <Group gap={4}>
          {r.meetingKinds.map((k) => (
            <Badge key={k} variant="light" size="sm">
              {t(`meetings.kinds.${k}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'active',
      title: t('conferees.columns.status'),
      width: 110,
      render: (r) => (
        <Badge color={r.active && !r.userDisabled ? 'teal' : 'gray'} variant="dot">
          {r.userDisabled ? t('conferees.userDisabled') : r.active ? t('conferees.active') : t('conferees.inactive')}
        </Badge>
      ),
    },
    { accessor: 'meetingCount', title: t('conferees.columns.meetings'), width: 100, textAlign: 'right' },
    { accessor: 'createdAt', title: t('conferees.columns.createdAt'), sortable: true, width: 160, render: (r) => formatTime(r.createdAt) },
    {
      accessor: 'actions',
      title: t('common.actions'),
      width: 150,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          {can(['sys:conferee:manage']) && (
            <Button size="compact-xs" variant="subtle" onClick={() => onManage(r)}>
              {t('conferees.manage')}
            </Button>
          )}
          {can(['sys:conferee:delete']) && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(r)}>
              {t('conferees.delete')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
