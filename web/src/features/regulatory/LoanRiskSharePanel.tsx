import { Badge, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { riskShareBpOf } from '@/features/basic-data/basic-data-form';
import { useCan } from '@/features/permissions/Can';
import { percent } from './regulatory-api';
import { failed } from './regulatory-admin';
import { useLoanRiskShare, useSaveLoanRiskShare } from './regulatory-queries';

/** Who may change a loan's share (the server checks it again: PUT risk-share). */
const RISK_SHARE_PERMISSION = 'sys:contract:generate';
const bpText = (bp: number) => percent(bp / 10000);

/**
 * The loan page's risk sharing: the bank's share in force (the bank's default until the contract is
 * generated), and, for whoever generates contracts, a form to change it until the contract is sealed.
 */
export function LoanRiskSharePanel({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const share = useLoanRiskShare(loanId, version);
  const saving = useSaveLoanRiskShare();
  const [value, setValue] = useState<number | string | null>(null);
  if (!share.data) return null;
  const s = share.data;
  const inForce = s.riskShareBp ?? s.bankRiskShareBp;
  const editor = can([RISK_SHARE_PERMISSION]) && s.editable;
  const typed = value ?? (s.riskShareBp ?? 0) / 100;
  const bp = riskShareBpOf(typed);

  const confirm = () => {
    if (bp === null) return;
    modals.openConfirmModal({
      title: t('regulatory.riskShare.confirmTitle'),
      centered: true,
      children: (
        <Text size="sm" data-testid="risk-share-confirm-text">
          {t('regulatory.riskShare.confirm', { from: bpText(s.riskShareBp ?? 0), to: bpText(bp) })}
        </Text>
      ),
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'risk-share-confirm' } as never,
      onConfirm: () =>
        void saving.mutateAsync({ loanId, riskShareBp: bp }).then(
          () => {
            showSuccessToast(t('regulatory.riskShare.saved'));
            setValue(null);
          },
          (error: unknown) => failed(error, t('http.systemError')),
        ),
    });
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="loan-risk-share">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={6}>{t('regulatory.riskShare.title')}</Title>
          {s.riskShareBp !== null && !s.editable && (
            <Badge color="gray" variant="light">
              {t('regulatory.riskShare.locked')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {t('regulatory.riskShare.inForce')}:{' '}
          <Text span fw={600} data-testid="loan-risk-share-value">
            {inForce === null ? '—' : bpText(inForce)}
          </Text>
        </Text>
        <Text size="xs" c="dimmed" data-testid="loan-risk-share-bank">
          {s.bankName !== null && s.bankRiskShareBp !== null
            ? t('regulatory.riskShare.bankDefault', { bank: s.bankName, share: bpText(s.bankRiskShareBp) })
            : t('regulatory.riskShare.noBank')}
          {s.riskShareBp === null ? ` · ${t('regulatory.riskShare.beforeContract')}` : ''}
        </Text>
        {editor && (
          <Group align="flex-end" gap="xs">
            <NumberInput
              label={t('regulatory.riskShare.label')}
              value={typed}
              min={0}
              max={100}
              decimalScale={2}
              suffix="%"
              error={bp === null ? t('regulatory.riskShare.error') : undefined}
              onChange={setValue}
              data-testid="loan-risk-share-input"
            />
            <Button onClick={confirm} disabled={bp === null || bp === s.riskShareBp} loading={saving.isPending} data-testid="loan-risk-share-save">
              {t('regulatory.riskShare.change')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
