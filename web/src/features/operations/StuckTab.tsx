import { Badge, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { STAGE_KEYS, STATE_LABELS } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { AppDataTable } from '@/ui/AppDataTable';
import { MoveDialog } from './MoveDialog';
import type { StuckRow } from './operations-api';
import { useStuck } from './operations-queries';
import { durationParts, stateName } from './state-names';

const PAGE_SIZE = 20;
const FINAL = new Set(['closed', 'discontinued']);

/** "3 天 4 小时" or "5 小时". */
export function useDuration() {
  const { t } = useTranslation();
  return (hours: number) => {
    const parts = durationParts(hours);
    return parts ? t('operations.days', parts) : t('operations.hours', { hours });
  };
}

/**
 * Loans standing longer than their stage's limit, oldest first, by cursor pages; the server puts the
 * loans nobody can move first on each page (red badge). A row moves one loan; ticked rows make a batch.
 */
export function StuckTab({ onBatch }: { onBatch: (loanIds: string[]) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const duration = useDuration();
  const [stage, setStage] = useState<string | null>(null);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [selected, setSelected] = useState<StuckRow[]>([]);
  const [moving, setMoving] = useState<StuckRow | null>(null);
  const page = useStuck({ stage: stage ?? undefined, pageSize: PAGE_SIZE, cursor: cursors[cursors.length - 1] });
  const rows = page.data?.list ?? [];

  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label={t('operations.stuck.stage')}
          placeholder={t('operations.stuck.allStages')}
          clearable
          data={STAGE_KEYS.filter((s) => !FINAL.has(s)).map((s) => ({ value: s, label: STATE_LABELS[s] ? pick(STATE_LABELS[s], lang) : s }))}
          value={stage}
          onChange={(value) => {
            setStage(value);
            setCursors([undefined]);
            setSelected([]);
          }}
          w={220}
          data-testid="ops-stuck-stage"
        />
        <Button variant="default" onClick={() => void page.refetch()} data-testid="ops-stuck-refresh">
          {t('operations.refresh')}
        </Button>
        <Button ml="auto" disabled={selected.length === 0} onClick={() => onBatch(selected.map((r) => r.loanId))} data-testid="ops-stuck-batch">
          {t('operations.stuck.batchSelected')}
          {selected.length ? ` (${selected.length})` : ''}
        </Button>
      </Group>
      <AppDataTable<StuckRow>
        minHeight={rows.length ? undefined : 160}
        records={rows}
        fetching={page.isFetching}
        idAccessor="loanId"
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        customRowAttributes={(r) => ({ 'data-testid': 'ops-stuck-row', 'data-loan': r.loanId, 'data-unmovable': r.unmovable || undefined })}
        columns={[
          {
            accessor: 'company',
            title: t('operations.stuck.loan'),
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                {r.unmovable && (
                  <Badge color="red" size="sm" data-testid="ops-unmovable">
                    {t('operations.stuck.unmovable')}
                  </Badge>
                )}
                <Link to={`/company/node/${r.loanId}`}>{r.company}</Link>
              </Group>
            ),
          },
          { accessor: 'bank', title: t('operations.stuck.bank') },
          { accessor: 'state', title: t('operations.stuck.state'), render: (r) => stateName(r.state, lang) },
          {
            accessor: 'since',
            title: t('operations.stuck.since'),
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{formatTime(r.since)}</Text>
                <Text size="xs" c="red">
                  {duration(r.hoursStanding)} · {t('operations.stuck.limit', { limit: duration(r.limitHours) })}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'lastEvent',
            title: t('operations.stuck.lastEvent'),
            render: (r) =>
              r.lastEvent && (
                <Stack gap={0}>
                  <Text size="sm">{r.lastEvent.label ? pick(r.lastEvent.label, lang) : r.lastEvent.type}</Text>
                  <Text size="xs" c="dimmed">
                    {r.lastEvent.actorName ?? ''} {formatTime(r.lastEvent.at)}
                  </Text>
                </Stack>
              ),
          },
          {
            accessor: 'canAct',
            title: t('operations.stuck.canAct'),
            render: (r) =>
              r.canAct.length === 0 ? (
                <Text size="sm" c="red">
                  {t('operations.stuck.nobody')}
                </Text>
              ) : (
                <Tooltip label={r.canAct.map((a) => a.nickname ?? a.username).join('、')} multiline maw={320}>
                  <Text size="sm" lineClamp={2}>
                    {r.canAct.map((a) => a.nickname ?? a.username).join('、')}
                  </Text>
                </Tooltip>
              ),
          },
          {
            accessor: 'actions',
            title: '',
            render: (r) => (
              <Button size="xs" variant="light" color="orange" onClick={() => setMoving(r)} data-testid="ops-move-open">
                {t('operations.stuck.move')}
              </Button>
            ),
          },
        ]}
      />
      <Pager
        page={cursors.length}
        hasPrev={cursors.length > 1}
        next={page.data?.nextCursor ?? null}
        onPrev={() => setCursors(cursors.slice(0, -1))}
        onNext={(c) => setCursors([...cursors, c])}
      />
      <MoveDialog row={moving} onClose={() => setMoving(null)} />
    </Stack>
  );
}

/** Previous / next over cursor pages. */
export function Pager({
  page,
  hasPrev,
  next,
  onPrev,
  onNext,
}: {
  page: number;
  hasPrev: boolean;
  next: string | null;
  onPrev: () => void;
  onNext: (cursor: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs">
      <Text size="sm" c="dimmed">
        {t('operations.page', { page })}
      </Text>
      <Button variant="default" size="xs" disabled={!hasPrev} onClick={onPrev}>
        {t('operations.prev')}
      </Button>
      <Button variant="default" size="xs" disabled={next === null} onClick={() => next !== null && onNext(next)}>
        {t('operations.next')}
      </Button>
    </Group>
  );
}
