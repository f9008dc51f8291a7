import { Badge, Card, Center, Code, Group, Loader, ScrollArea, SimpleGrid, Slider, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { leafPaths } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEvent } from '../loan-node-api';
import { useHistory, useHistoryAt, useVerify } from '../loan-node-queries';
import { eventLabel } from '../labels';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTimeWithSeconds } from '@/lib/format';
import { stateName } from '@/features/operations/state-names';

const shortHash = (hash: string) => (hash.length > 12 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : hash);

function VerifyBadge({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const verify = useVerify(loanId, version);
  if (verify.isPending) {
    return (
      <Badge color="gray" variant="light" leftSection={<Loader size={10} />} data-testid="verify-badge" data-state="pending">
        {t('loanNode.history.verifying')}
      </Badge>
    );
  }
  if (verify.isError || !verify.data) {
    return (
      <Badge color="gray" variant="light" data-testid="verify-badge" data-state="error">
        {t('loanNode.history.verifyFailed')}
      </Badge>
    );
  }
  const result = verify.data;
  if (result.ok) {
    return (
      <Tooltip label={t('loanNode.history.verifiedHint', { count: result.checked })} multiline w={280}>
        <Badge color="green" variant="filled" size="lg" leftSection={<IconShieldCheck size={14} />} data-testid="verify-badge" data-state="ok">
          {t('loanNode.history.verified')}
        </Badge>
      </Tooltip>
    );
  }
  const n = result.firstBadSeq ?? result.checked + 1;
  return (
    <Tooltip label={t('loanNode.history.brokenHint', { n, reason: result.reason ?? '' })} multiline w={280}>
      <Badge color="red" variant="filled" size="lg" leftSection={<IconAlertTriangle size={14} />} data-testid="verify-badge" data-state="broken">
        {t('loanNode.history.broken', { n })}
      </Badge>
    </Tooltip>
  );
}

/** The loan as it stood after event `seq` (0: as created), from the server's replay. */
function StateAt({ loanId, seq }: { loanId: string; seq: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const at = useHistoryAt(loanId, seq);
  const data = at.data;
  return (
    <Card withBorder radius="md" padding="md" data-testid="history-at" data-seq={data?.seq}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm" data-testid="history-at-title">
          {seq === 0 ? t('loanNode.history.asCreated') : t('loanNode.history.afterEvent', { seq })}
        </Text>
        {at.isFetching && <Loader size="xs" />}
      </Group>
      {data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              {t('loanNode.history.stage')}
            </Text>
            <Text size="sm" data-testid="history-at-stage">
              {pick(data.statusLabels.stage, lang)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('loanNode.history.status')}
            </Text>
            <Text size="sm" data-testid="history-at-status">
              {pick(data.statusLabels.status, lang)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('loanNode.history.step')}
            </Text>
            <Text size="sm" data-testid="history-at-step">
              {pick(data.statusLabels.step, lang)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('loanNode.history.state')}
            </Text>
            <Code data-testid="history-at-state">{leafPaths(data.state).join(', ')}</Code>
          </div>
        </SimpleGrid>
      ) : (
        <Center py="sm">
          <Loader size="sm" />
        </Center>
      )}
    </Card>
  );
}

/** Every event of the loan, the hash chain's verdict, and a slider to travel back in time. */
export function HistoryPanel({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const history = useHistory(loanId, version);
  // null: follow the latest event; a number: the event chosen on the slider.
  const [chosen, setChosen] = useState<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const seq = Math.min(chosen ?? version, version);
  const events = history.data ?? [];
  const marks = version <= 30 ? Array.from({ length: version + 1 }, (_, i) => ({ value: i })) : undefined;

  const choose = (value: number) => {
    setDragging(null);
    setChosen(value >= version ? null : value);
  };

  return (
    <Stack gap="md" data-testid="history-panel">
      <Group justify="space-between">
        <Title order={5}>{t('loanNode.history.travelTitle')}</Title>
        <VerifyBadge loanId={loanId} version={version} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('loanNode.history.travelHint')}
      </Text>
      <Slider
        min={0}
        max={Math.max(version, 1)}
        step={1}
        disabled={version === 0}
        value={dragging ?? seq}
        onChange={setDragging}
        onChangeEnd={choose}
        marks={marks}
        label={(value) => (value === 0 ? t('loanNode.history.asCreated') : `#${value}`)}
        thumbProps={{ 'aria-label': t('loanNode.history.travelTitle'), 'data-testid': 'history-slider' } as never}
        mb="md"
      />
      <StateAt loanId={loanId} seq={seq} />

      {history.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : events.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {t('loanNode.history.empty')}
        </Text>
      ) : (
        <HistoryTable events={events} seq={seq} onChoose={choose} />
      )}
    </Stack>
  );
}

/**
 * An administrator's OPERATOR_MOVE, set apart from the pipeline's own steps: the badge, who, why, and
 * the states before and after by their names (the raw paths stay in the change column).
 */
function OperatorMove({ event }: { event: HistoryEvent }) {
  const { t } = useTranslation();
  const lang = useLang();
  const reason = typeof event.payload?.reason === 'string' ? event.payload.reason : '';
  return (
    <Stack gap={2} data-testid="history-operator-move">
      <Group gap={6}>
        <Badge color="orange" variant="filled" size="sm">
          {t('operations.node.badge')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('operations.node.by', { name: event.actor.name ?? event.actor.id })}
        </Text>
      </Group>
      <Text size="sm" data-testid="history-operator-move-states">
        {stateName(event.from, lang)} → {stateName(event.to, lang)}
      </Text>
      <Text size="xs" data-testid="history-operator-move-reason">
        {t('operations.node.reason', { reason })}
      </Text>
    </Stack>
  );
}

/** The events, newest chain link last: type, actor, time, the change of state and the hash; a click travels to it. */
function HistoryTable({ events, seq, onChoose }: { events: HistoryEvent[]; seq: number; onChoose: (seq: number) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ScrollArea>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>{t('loanNode.history.columns.seq')}</Table.Th>
            <Table.Th>{t('loanNode.history.columns.type')}</Table.Th>
            <Table.Th>{t('loanNode.history.columns.actor')}</Table.Th>
            <Table.Th>{t('loanNode.history.columns.time')}</Table.Th>
            <Table.Th>{t('loanNode.history.columns.change')}</Table.Th>
            <Table.Th>{t('loanNode.history.columns.hash')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr
              key={event.seq}
              data-testid="history-row"
              data-type={event.type}
              bg={event.seq === seq ? 'var(--mantine-color-blue-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => onChoose(event.seq)}
            >
              <Table.Td>{event.seq}</Table.Td>
              <Table.Td>
                {event.type === 'OPERATOR_MOVE' ? (
                  <OperatorMove event={event} />
                ) : (
                  <>
                    <Text size="sm" fw={500}>
                      {eventLabel(event.type, lang)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {event.type}
                    </Text>
                  </>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{event.actor.name ?? event.actor.id}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTimeWithSeconds(event.time)}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {leafPaths(event.from).join(', ')} → {leafPaths(event.to).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Tooltip label={event.hash} maw={520} multiline style={{ wordBreak: 'break-all' }}>
                  <Code style={{ whiteSpace: 'nowrap' }} data-testid="history-hash">
                    {shortHash(event.hash)}
                  </Code>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
