import { Button, Card, Group, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { AppDataTable } from '@/ui/AppDataTable';
import type { Message } from '../dashboard-api';
import { useMarkAllRead, useMarkRead, useMessages, useUnreadCount } from '../dashboard-queries';
import { useMessageColumns } from './MessageColumns';

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
  const columns = useMessageColumns({ onMarkRead, markingId: markRead.isPending ? markRead.variables : undefined });
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
        columns={columns}
      />
    </Card>
  );
}
