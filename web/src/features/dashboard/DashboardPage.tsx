import { Badge, Button, Card, Group, Indicator, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconMailOpened } from '@tabler/icons-react';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { useSession } from '@/features/auth/session';
import { formatBadgeCount } from './badge-count';
import type { Message } from './messages-api';
import { useMarkRead, useMessages, useUnreadCount } from './messages-queries';
import { formatTime } from '@/lib/format';

const PAGE_SIZES = [10, 20, 50];

/** /dashboard: the signed-in user's messages, unread first to the eye, each markable as read. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const messages = useMessages(page, pageSize);
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const unreadCount = unread.data ?? 0;

  const onMarkRead = (message: Message) => markRead.mutate(message.id, { onSuccess: () => showSuccessToast(t('dashboard.markedRead')) });

  return (
    <Stack gap="md" p="md">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between">
          <Stack gap={4}>
            <Title order={3}>{t('dashboard.greeting', { name: user?.nickname || user?.username || '' })}</Title>
            <Text c="dimmed" size="sm">
              {t('common.brand')}
            </Text>
          </Stack>
          <Group gap="sm">
            <Indicator label={formatBadgeCount(unreadCount)} size={18} disabled={unreadCount === 0} color="red" offset={4}>
              <ThemeIcon size={44} radius="md" variant="light">
                <IconBell size={24} />
              </ThemeIcon>
            </Indicator>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('dashboard.unreadCount')}
              </Text>
              <Text fw={700} size="xl" data-testid="unread-count">
                {formatBadgeCount(unreadCount)}
              </Text>
            </Stack>
          </Group>
        </Group>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Title order={4} mb="md">
          {t('dashboard.title')}
        </Title>
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
            { accessor: 'type', title: t('dashboard.columns.type'), width: 120 },
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
    </Stack>
  );
}
