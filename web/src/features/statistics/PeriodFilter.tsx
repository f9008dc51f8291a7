import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '@/lib/dates';
import { defaultPeriod, periodError } from './period';
import type { Period } from './statistics-api';

/**
 * The date-range filter every statistic shares: two company days, checked as the server checks
 * them (start not after end), applied on "show"; the export downloads what the page shows.
 */
export function PeriodFilter({
  period,
  onChange,
  onExport,
  exporting,
  children,
}: {
  period: Period;
  onChange: (period: Period) => void;
  onExport?: () => void;
  exporting?: boolean;
  /** Further filters of the page, between the days and the buttons. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Period>(period);
  const [error, setError] = useState<string | null>(null);
  // A new period from outside (reset, a link) replaces what was typed.
  useEffect(() => setDraft({ start: period.start, end: period.end }), [period.start, period.end]);

  const apply = () => {
    const wrong = periodError(draft);
    setError(wrong ? t(`statistics.period.${wrong}`) : null);
    if (!wrong) onChange(draft);
  };

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <DayInput label={t('statistics.period.start')} w={160} data-field="start" value={draft.start} onChange={(start) => setDraft({ ...draft, start })} />
      <DayInput label={t('statistics.period.end')} w={160} data-field="end" value={draft.end} onChange={(end) => setDraft({ ...draft, end })} error={error} />
      {children}
      <Button leftSection={<IconSearch size={16} />} onClick={apply} data-testid="statistics-apply">
        {t('statistics.period.search')}
      </Button>
      <Button
        variant="default"
        onClick={() => {
          setError(null);
          onChange(defaultPeriod());
        }}
      >
        {t('statistics.period.reset')}
      </Button>
      {onExport && (
        <Button variant="light" leftSection={<IconDownload size={16} />} loading={exporting} onClick={onExport} data-testid="statistics-export">
          {t('statistics.period.export')}
        </Button>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
