import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { useReconcileReminders, useReminderStatus } from './queue-page-queries';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * On the queue page: the reminder horizon (REMINDER_HORIZON_DAYS), the reminders scheduled in
 * PostgreSQL (all, and those within the horizon), how many reminder jobs wait in Redis, and when the
 * hourly horizon job last ran; "Reconcile now" queues again what falls within the horizon.
 */
export function ReminderStatusCard() {
  const { t } = useTranslation();
  const status = useReminderStatus();
  const reconcile = useReconcileReminders();
  const data = status.data;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="reminder-status">
      <Stack gap="sm">
        <Title order={4}>{t('queues.reminders.title')}</Title>
        {status.isError && (
          <Alert color="red" data-testid="reminder-status-error">
            {t('queues.reminders.unavailable')}
          </Alert>
        )}
        {data && (
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <Figure label={t('queues.reminders.horizon')} value={t('queues.reminders.days', { days: data.horizonDays })} testId="reminder-horizon" />
            <Figure label={t('queues.reminders.scheduled')} value={data.scheduled} testId="reminder-scheduled" />
            <Figure label={t('queues.reminders.withinHorizon')} value={data.withinHorizon} testId="reminder-within" />
            <Figure label={t('queues.reminders.queued')} value={data.queued} testId="reminder-queued" />
            <Figure
              label={t('queues.reminders.lastRun')}
              value={data.lastHorizonRunAt ? formatTime(data.lastHorizonRunAt) : t('queues.reminders.never')}
              testId="reminder-last-run"
            />
          </SimpleGrid>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} />}
            loading={reconcile.isPending}
            onClick={() => reconcile.mutate()}
            data-testid="reminder-reconcile"
          >
            {t('queues.reminders.reconcile')}
          </Button>
          {reconcile.data && (
            <Text size="sm" data-testid="reminder-reconcile-result">
              {t('queues.reminders.reconciled', { scanned: reconcile.data.scanned, queued: reconcile.data.queued })}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
