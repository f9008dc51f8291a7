import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import type { MoneyStep } from './bad-loan-figures';

/**
 * A money step's dialog (compensation paid, a write-off asked for or approved): what will happen, in
 * words and amounts (the amount paid to the bank, the amount that becomes a loss), and its own
 * confirmation, unticked until the user ticks it (as the early settlement of a repayment). A close as
 * recovered with a balance still open gets a note instead.
 */
export function MoneyStepConfirm({ step, confirmed, onConfirm }: { step: MoneyStep; confirmed: boolean; onConfirm: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  const f = step.figures;
  const amounts = f
    ? {
        total: formatFen(f.totalFen),
        principal: formatFen(f.principalFen),
        interest: formatFen(f.interestFen),
        penalty: formatFen(f.penaltyFen),
        paid: formatFen(f.paidFen),
        recovered: formatFen(f.recoveredFen),
        balance: formatFen(f.balanceFen),
      }
    : null;
  if (!step.confirm) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="money-step" data-kind={step.kind}>
        <Text size="sm">{t('badLoans.confirm.balanceOpen', amounts ?? {})}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="money-step" data-kind={step.kind}>
      <Stack gap="xs">
        <Text size="sm" data-testid="money-step-words">
          {amounts ? t(`badLoans.confirm.${step.kind}`, amounts) : t('badLoans.confirm.unknown')}
        </Text>
        {step.reason && (
          <Text size="xs" c="dimmed">
            {t('badLoans.confirm.reason', { reason: step.reason })}
          </Text>
        )}
        <Checkbox
          label={amounts ? t(`badLoans.confirm.${step.kind}Check`, amounts) : t('badLoans.confirm.unknownCheck')}
          checked={confirmed}
          onChange={(e) => onConfirm(e.currentTarget.checked)}
          data-testid="money-step-confirm"
        />
      </Stack>
    </Alert>
  );
}
