import { Card, Table, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import type { LedgerView } from './after-guarantee-api';

/** The repayments recorded on the loan, oldest first. */
export function LedgerRepaymentsCard({ repayments }: { repayments: LedgerView['repayments'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={5} mb="xs">
        {t('ledgerAttachments.repayments')}
      </Title>
      {repayments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ledgerAttachments.noRepayments')}
        </Text>
      ) : (
        <Table withRowBorders verticalSpacing={4} fz="sm" data-testid="ledger-repayments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ledgerAttachments.repaymentColumns.seq')}</Table.Th>
              <Table.Th>{t('ledgerAttachments.repaymentColumns.amount')}</Table.Th>
              <Table.Th>{t('ledgerAttachments.repaymentColumns.at')}</Table.Th>
              <Table.Th>{t('ledgerAttachments.repaymentColumns.actor')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {repayments.map((r) => (
              <Table.Tr key={r.seq} data-testid="ledger-repayment">
                <Table.Td>{r.seq}</Table.Td>
                <Table.Td>{formatFen(r.amountFen)}</Table.Td>
                <Table.Td>{formatTime(r.at)}</Table.Td>
                <Table.Td>{r.actorName ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
