import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import type { RepaymentSummary } from '../repayment';

/**
 * RECORD_REPAYMENT's dialog: the instalment it is for (number, due day, amount due) and, for more than
 * that, the early settlement in words with its own confirmation (unticked until the clerk ticks it).
 */
export function RepaymentInstalment({
  summary,
  loading,
  amountFen,
  confirmed,
  error,
  onConfirm,
}: {
  summary: RepaymentSummary | null;
  loading: boolean;
  amountFen: number | null;
  confirmed: boolean;
  error?: string;
  onConfirm: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Text size="sm" c="dimmed">
        {t('loanNode.repayment.loading')}
      </Text>
    );
  }
  if (!summary) {
    return (
      <Text size="sm" c="dimmed" data-testid="repayment-dialog-instalment">
        {t('loanNode.repayment.noPlan')}
      </Text>
    );
  }
  const yuan = (fen: number) => formatFen(fen);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} data-testid="repayment-dialog-instalment" data-seq={summary.seq}>
        {t('loanNode.repayment.instalment', { seq: summary.seq, dueOn: summary.dueOn, due: yuan(summary.dueFen) })}
      </Text>
      {!summary.early && amountFen !== null && amountFen <= summary.dueFen && (
        <Text size="xs" c="dimmed">
          {t('loanNode.repayment.remaining', { remaining: yuan(summary.remainingFen) })}
        </Text>
      )}
      {summary.early && amountFen !== null && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="early-settlement">
          <Stack gap="xs">
            <Text size="sm">
              {summary.remainingFen === 0
                ? t('loanNode.repayment.earlyAll', { amount: yuan(amountFen), count: summary.covers?.count ?? 0 })
                : t('loanNode.repayment.early', {
                    amount: yuan(amountFen),
                    seq: summary.seq,
                    due: yuan(summary.dueFen),
                    from: summary.covers?.from ?? summary.seq,
                    to: summary.covers?.to ?? summary.seq,
                    count: summary.covers?.count ?? 0,
                    remaining: yuan(summary.remainingFen),
                  })}
            </Text>
            <Checkbox
              label={t('loanNode.repayment.confirm')}
              checked={confirmed}
              onChange={(e) => onConfirm(e.currentTarget.checked)}
              error={error}
              data-testid="early-settlement-confirm"
            />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
