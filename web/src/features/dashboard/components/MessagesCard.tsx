import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconChecks, IconMailOpened } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { AppDataTable } from '@/ui/AppDataTable';
import { formatTime } from '@/lib/format';
import type { Message } from '../dashboard-api';
import { useMarkAllRead, useMarkRead, useMessages, useUnreadCount } from '../dashboard-queries';

const PAGE_SIZES = [10, 20, 50];

/** The signed-in user's messages, newest first, unread ones marked and markable as read. */
export function MessagesCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const messages = useMessages(page, pageSize);
  const markRead = useMarkRead();
  const onMarkRead = (message: Message) => markRead.mutate(message.id, { onSuccess: () => showSuccessToast(t('dashboard.markedRead')) });
  const unread = useUnreadCount().data ?? 0;
  const markAllRead = useMarkAllRead();
  const onMarkAllRead = () => markAllRead.mutate(undefined, { onSuccess: (count) => showSuccessToast(t('dashboard.markedAllRead', { count })) });

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('dashboard.title')}</Title>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconChecks size={14} />}
          disabled={unread === 0}
          loading={markAllRead.isPending}
          onClick={onMarkAllRead}
          data-testid="mark-all-read"
        >
          {t('dashboard.markAllRead')}
        </Button>
      </Group>
      <AppDataTable<Message>
        minHeight={messages.data?.list.length ? undefined : 180}
        fetching={messages.isFetching}
        records={messages.data?.list ?? []}
        idAccessor="id"
        noRecordsText={t('dashboard.empty')}
        totalRecords={messages.data?.total ?? 0}
        recordsPerPage={pageSize}
        page={page}
        onPageChange={setPage}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        columns={[
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
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconMailOpened size={14} />}
                  loading={markRead.isPending && markRead.variables === m.id}
                  onClick={() => onMarkRead(m)}
                >
                  {t('dashboard.markRead')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
