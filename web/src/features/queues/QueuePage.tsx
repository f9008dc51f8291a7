import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QUEUE_PAGE_URL } from './queue-page-api';
import { useQueuePageSession } from './queue-page-queries';
import { CloseOfBusinessCard } from './CloseOfBusinessCard';
import { OverdueBucketsCard } from './OverdueBucketsCard';
import { ReminderStatusCard } from './ReminderStatusCard';

/**
 * /system/queues (administrators): the way to the queue page (Bull Board). Coming here sets the
 * page's cookie for this browser; the link then opens the page in a new tab. Beside it, the reminder
 * queue, the nightly close of business's runs and its overdue bucket settings.
 */
export default function QueuePage() {
  const { t } = useTranslation();
  const session = useQueuePageSession();
  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={4}>{t('queues.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('queues.description')}
          </Text>
          {session.isError && (
            <Alert color="red" data-testid="queue-page-error">
              {t('queues.unavailable')}
            </Alert>
          )}
          <Button
            component="a"
            href={session.data ?? QUEUE_PAGE_URL}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={16} />}
            disabled={!session.isSuccess}
            data-testid="open-queue-page"
          >
            {t('queues.open')}
          </Button>
        </Stack>
      </Card>
      <ReminderStatusCard />
      <CloseOfBusinessCard />
      <OverdueBucketsCard />
    </Stack>
  );
}
