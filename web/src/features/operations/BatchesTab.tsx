import { Badge, Button, Drawer, Group, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { AppDataTable } from '@/ui/AppDataTable';
import { ConfirmReasonDialog } from './ConfirmReasonDialog';
import type { Batch, BatchStatus, Outcome } from './operations-api';
import { useBatch, useBatches, useBatchItems, useCancelBatch } from './operations-queries';
import { batchProgress } from './state-names';

const STATUS_COLORS: Record<BatchStatus, string> = { QUEUED: 'gray', RUNNING: 'blue', DONE: 'teal', CANCELLED: 'orange' };
const OUTCOME_COLORS: Record<Outcome, string> = { APPLIED: 'teal', REFUSED: 'red', SKIPPED: 'gray', PENDING: 'blue' };
const OUTCOMES: Outcome[] = ['APPLIED', 'REFUSED', 'SKIPPED', 'PENDING'];

export function BatchStatusBadge({ batch }: { batch: Batch }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[batch.status] ?? 'gray'} variant="light" data-testid="ops-batch-status" data-status={batch.status}>
      {t(`operations.batches.statuses.${batch.status}`, { defaultValue: batch.status })}
    </Badge>
  );
}

function Counts({ batch }: { batch: Batch }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} miw={220}>
      <Progress value={batchProgress(batch)} color={batch.refused ? 'orange' : 'teal'} animated={batch.status === 'RUNNING'} />
      <Text size="xs" c="dimmed" data-testid="ops-batch-counts">
        {t('operations.batches.counts', { applied: batch.applied, refused: batch.refused, skipped: batch.skipped, total: batch.total })}
      </Text>
    </Stack>
  );
}

/** The batches, newest first, read again while one runs; a row opens its items. */
export function BatchesTab({ onCreate, opened, onOpen }: { onCreate: () => void; opened: string | null; onOpen: (id: string | null) => void }) {
  const { t } = useTranslation();
  const batches = useBatches();
  const rows = batches.data ?? [];
  return (
    <Stack gap="sm">
      <Group>
        <Button onClick={onCreate} data-testid="ops-batch-new">
          {t('operations.batches.create')}
        </Button>
      </Group>
      <AppDataTable<Batch>
        minHeight={rows.length ? undefined : 160}
        records={rows}
        fetching={batches.isFetching}
        idAccessor="id"
        onRowClick={({ record }) => onOpen(record.id)}
        customRowAttributes={(b) => ({ 'data-testid': 'ops-batch-row', 'data-id': b.id })}
        columns={[
          { accessor: 'action', title: t('operations.batches.action'), render: (b) => t(`operations.batches.actions.${b.action}`, { defaultValue: b.action }) },
          { accessor: 'status', title: t('operations.batches.status'), render: (b) => <BatchStatusBadge batch={b} /> },
          { accessor: 'total', title: t('operations.batches.progress'), render: (b) => <Counts batch={b} /> },
          { accessor: 'reason', title: t('operations.reason') },
          { accessor: 'createdAt', title: t('operations.batches.createdAt'), render: (b) => formatTime(b.createdAt) },
        ]}
      />
      <Drawer opened={opened !== null} onClose={() => onOpen(null)} position="right" size="xl" title={t('operations.tabs.batches')}>
        {opened && <BatchDetail id={opened} />}
      </Drawer>
    </Stack>
  );
}

/** One batch: its counts (polled while it runs), cancel, and its items by outcome with their reasons. */
function BatchDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const batch = useBatch(id);
  const cancel = useCancelBatch();
  const [outcome, setOutcome] = useState<Outcome | 'ALL'>('ALL');
  // the starting positions of the pages shown (100 items each)
  const [afters, setAfters] = useState<number[]>([0]);
  const [cancelling, setCancelling] = useState(false);
  const b = batch.data;
  const live = b?.status === 'QUEUED' || b?.status === 'RUNNING';
  if (!b) return null;
  return (
    <Stack gap="sm" data-testid="ops-batch-detail">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{t('operations.batches.detail', { action: t(`operations.batches.actions.${b.action}`, { defaultValue: b.action }) })}</Text>
          <BatchStatusBadge batch={b} />
        </Group>
        {live && (
          <Button color="red" variant="light" size="xs" disabled={b.cancelRequested} onClick={() => setCancelling(true)} data-testid="ops-batch-cancel">
            {t('operations.batches.cancel')}
          </Button>
        )}
      </Group>
      <Text size="sm">{b.reason}</Text>
      <Counts batch={b} />
      <SegmentedControl
        data={[
          { value: 'ALL', label: t('operations.batches.allOutcomes') },
          ...OUTCOMES.map((o) => ({ value: o, label: t(`operations.batches.outcomes.${o}`) })),
        ]}
        value={outcome}
        onChange={(v) => {
          setOutcome(v as Outcome | 'ALL');
          setAfters([0]);
        }}
        data-testid="ops-batch-outcome"
      />
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('operations.stuck.loan')}</Table.Th>
            <Table.Th>{t('operations.batches.outcome')}</Table.Th>
            <Table.Th>{t('operations.batches.message')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {afters.map((after, i) => (
            <ItemsPage
              key={after}
              id={id}
              outcome={outcome === 'ALL' ? undefined : outcome}
              after={after}
              live={live}
              lang={lang}
              onMore={i === afters.length - 1 ? (next) => setAfters([...afters, next]) : undefined}
            />
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmReasonDialog
        opened={cancelling}
        title={t('operations.batches.cancelTitle')}
        summary={t('operations.batches.cancelSummary')}
        confirmLabel={t('operations.batches.cancel')}
        onClose={() => setCancelling(false)}
        onConfirm={async (reason) => {
          await cancel.mutateAsync({ id, reason });
          showSuccessToast(t('operations.batches.cancelled'));
        }}
        testId="ops-batch-cancel"
      />
    </Stack>
  );
}

function ItemsPage({
  id,
  outcome,
  after,
  live,
  lang,
  onMore,
}: {
  id: string;
  outcome: Outcome | undefined;
  after: number;
  live: boolean;
  lang: 'zh' | 'en';
  onMore?: (next: number) => void;
}) {
  const { t } = useTranslation();
  const items = useBatchItems(id, outcome, after, live);
  const next = items.data?.next ?? null;
  return (
    <>
      {(items.data?.list ?? []).map((item) => {
        const o: Outcome = item.outcome ?? 'PENDING';
        return (
          <Table.Tr key={item.position} data-testid="ops-batch-item" data-outcome={o}>
            <Table.Td>{item.position}</Table.Td>
            <Table.Td>
              <Link to={`/company/node/${item.loanId}`}>{item.company}</Link>
            </Table.Td>
            <Table.Td>
              <Badge color={OUTCOME_COLORS[o]} variant="light">
                {t(`operations.batches.outcomes.${o}`)}
              </Badge>
            </Table.Td>
            <Table.Td data-testid="ops-batch-item-message">
              {item.message?.zh && item.message.en ? pick({ zh: item.message.zh, en: item.message.en }, lang) : ''}
            </Table.Td>
          </Table.Tr>
        );
      })}
      {onMore && next !== null && (
        <Table.Tr>
          <Table.Td colSpan={4}>
            <Button size="xs" variant="subtle" onClick={() => onMore(next)}>
              {t('operations.batches.more')}
            </Button>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
