import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkflowView } from '@/features/loan-node/loan-node-api';
import { formatTime } from '@/lib/format';

/**
 * After guarantee: the bank's latest overdue notice (its day and the overdue amounts in yuan), an
 * extension waiting for approval, and the maturity an approved extension set.
 */
export function OverduePanel({ view }: { view: WorkflowView }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { overdueNotice: notice, extension, extendedMaturityOn } = view.snapshot.context;
  if (!notice && !extension && !extendedMaturityOn) return null;
  const section = (title: string, testId: string, rows: [string, ReactNode][]) => (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm" data-testid={testId} aria-label={title}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th colSpan={2} scope="colgroup">
            {title}
          </Table.Th>
        </Table.Tr>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={400} c="dimmed" w="45%">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="overdue-panel" aria-labelledby={titleId} component="section">
      <Stack gap="xs">
        <Title order={5} id={titleId}>
          {t('badLoans.overdue.title')}
        </Title>
        {extendedMaturityOn && (
          <Text size="sm" data-testid="overdue-extended-to">
            {t('badLoans.overdue.extendedTo', { day: extendedMaturityOn })}
          </Text>
        )}
        {notice &&
          section(t('badLoans.overdue.notice'), 'overdue-notice', [
            [t('badLoans.overdue.noticedOn'), notice.noticedOn],
            [t('badLoans.overdue.principal'), formatFen(notice.overduePrincipalFen)],
            [t('badLoans.overdue.interest'), formatFen(notice.overdueInterestFen)],
          ])}
        {extension &&
          section(t('badLoans.overdue.extension'), 'overdue-extension', [
            [t('badLoans.overdue.newMaturityOn'), extension.newMaturityOn],
            [t('badLoans.overdue.reason'), extension.reason],
            [t('badLoans.overdue.appliedAt'), formatTime(extension.at)],
          ])}
      </Stack>
    </Card>
  );
}
