import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { formatTime } from '@/lib/format';
import { AppDataTable } from '@/ui/AppDataTable';
import { ConfirmReasonDialog } from './ConfirmReasonDialog';
import type { FailedWork } from './operations-api';
import { useFailedWork, useRetry } from './operations-queries';

/** Failed outbox rows and jobs; a retry asks a reason and is recorded in the trail. */
export function FailedWorkTab() {
  const { t } = useTranslation();
  const list = useFailedWork();
  const retry = useRetry();
  const [chosen, setChosen] = useState<FailedWork | null>(null);
  const rows = list.data ?? [];
  return (
    <Stack gap="sm">
      <Group>
        <Button variant="default" onClick={() => void list.refetch()}>
          {t('operations.refresh')}
        </Button>
      </Group>
      <AppDataTable<FailedWork>
        minHeight={rows.length ? undefined : 160}
        records={rows}
        fetching={list.isFetching}
        idAccessor={(r) => `${r.kind}:${r.id}`}
        customRowAttributes={() => ({ 'data-testid': 'ops-failed-row' })}
        columns={[
          { accessor: 'kind', title: t('operations.failed.kind'), render: (r) => t(`operations.failed.kinds.${r.kind}`) },
          { accessor: 'name', title: t('operations.failed.name') },
          {
            accessor: 'loanId',
            title: t('operations.failed.loan'),
            render: (r) => r.loanId && <Link to={`/company/node/${r.loanId}`}>{r.loanId.slice(0, 8)}</Link>,
          },
          { accessor: 'at', title: t('operations.failed.at'), render: (r) => formatTime(r.at) },
          { accessor: 'attempts', title: t('operations.failed.attempts') },
          {
            accessor: 'error',
            title: t('operations.failed.error'),
            render: (r) => (
              <Text size="xs" lineClamp={3} maw={420}>
                <Code>{r.error ?? ''}</Code>
              </Text>
            ),
          },
          {
            accessor: 'actions',
            title: '',
            render: (r) => (
              <Button size="xs" variant="light" onClick={() => setChosen(r)} data-testid="ops-retry-open">
                {t('operations.failed.retry')}
              </Button>
            ),
          },
        ]}
      />
      <ConfirmReasonDialog
        opened={chosen !== null}
        title={t('operations.failed.retryTitle')}
        summary={chosen && t('operations.failed.retrySummary', { kind: t(`operations.failed.kinds.${chosen.kind}`), name: chosen.name })}
        confirmLabel={t('operations.failed.retry')}
        onClose={() => setChosen(null)}
        onConfirm={async (reason) => {
          await retry.mutateAsync({ kind: chosen!.kind, id: chosen!.id, reason });
          showSuccessToast(t('operations.failed.retried'));
        }}
        testId="ops-retry"
      />
    </Stack>
  );
}
