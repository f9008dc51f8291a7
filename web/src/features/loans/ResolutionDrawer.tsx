import { Badge, Drawer, Loader, Table, Text } from '@mantine/core';
import { STATUS_ENUMERATIONS, STAGES } from '@app/workflow';
import { useWorkflowView } from '@/features/loan-node/loan-node-queries';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import type { LoanRow } from '@/features/loan-list/loan-list-api';
import { formatTime } from '@/lib/format';

/** The meetings' outcomes the machine recorded for a loan (both meeting stages), read from its workflow view (list rows carry no snapshot). */
export function ResolutionDrawer({ row, onClose }: { row: LoanRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const view = useWorkflowView(row?.id ?? '', row !== null);
  const results = view.data?.snapshot.context.meetingResults ?? [];
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="lg" title={row ? t('loans.resolution.title', { company: row.companyName }) : ''}>
      {view.isPending ? (
        <Loader size="sm" />
      ) : results.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('loans.resolution.none')}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid="resolutions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('loans.resolution.stage')}</Table.Th>
              <Table.Th>{t('loans.resolution.result')}</Table.Th>
              <Table.Th>{t('loans.resolution.decidedBy')}</Table.Th>
              <Table.Th>{t('loans.resolution.votes')}</Table.Th>
              <Table.Th>{t('loans.resolution.at')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((r, i) => (
              <Table.Tr key={`${r.meetingId}-${i}`}>
                <Table.Td>{STAGES.find((s) => s.key === r.stage)?.[lang] ?? r.stage}</Table.Td>
                <Table.Td>
                  <Badge color={r.result === 'PASSED' ? 'teal' : r.result === 'FAIL' ? 'red' : 'yellow'} variant="light">
                    {STATUS_ENUMERATIONS.vote[r.result][lang]}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.decidedBy === 'TALLY' ? t('loans.resolution.tally') : t('loans.resolution.byResolution')}</Table.Td>
                <Table.Td>
                  {r.counts.agree} / {r.counts.disagree} / {r.counts.abstain}
                </Table.Td>
                <Table.Td>{formatTime(r.at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}
