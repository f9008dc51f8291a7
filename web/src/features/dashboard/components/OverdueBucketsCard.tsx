import { Card, Center, Group, Loader, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLang } from '@/i18n/use-lang';
import { useOverdueBucketCounts } from '../dashboard-queries';

/**
 * Loans after guarantee per overdue bucket, as the last close of business found them; each count opens
 * the overdue worklist filtered by its bucket. Shown to holders of overdue_list (`listPath`: the
 * worklist's route, null when the user may not open it).
 */
export function OverdueBucketsCard({ listPath }: { listPath: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const counts = useOverdueBucketCounts(listPath !== null);
  if (listPath === null) return null;
  const data = counts.data;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="dashboard-overdue">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <IconAlertTriangle size={20} />
          <Title order={4}>{t('dashboard.overdue.title')}</Title>
        </Group>
        {data && (
          <Text size="xs" c="dimmed" data-testid="dashboard-overdue-as-of">
            {data.asOf ? t('dashboard.overdue.asOf', { day: data.asOf, total: data.total }) : t('dashboard.overdue.never')}
          </Text>
        )}
      </Group>
      {!data ? (
        <Center py="md">{counts.isError ? <Text c="dimmed">{t('dashboard.counts.failed')}</Text> : <Loader size="sm" />}</Center>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {data.buckets.map((b) => (
            <UnstyledButton
              key={b.key}
              component={Link}
              to={`${listPath}?overdueBucket=${encodeURIComponent(b.key)}`}
              data-testid="dashboard-overdue-bucket"
              data-bucket={b.key}
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
                padding: 'var(--mantine-spacing-sm)',
              }}
            >
              <Text size="sm" c="dimmed">
                {lang === 'en' ? b.en : b.zh}
              </Text>
              <Text fw={700} size="xl" c={b.count > 0 ? 'red' : 'dimmed'} data-testid="dashboard-overdue-count">
                {b.count.toLocaleString(lang === 'en' ? 'en' : 'zh-CN')}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
