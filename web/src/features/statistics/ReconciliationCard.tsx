import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { yuan } from './format';
import type { Overview, Period } from './statistics-api';

/** The guarantee balance over the period: opening + added − released = closing, and whether it balances. */
export function ReconciliationCard({ period, reconciliation: r }: { period: Period; reconciliation: Overview['reconciliation'] | undefined }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" data-testid="reconciliation">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t('statistics.reconciliation.title', { start: period.start, end: period.end })}</Title>
        {r && (
          <Badge color={r.balanced ? 'teal' : 'red'} variant="light" data-testid="reconciliation-balanced">
            {t(r.balanced ? 'statistics.reconciliation.balanced' : 'statistics.reconciliation.unbalanced')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={t('statistics.reconciliation.opening')} value={r && yuan(r.openingFen)} testId="opening" />
        <Figure
          label={`+ ${t('statistics.reconciliation.added')}`}
          value={r && yuan(r.addedFen)}
          note={r && t('statistics.reconciliation.disbursedLoans', { count: r.disbursedLoans })}
          testId="added"
        />
        <Figure
          label={`− ${t('statistics.reconciliation.released')}`}
          value={r && yuan(r.releasedFen)}
          note={r && t('statistics.reconciliation.settledLoans', { count: r.settledLoans })}
          testId="released"
        />
        <Figure label={`= ${t('statistics.reconciliation.closing')}`} value={r && yuan(r.closingFen)} testId="closing" />
      </SimpleGrid>
    </Card>
  );
}

function Figure({ label, value, note, testId }: { label: string; value: string | undefined; note?: string; testId: string }) {
  return (
    <Stack gap={2} data-testid={`figure-${testId}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value ?? '…'}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
