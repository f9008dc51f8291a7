import { Anchor, Badge, Button, Card, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatFen, REPAYMENT_METHOD_LABELS } from '@app/workflow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { downloadFile } from '@/lib/download';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { fetchRepaymentPlan, fetchReminders, instalmentVoucherPath, sendRepaymentReminder, uploadInstalmentVoucher } from './after-guarantee-api';

const REMINDER_COLORS = { SCHEDULED: 'blue', SENT: 'green', CANCELLED: 'gray' } as const;

/**
 * After disbursement: the loan's repayment plan (method, each instalment, the principal still open),
 * each instalment's repayment voucher, and the loan's reminders with whether their job waits in the
 * queue. Hidden to those the server refuses (403) and before the plan exists; `readOnly` (the ledger's
 * view mode) offers no upload nor reminder.
 */
export function RepaymentPlanPanel({
  loanId,
  version,
  state,
  readOnly = false,
  onVoucherUploaded,
}: {
  loanId: string;
  version: number;
  state?: unknown;
  readOnly?: boolean;
  /** The ledger's page lists the vouchers too: it reloads them. */
  onVoucherUploaded?: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const value = (state ?? {}) as Record<string, unknown>;
  const inAfterGuarantee = typeof value === 'object' && 'afterGuarantee' in value;
  const afterDisbursement = inAfterGuarantee || (typeof value === 'object' && 'release' in value) || state === 'closed';
  const visible = useHolds('archives_detail', 'sys:loan:detail', 'ledger_list', 'repayment_list') && afterDisbursement;
  const canUpload = useHolds('sys:ledger:upload-repayment', 'repayment_list') && inAfterGuarantee && !readOnly;
  const canRemind = useHolds('sys:ledger:remind-repayment') && inAfterGuarantee && !readOnly;
  const [busy, setBusy] = useState<string | null>(null);
  const plan = useQuery({ queryKey: ['repayment-plan', loanId, version], queryFn: () => fetchRepaymentPlan(loanId), enabled: visible, retry: false });
  const reminders = useQuery({ queryKey: ['reminders', loanId, version], queryFn: () => fetchReminders(loanId), enabled: visible, retry: false });
  const p = plan.data;
  if (!visible || !p) return null;
  const outstandingFen = p.principalFen - p.repaidFen;
  const anyOpen = p.instalments.some((i) => i.state === 'DUE');

  const upload = async (instalmentId: string, file: File | null) => {
    if (!file) return;
    setBusy(instalmentId);
    try {
      await uploadInstalmentVoucher(loanId, instalmentId, file);
      showSuccessToast(t('afterGuarantee.plan.voucherUploaded'));
      await plan.refetch();
      onVoucherUploaded?.();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(null);
    }
  };
  const remind = async () => {
    setBusy('remind');
    try {
      const sent = await sendRepaymentReminder(loanId);
      showSuccessToast(t(sent.created ? 'afterGuarantee.plan.reminderSent' : 'afterGuarantee.plan.reminderAlreadySent', { name: sent.recipient.name }));
    } catch (error) {
      if (!(error instanceof ApiError)) showErrorToast(t('http.systemError'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="repayment-plan-panel" data-method={p.method}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{t('afterGuarantee.plan.title')}</Title>
          <Badge variant="light" data-testid="repayment-plan-method">
            {pick(REPAYMENT_METHOD_LABELS[p.method], lang)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('afterGuarantee.plan.outstanding')}: <b data-testid="repayment-plan-outstanding">{formatFen(outstandingFen)}</b>
        </Text>
        <Text size="xs" c="dimmed">
          {t('afterGuarantee.plan.summary', { disbursedOn: p.disbursedOn, maturityOn: p.maturityOn, termMonths: p.termMonths })}
          {p.annualRatePercent !== null && ` · ${t('afterGuarantee.plan.rate', { rate: p.annualRatePercent })}`}
        </Text>
        <Table withRowBorders verticalSpacing={4} fz="xs" data-testid="repayment-plan-instalments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('afterGuarantee.plan.columns.seq')}</Table.Th>
              <Table.Th>{t('afterGuarantee.plan.columns.dueOn')}</Table.Th>
              <Table.Th>{t('afterGuarantee.plan.columns.principal')}</Table.Th>
              <Table.Th>{t('afterGuarantee.plan.columns.interest')}</Table.Th>
              <Table.Th>{t('afterGuarantee.plan.columns.repaid')}</Table.Th>
              <Table.Th>{t('afterGuarantee.plan.columns.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.instalments.map((i) => (
              <Table.Tr key={i.id} data-testid="repayment-instalment" data-seq={i.seq} data-state={i.state}>
                <Table.Td>{i.seq}</Table.Td>
                <Table.Td>{i.dueOn}</Table.Td>
                <Table.Td>{formatFen(i.principalFen)}</Table.Td>
                <Table.Td>{i.interestFen === null ? '—' : formatFen(i.interestFen)}</Table.Td>
                <Table.Td>{formatFen(i.repaidFen)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge size="sm" color={i.state === 'REPAID' ? 'green' : 'orange'} variant="light">
                      {t(`afterGuarantee.plan.states.${i.state}`)}
                    </Badge>
                    {i.voucher && (
                      <Anchor
                        size="xs"
                        component="button"
                        type="button"
                        data-testid="instalment-voucher"
                        onClick={() => void downloadFile(instalmentVoucherPath(loanId, i.id), i.voucher!.name)}
                      >
                        {i.voucher.name}
                      </Anchor>
                    )}
                    {canUpload && i.state === 'DUE' && (
                      <FileButton onChange={(file) => void upload(i.id, file)}>
                        {(props) => (
                          <Button
                            {...props}
                            size="compact-xs"
                            variant="light"
                            loading={busy === i.id}
                            disabled={busy !== null}
                            data-testid="instalment-voucher-upload"
                          >
                            {t('afterGuarantee.plan.attachVoucher')}
                          </Button>
                        )}
                      </FileButton>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {canRemind && anyOpen && (
          <Group justify="flex-end">
            <Button size="xs" variant="light" loading={busy === 'remind'} disabled={busy !== null} onClick={() => void remind()} data-testid="repayment-remind">
              {t('afterGuarantee.plan.remind')}
            </Button>
          </Group>
        )}
        {reminders.data && (
          <>
            <Text size="sm" fw={600}>
              {t('afterGuarantee.plan.reminders')}
            </Text>
            {reminders.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('afterGuarantee.plan.noReminders')}
              </Text>
            ) : (
              <Table withRowBorders verticalSpacing={4} fz="xs" data-testid="loan-reminders">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('afterGuarantee.plan.reminderColumns.kind')}</Table.Th>
                    <Table.Th>{t('afterGuarantee.plan.reminderColumns.dueAt')}</Table.Th>
                    <Table.Th>{t('afterGuarantee.plan.reminderColumns.fireAt')}</Table.Th>
                    <Table.Th>{t('afterGuarantee.plan.reminderColumns.state')}</Table.Th>
                    <Table.Th>{t('afterGuarantee.plan.reminderColumns.queued')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {reminders.data.map((r) => (
                    <Table.Tr key={r.id} data-testid="loan-reminder" data-kind={r.kind} data-state={r.state}>
                      <Table.Td>{t(`afterGuarantee.plan.reminderKinds.${r.kind}`)}</Table.Td>
                      <Table.Td>{formatTime(r.dueAt)}</Table.Td>
                      <Table.Td>{formatTime(r.fireAt)}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" color={REMINDER_COLORS[r.state]} variant="light">
                          {t(`afterGuarantee.plan.reminderStates.${r.state}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{r.queued ? t('afterGuarantee.plan.queuedYes') : t('afterGuarantee.plan.queuedNo')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
