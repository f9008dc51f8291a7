import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/lib/download';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { formatTime } from '@/lib/format';
import { visitAttachmentPath } from './after-guarantee-api';
import { useVisits } from './after-guarantee-queries';

const SEVERE = new Set(['SUBSTANDARD', 'DOUBTFUL', 'LOSS']);

/** After disbursement: the visit round, the classification history with reasons and dates, the next visit due, the attachments. */
export function VisitsPanel({ loanId, version, state }: { loanId: string; version: number; state?: unknown }) {
  const { t } = useTranslation();
  const value = (state ?? {}) as Record<string, unknown>;
  const afterDisbursement = typeof value === 'object' && ('afterGuarantee' in value || 'release' in value || state === 'closed');
  const visible = useHolds('sys:loan:detail', 'b_post_list', 'leader_review_list') && afterDisbursement;
  const visits = useVisits(loanId, version, visible);
  const v = visits.data;
  if (!visible || !v) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="visits-panel" data-state={v.state ?? ''}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{t('afterGuarantee.visits.title')}</Title>
          {v.currentClassification && (
            <Badge color={SEVERE.has(v.currentClassification) ? 'red' : v.currentClassification === 'NORMAL' ? 'green' : 'orange'} data-testid="visits-current">
              {t(`loanNode.enums.classification.${v.currentClassification}`)}
            </Badge>
          )}
        </Group>
        {v.round > 0 && (
          <Text size="sm" c="dimmed">
            {t('afterGuarantee.visits.round', { round: v.round })}
          </Text>
        )}
        {v.nextVisitDueOn && (
          <Text size="sm">
            {t('afterGuarantee.visits.nextDue')}: <b data-testid="visits-next-due">{v.nextVisitDueOn}</b>
          </Text>
        )}
        <Text size="sm" fw={600}>
          {t('afterGuarantee.visits.history')}
        </Text>
        {v.records.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('afterGuarantee.visits.none')}
          </Text>
        ) : (
          <Table withRowBorders verticalSpacing={4} fz="xs" data-testid="visits-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('afterGuarantee.visits.columns.round')}</Table.Th>
                <Table.Th>{t('afterGuarantee.visits.columns.classification')}</Table.Th>
                <Table.Th>{t('afterGuarantee.visits.columns.reason')}</Table.Th>
                <Table.Th>{t('afterGuarantee.visits.columns.submitted')}</Table.Th>
                <Table.Th>{t('afterGuarantee.visits.columns.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {v.records.map((r) => (
                <Table.Tr key={r.id} data-testid="visit-row" data-classification={r.classification} data-state={r.state}>
                  <Table.Td>
                    {r.round} · {t(`loanNode.enums.kind.${r.kind}`)}
                  </Table.Td>
                  <Table.Td>
                    {t(`loanNode.enums.classification.${r.classification}`)}
                    {r.downgraded && (
                      <Badge ml={4} size="xs" color="red" variant="light">
                        {t('afterGuarantee.visits.downgraded')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{r.reason ?? '—'}</Table.Td>
                  <Table.Td>
                    {r.submittedByName ?? ''} {formatTime(r.submittedAt)}
                  </Table.Td>
                  <Table.Td>
                    {t(`afterGuarantee.visits.states.${r.state}`)}
                    {r.decisionReason && (
                      <Text size="xs" c="dimmed">
                        {t('afterGuarantee.visits.returnedBecause', { reason: r.decisionReason })}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm" fw={600}>
          {t('afterGuarantee.visits.attachments')}
        </Text>
        {v.attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('afterGuarantee.visits.noAttachments')}
          </Text>
        ) : (
          <Stack gap={2} data-testid="visit-attachments">
            {v.attachments.map((a) => (
              <Text size="sm" key={a.id}>
                <Anchor component="button" size="sm" onClick={() => void downloadFile(visitAttachmentPath(loanId, a.id), a.name)}>
                  {a.name}
                </Anchor>{' '}
                · {a.uploadedByName ?? ''} · {formatTime(a.uploadedAt)}
              </Text>
            ))}
          </Stack>
        )}
        {/* a round's report file is uploaded in the dialog of 提交走访报告 (its step stands on it) */}
        <Text size="xs" c="dimmed">
          {t('afterGuarantee.visits.hint')}
        </Text>
      </Stack>
    </Card>
  );
}
