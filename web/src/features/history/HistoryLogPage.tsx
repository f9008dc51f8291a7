import { Badge, Card, Stack, Text } from '@mantine/core';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZES, usePagedList } from '@/lib/use-paged-list';
import { fetchHistory, type HistoryEntry } from './history-api';
import { formatTimeWithSeconds } from '@/lib/format';

/** /history/historyLog: every state-changing request, newest first (admin only). */
export default function HistoryLogPage() {
  const { t } = useTranslation();
  // No filters: the log is read newest first, page by page.
  const list = usePagedList({
    queryKey: ['history', 'list'],
    filterKeys: [],
    pageSize: DEFAULT_PAGE_SIZES[1],
    fetch: (query) => fetchHistory(query.pageNum, query.pageSize),
  });

  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="lg">
        <AppDataTable<HistoryEntry>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="id"
          {...list.table}
          columns={[
            {
              accessor: 'createdAt',
              title: t('history.columns.createdAt'),
              width: 170,
              render: (h) => formatTimeWithSeconds(h.createdAt),
            },
            { accessor: 'actor', title: t('history.columns.actor'), width: 140 },
            { accessor: 'action', title: t('history.columns.action') },
            {
              accessor: 'target',
              title: t('history.columns.target'),
              render: (h) => (
                <Text size="sm" lineClamp={1}>
                  {h.target}
                </Text>
              ),
            },
            {
              accessor: 'outcome',
              title: t('history.columns.outcome'),
              width: 120,
              render: (h) => (
                <Badge variant="light" color={/^(ok|success|succeeded|A00000|A00103)$/i.test(h.outcome) ? 'teal' : 'red'}>
                  {h.outcome}
                </Badge>
              ),
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
