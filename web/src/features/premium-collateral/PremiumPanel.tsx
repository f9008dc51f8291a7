import { Badge, Button, Card, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatBasisPoints, formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { formatTime } from '@/lib/format';
import { uploadLoanFile, type PremiumView } from './premium-collateral-api';
import { usePremium } from './premium-collateral-queries';
import { useHolds } from './use-holds';

/** The premium beside its computation: suggested vs entered (with the reason), state, payment vouchers. */
export function PremiumPanel({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const visible = useHolds('premium_upload_list', 'premium_confirmation_list');
  const canUpload = useHolds('sys:archive:upload');
  const premium = usePremium(loanId, version, visible);
  const p = premium.data;
  if (!visible || !p || p.state === null) return null;
  const upload = async (file: File | null) => {
    if (!file) return;
    await uploadLoanFile(loanId, 'PREMIUM_VOUCHER', file);
    showSuccessToast(t('premiumCollateral.premium.uploaded'));
    await premium.refetch();
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="premium-panel" data-state={p.state}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{t('premiumCollateral.premium.title')}</Title>
          <Badge variant="light" data-testid="premium-state">
            {t(`premiumCollateral.premium.states.${p.state}`)}
          </Badge>
        </Group>
        <PremiumFacts premium={p} />
        <Text size="sm" fw={600}>
          {t('premiumCollateral.premium.vouchers')}
        </Text>
        {p.vouchers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('premiumCollateral.premium.noVouchers')}
          </Text>
        ) : (
          <Stack gap={2} data-testid="premium-vouchers">
            {p.vouchers.map((v) => (
              <Text size="sm" key={v.id}>
                {v.name} · {v.uploadedByName ?? ''} · {formatTime(v.uploadedAt)}
              </Text>
            ))}
          </Stack>
        )}
        {canUpload && p.voucherUploadable && (
          <FileButton onChange={(file) => void upload(file)} accept="application/pdf,image/png,image/jpeg">
            {(props) => (
              <Button {...props} variant="light" size="xs" data-testid="premium-voucher-upload">
                {t('premiumCollateral.premium.upload')}
              </Button>
            )}
          </FileButton>
        )}
        <Text size="xs" c="dimmed">
          {t('premiumCollateral.premium.hint')}
        </Text>
      </Stack>
    </Card>
  );
}

/** The computation: loan type, rate and term, the suggested premium beside the entered one (and why they differ). */
function PremiumFacts({ premium: p }: { premium: PremiumView }) {
  const { t } = useTranslation();
  const differs = p.enteredFen !== null && p.enteredFen !== p.suggestedFen;
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td c="dimmed">{t('premiumCollateral.premium.loanType')}</Table.Td>
          <Table.Td>{p.loanType ?? '—'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td c="dimmed">{t('premiumCollateral.premium.feeRate')}</Table.Td>
          <Table.Td>{p.feeRateBp === null ? '—' : `${formatBasisPoints(p.feeRateBp)}%`}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td c="dimmed">{t('premiumCollateral.premium.term')}</Table.Td>
          <Table.Td>{t('premiumCollateral.premium.months', { count: p.termMonths })}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td c="dimmed">{t('premiumCollateral.premium.suggested')}</Table.Td>
          <Table.Td data-testid="premium-suggested">
            {p.suggestedFen === null ? t('premiumCollateral.premium.suggestedNone') : formatFen(p.suggestedFen)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td c="dimmed">{t('premiumCollateral.premium.entered')}</Table.Td>
          <Table.Td data-testid="premium-entered">
            {p.enteredFen === null ? '—' : formatFen(p.enteredFen)}
            {differs && (
              <Text span c="orange" size="xs" ml={6}>
                {t('premiumCollateral.premium.differs')}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
        {p.reason && (
          <Table.Tr>
            <Table.Td c="dimmed">{t('premiumCollateral.premium.reason')}</Table.Td>
            <Table.Td data-testid="premium-reason">{p.reason}</Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}
