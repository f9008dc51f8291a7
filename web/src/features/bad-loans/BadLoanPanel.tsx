import { Badge, Card, Group, Stack, Table, Title } from '@mantine/core';
import { formatFen, leafPaths, STATE_LABELS } from '@app/workflow';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEvent, WorkflowView } from '@/features/loan-node/loan-node-api';
import { useHistory } from '@/features/loan-node/loan-node-queries';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { compensationFigures, recoveriesOf, recoveryStagesOf } from './bad-loan-figures';
import { useBadLoanRecords } from './bad-loans-queries';
import { LitigationRecords } from './LitigationRecords';
import { NamedTable, wordOr } from './NamedTable';

/**
 * The loan's compensation (代偿) and recovery (追偿), shown in compensation, in recovery and once closed
 * after one: the amounts in yuan, the decision, the day paid, what was recovered and written off, the
 * compensation balance (the machine's compensationBalanceOf), the stage of the claim, the recoveries and
 * stages from the history, and the fees and seizures when the server answers them (LitigationRecords:
 * recorded and deleted there while the loan is in recovery).
 */
export function BadLoanPanel({ loanId, view }: { loanId: string; view: WorkflowView }) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const k = view.snapshot.context.compensation;
  const figures = compensationFigures(view.snapshot.context);
  const history = useHistory(loanId, view.version);
  const paid = k?.paidOn != null;
  const records = useBadLoanRecords(loanId, view.version, paid);
  if (!k || !figures) return null;

  const events: HistoryEvent[] = history.data ?? [];
  const recoveries = recoveriesOf(events);
  const stages = recoveryStagesOf(events);
  const path = leafPaths(view.state).find((p) => p.startsWith('compensation.') || p.startsWith('recovery.'));
  const state = k.outcome ? t(`badLoans.panel.outcomes.${k.outcome}`) : path ? pick(STATE_LABELS[path], lang) : '';
  const yuan = (fen: number) => formatFen(fen);
  const decision = k.approval
    ? [
        t(`loanNode.enums.via.${k.approval.via}`),
        k.approval.meetingId ? t('badLoans.panel.meeting', { id: k.approval.meetingId }) : null,
        formatTime(k.approval.at),
      ]
        .filter(Boolean)
        .join(' · ')
    : t('badLoans.panel.pending');
  const rows: [string, ReactNode, string?][] = [
    [t('badLoans.panel.principal'), yuan(figures.principalFen)],
    [t('badLoans.panel.interest'), yuan(figures.interestFen)],
    [t('badLoans.panel.penalty'), yuan(figures.penaltyFen)],
    [t('badLoans.panel.total'), <b key="total">{yuan(figures.totalFen)}</b>, 'bad-loan-total'],
    [t('badLoans.panel.reason'), k.reason],
    [t('badLoans.panel.decision'), decision, 'bad-loan-decision'],
    [t('badLoans.panel.paidOn'), k.paidOn ?? t('badLoans.panel.notPaid'), 'bad-loan-paid-on'],
  ];
  if (paid) {
    rows.push([t('badLoans.panel.recovered'), yuan(figures.recoveredFen), 'bad-loan-recovered']);
    if (k.outcome === 'WRITTEN_OFF') rows.push([t('badLoans.panel.writtenOff'), yuan(figures.writtenOffFen), 'bad-loan-written-off']);
    rows.push([t('badLoans.panel.balance'), <b key="balance">{yuan(figures.balanceFen)}</b>, 'bad-loan-balance']);
    rows.push([t('badLoans.panel.stage'), k.recoveryStage ? t(`loanNode.enums.stage.${k.recoveryStage}`) : t('badLoans.panel.noStage'), 'bad-loan-stage']);
  }
  if (k.writeOff) rows.push([t('badLoans.panel.outcome'), t('badLoans.panel.writeOffPending', { reason: k.writeOff.reason }), 'bad-loan-write-off']);

  const r = records.data;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="bad-loan-panel" data-outcome={k.outcome ?? undefined}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={5} id={titleId}>
            {t('badLoans.panel.title')}
          </Title>
          {state && (
            <Badge variant="light" color={k.outcome === 'WRITTEN_OFF' ? 'red' : k.outcome ? 'green' : 'orange'} data-testid="bad-loan-state">
              {state}
            </Badge>
          )}
        </Group>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm" aria-labelledby={titleId} data-testid="bad-loan-summary">
          <Table.Tbody>
            {rows.map(([label, value, testId]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={400} c="dimmed" w="40%">
                  {label}
                </Table.Th>
                <Table.Td data-testid={testId}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {paid && (
          <NamedTable
            title={t('badLoans.panel.recoveries')}
            testId="bad-loan-recoveries"
            head={[t('badLoans.panel.columns.day'), t('badLoans.panel.columns.amount'), t('badLoans.panel.columns.source'), t('badLoans.panel.columns.by')]}
          >
            {recoveries.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4} c="dimmed">
                  {t('badLoans.panel.noRecoveries')}
                </Table.Td>
              </Table.Tr>
            ) : (
              recoveries.map((row) => (
                <Table.Tr key={row.seq} data-testid="bad-loan-recovery">
                  <Table.Td>{row.receivedOn}</Table.Td>
                  <Table.Td>{yuan(row.amountFen)}</Table.Td>
                  <Table.Td>{wordOr(t, `loanNode.enums.source.${row.source}`, row.source)}</Table.Td>
                  <Table.Td>{row.by}</Table.Td>
                </Table.Tr>
              ))
            )}
          </NamedTable>
        )}
        {stages.length > 0 && (
          <NamedTable
            title={t('badLoans.panel.stages')}
            testId="bad-loan-stages"
            head={[t('badLoans.panel.columns.day'), t('badLoans.panel.columns.stage'), t('badLoans.panel.columns.note')]}
          >
            {stages.map((row) => (
              <Table.Tr key={row.seq}>
                <Table.Td>{row.on}</Table.Td>
                <Table.Td>{wordOr(t, `loanNode.enums.stage.${row.stage}`, row.stage)}</Table.Td>
                <Table.Td>{row.note}</Table.Td>
              </Table.Tr>
            ))}
          </NamedTable>
        )}
        {r && <LitigationRecords loanId={loanId} records={r} />}
      </Stack>
    </Card>
  );
}
