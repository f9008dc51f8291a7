import { Badge, Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One figure in a card, with what explains it beneath. */
export function Stat({ label, value, testId, children }: { label: string; value: string; testId: string; children?: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={`${testId}-value`}>
        {value}
      </Text>
      {children}
    </Card>
  );
}

export function LimitBadge({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" color={ok ? 'green' : 'red'} variant="light">
      {ok ? t('regulatory.within') : t('regulatory.over')}
    </Badge>
  );
}
