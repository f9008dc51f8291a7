import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatFen, REPAYMENT_METHOD_LABELS } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { pick, useLang } from '@/i18n/use-lang';
import { useReminders, useRepaymentPlan, useSendRepaymentReminder, useUploadInstalmentVoucher } from './after-guarantee-queries';
import { InstalmentsTable } from './InstalmentsTable';
import { LoanRemindersTable } from './LoanRemindersTable';

/**
 * After disbursement: the loan's repayment plan (method, each instalment, the principal still open),
 * each instalment's repayment voucher, and the loan's reminders with whether their job waits in the
 * queue. Hidden to those the server refuses (403) and before the plan exists; `readOnly` (the ledger's
 * view mode) offers no upload nor reminder.
 */
export function RepaymentPlanPanel({ loanId, version, state, readOnly = false }: { loanId: string; version: number; state?: unknown; readOnly?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const value = (state ?? {}) as Record<string, unknown>;
  const inAfterGuarantee = typeof value === 'object' && 'afterGuarantee' in value;
  const afterDisbursement = inAfterGuarantee || (typeof value === 'object' && 'release' in value) || state === 'closed';
  const visible = useHolds('archives_detail', 'sys:loan:detail', 'ledger_list', 'repayment_list') && afterDisbursement;
  const canUpload = useHolds('sys:ledger:upload-repayment', 'repayment_list') && inAfterGuarantee && !readOnly;
  const canRemind = useHolds('sys:ledger:remind-repayment') && inAfterGuarantee && !readOnly;
  const [busy, setBusy] = useState<string | null>(null);
  const plan = useRepaymentPlan(loanId, version, visible);
  const reminders = useReminders(loanId, version, visible);
  const voucher = useUploadInstalmentVoucher(loanId);
  const reminder = useSendRepaymentReminder(loanId);
  const p = plan.data;
  if (!visible || !p) return null;
  const outstandingFen = p.principalFen - p.repaidFen;
  const anyOpen = p.instalments.some((i) => i.state === 'DUE');

  const upload = async (instalmentId: string, file: File | null) => {
    if (!file) return;
    setBusy(instalmentId);
    try {
      await voucher.mutateAsync({ instalmentId, file });
      showSuccessToast(t('afterGuarantee.plan.voucherUploaded'));
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(null);
    }
  };
  const remind = async () => {
    setBusy('remind');
    try {
      const sent = await reminder.mutateAsync();
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
        <InstalmentsTable loanId={loanId} plan={p} canUpload={canUpload} busy={busy} onUpload={(id, file) => void upload(id, file)} />
        {canRemind && anyOpen && (
          <Group justify="flex-end">
            <Button size="xs" variant="light" loading={busy === 'remind'} disabled={busy !== null} onClick={() => void remind()} data-testid="repayment-remind">
              {t('afterGuarantee.plan.remind')}
            </Button>
          </Group>
        )}
        {reminders.data && <LoanRemindersTable reminders={reminders.data} />}
      </Stack>
    </Card>
  );
}
