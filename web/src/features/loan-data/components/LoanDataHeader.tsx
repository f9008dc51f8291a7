import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DATA_TYPE_SPECS, formatFigure, type DataType } from '@app/workflow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, pick } from '@/i18n/use-lang';
import type { LoanSummary } from '../loan-data-api';
import { clockTime } from '../form-state';

/** The loan a data page is about, its data type and version, and the page's own buttons. */
export function LoanDataHeader({
  loan,
  type,
  version,
  updatedAt,
  updatedBy,
  lang,
  actions,
  status,
}: {
  loan: LoanSummary;
  type: DataType;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
  lang: Lang;
  actions?: ReactNode;
  status?: ReactNode;
}) {
  const { t } = useTranslation();
  const item = (label: string, value: ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid="loan-data-header">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={3}>{loan.companyName}</Title>
            <Badge variant="light">{pick(DATA_TYPE_SPECS[type], lang)}</Badge>
            <Badge variant="dot" color="gray">
              {pick(loan.status, lang)}
            </Badge>
          </Group>
          <Group gap="xl" wrap="wrap">
            {item(t('loanData.header.amount'), `${formatFigure(loan.amount)} ${t('loanData.header.yuan')}`)}
            {item(t('loanData.header.term'), t('loanData.header.termValue', { count: loan.termMonths }))}
            {item(t('loanData.header.bank'), loan.bank ?? '—')}
            {item(t('loanData.header.aPost'), loan.aPostOfficerName ?? '—')}
            {item(t('loanData.header.bPost'), loan.bPostOfficerName ?? '—')}
            {item(
              t('loanData.header.version'),
              version ? t('loanData.header.savedVersion', { version, by: updatedBy ?? '—', time: clockTime(updatedAt) }) : t('loanData.header.notSaved'),
            )}
          </Group>
          {status}
        </Stack>
        <Group gap="xs">{actions}</Group>
      </Group>
    </Paper>
  );
}
