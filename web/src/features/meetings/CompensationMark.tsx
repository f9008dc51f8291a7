import { Badge, Group, Text } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';

/**
 * Marks an item of a review-committee meeting that is a loan's compensation (代偿) rather than the loan
 * itself, with the compensation's total in yuan (the server sends it in fen). Nothing for a loan.
 */
export function CompensationMark({ totalFen }: { totalFen: number | null | undefined }) {
  const { t } = useTranslation();
  if (totalFen === null || totalFen === undefined) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="compensation-item">
      <Badge color="orange" variant="light" size="sm">
        {t('meetings.compensation.badge')}
      </Badge>
      <Text size="xs" c="dimmed" data-testid="compensation-total">
        {t('meetings.compensation.total', { amount: formatFen(totalFen) })}
      </Text>
    </Group>
  );
}
