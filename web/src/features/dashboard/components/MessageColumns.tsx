import { Badge, Button, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import type { Message } from '../dashboard-api';

/** The messages' columns: read or not, title, content, kind, time, and marking one read. */
export function useMessageColumns({
  onMarkRead,
  markingId,
}: {
  onMarkRead: (message: Message) => void;
  markingId: Message['id'] | undefined;
}): DataTableColumn<Message>[] {
  const { t } = useTranslation();
  return [
    {
      accessor: 'read',
      title: t('dashboard.columns.status'),
      width: 90,
      render: (m) => (
        <Badge color={m.read ? 'gray' : 'red'} variant={m.read ? 'light' : 'filled'} data-testid="message-status">
          {m.read ? t('dashboard.read') : t('dashboard.unread')}
        </Badge>
      ),
    },
    {
      accessor: 'title',
      title: t('dashboard.columns.title'),
      render: (m) => (
        <Text fw={m.read ? 400 : 600} size="sm">
          {m.title}
        </Text>
      ),
    },
    {
      accessor: 'content',
      title: t('dashboard.columns.content'),
      render: (m) => (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {m.content}
        </Text>
      ),
    },
    {
      accessor: 'type',
      title: t('dashboard.columns.type'),
      width: 120,
      // Known kinds in the reader's language; a kind this client does not know yet shows as it is.
      render: (m) => t(`dashboard.types.${m.type}`, { defaultValue: m.type }),
    },
    {
      accessor: 'createdAt',
      title: t('dashboard.columns.createdAt'),
      width: 170,
      render: (m) => formatTime(m.createdAt),
    },
    {
      accessor: 'actions',
      title: t('common.actions'),
      width: 130,
      render: (m) =>
        m.read ? null : (
          <Button size="compact-xs" variant="light" leftSection={<IconMailOpened size={14} />} loading={markingId === m.id} onClick={() => onMarkRead(m)}>
            {t('dashboard.markRead')}
          </Button>
        ),
    },
  ];
}
