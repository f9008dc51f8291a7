import { Badge, Card, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHistory, type HistoryEntry } from './history-api';
import { formatTimeWithSeconds } from '@/lib/format';

const PAGE_SIZES = [10, 20, 50];

/** /history/historyLog: every state-changing request, newest first (admin only). */
export default function HistoryLogPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1]);
  const history = useQuery({
    queryKey: ['history', 'list', page, pageSize],
    queryFn: () => fetchHistory(page, pageSize),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="lg">
        <AppDataTable<HistoryEntry>
          minHeight={history.data?.list.length ? undefined : 180}
          fetching={history.isFetching}
          records={history.data?.list ?? []}
          idAccessor="id"
          totalRecords={history.data?.total ?? 0}
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
