import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, today } from '@/lib/download';
import { formatTime } from '@/lib/format';
import { useReleaseLedger } from './after-guarantee-queries';

/** The release ledger (relieve): every confirmed release with loan, company, item, kind, value, when and by whom; Excel export. */
export function ReleaseLedgerPanel() {
  const { t } = useTranslation();
  const ledger = useReleaseLedger();
  const [exporting, setExporting] = useState(false);
  const rows = ledger.data ?? [];
  const exportLedger = async () => {
    setExporting(true);
    try {
      await downloadFile('/release-ledger/export', `${t('afterGuarantee.ledger.title')}-${today()}.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" m="md" data-testid="release-ledger">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{t('afterGuarantee.ledger.title')}</Title>
          <Button size="xs" variant="light" loading={exporting} onClick={() => void exportLedger()} data-testid="release-ledger-export">
            {t('afterGuarantee.ledger.export')}
          </Button>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('afterGuarantee.ledger.empty')}
          </Text>
        ) : (
          <Table striped withRowBorders verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('afterGuarantee.ledger.columns.company')}</Table.Th>
                <Table.Th>{t('afterGuarantee.ledger.columns.item')}</Table.Th>
                <Table.Th>{t('afterGuarantee.ledger.columns.kind')}</Table.Th>
                <Table.Th>{t('afterGuarantee.ledger.columns.value')}</Table.Th>
                <Table.Th>{t('afterGuarantee.ledger.columns.releasedAt')}</Table.Th>
                <Table.Th>{t('afterGuarantee.ledger.columns.releasedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.loanId}-${r.itemId}`} data-testid="release-ledger-row" data-kind={r.kind}>
                  <Table.Td>{r.company}</Table.Td>
                  <Table.Td data-testid="release-ledger-item">
                    {r.kind === 'GUARANTEE' ? t('afterGuarantee.release.guarantee') : (r.description ?? t(`afterGuarantee.release.kinds.${r.kind}`))}
                  </Table.Td>
                  <Table.Td data-testid="release-ledger-kind">{t(`afterGuarantee.release.kinds.${r.kind}`)}</Table.Td>
                  <Table.Td data-testid="release-ledger-value">{r.valueFen === null ? '—' : formatFen(r.valueFen)}</Table.Td>
                  <Table.Td>{formatTime(r.releasedAt)}</Table.Td>
                  <Table.Td>{r.releasedByName ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
