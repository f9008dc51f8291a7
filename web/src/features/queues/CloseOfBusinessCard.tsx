import { Alert, Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTimeWithSeconds } from '@/lib/format';
import type { CloseOfBusinessDto } from './queue-page-api';
import { useCloseOfBusinessRuns } from './queue-page-queries';

type Run = CloseOfBusinessDto['runs'][number];

/** 1234 ms -> "1.23 s"; under a second in ms. */
function duration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * Beside the queue page (administrators): the nightly close of business's latest runs, newest first,
 * each step with its start, end, duration and the rows it wrote; a step started and not finished is
 * marked (the next start redoes it), as is a run resumed after a worker stopped.
 */
export function CloseOfBusinessCard() {
  const { t } = useTranslation();
  const runs = useCloseOfBusinessRuns();
  const data = runs.data;
  const stepName = (step: string) => (['overdue', 'notify', 'snapshot'].includes(step) ? t(`queues.closeOfBusiness.steps.${step as 'overdue'}`) : step);
  const runState = (run: Run) =>
    run.finishedAt ? (
      <Badge color="green" variant="light" size="sm">
        {t('queues.closeOfBusiness.finished')}
      </Badge>
    ) : (
      <Badge color="orange" variant="light" size="sm">
        {t('queues.closeOfBusiness.unfinished')}
      </Badge>
    );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="close-of-business">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('queues.closeOfBusiness.title')}</Title>
          {data && (
            <Text size="xs" c="dimmed" data-testid="close-of-business-schedule">
              {t('queues.closeOfBusiness.schedule', { cron: data.schedule, zone: data.timeZone })}
            </Text>
          )}
        </Group>
        {runs.isError && <Alert color="red">{t('queues.closeOfBusiness.unavailable')}</Alert>}
        {runs.isLoading && <Loader size="sm" />}
        {data && data.runs.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('queues.closeOfBusiness.none')}
          </Text>
        )}
        {data && data.runs.length > 0 && (
          <Table.ScrollContainer minWidth={720} type="native">
            <Table withRowBorders fz="xs" verticalSpacing={4} aria-label={t('queues.closeOfBusiness.title')}>
              <Table.Thead>
                <Table.Tr>
                  {(['day', 'step', 'startedAt', 'finishedAt', 'duration', 'rows', 'attempts'] as const).map((c) => (
                    <Table.Th key={c} scope="col">
                      {t(`queues.closeOfBusiness.columns.${c}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.runs.flatMap((run) => [
                  <Table.Tr key={run.day} data-testid="close-of-business-run" data-day={run.day} bg="var(--mantine-color-default-hover)">
                    <Table.Td fw={600}>
                      <Group gap={6} wrap="nowrap">
                        {run.day}
                        {runState(run)}
                      </Group>
                    </Table.Td>
                    <Table.Td>{t('queues.closeOfBusiness.wholeRun')}</Table.Td>
                    <Table.Td>{formatTimeWithSeconds(run.startedAt)}</Table.Td>
                    <Table.Td>{run.finishedAt ? formatTimeWithSeconds(run.finishedAt) : '—'}</Table.Td>
                    <Table.Td>{run.finishedAt ? duration(new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime()) : '—'}</Table.Td>
                    <Table.Td />
                    <Table.Td>{run.attempts}</Table.Td>
                  </Table.Tr>,
                  ...run.steps.map((s) => (
                    <Table.Tr key={`${run.day}-${s.step}`} data-testid="close-of-business-step" data-step={s.step}>
                      <Table.Td />
                      <Table.Td>
                        {s.position}. {stepName(s.step)}
                      </Table.Td>
                      <Table.Td>{formatTimeWithSeconds(s.startedAt)}</Table.Td>
                      <Table.Td>{s.finishedAt ? formatTimeWithSeconds(s.finishedAt) : t('queues.closeOfBusiness.notFinished')}</Table.Td>
                      <Table.Td>{duration(s.durationMs)}</Table.Td>
                      <Table.Td>{s.rowsTouched === null ? '—' : s.rowsTouched.toLocaleString()}</Table.Td>
                      <Table.Td>{s.attempts}</Table.Td>
                    </Table.Tr>
                  )),
                ])}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
