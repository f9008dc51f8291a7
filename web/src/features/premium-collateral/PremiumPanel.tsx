import { Badge, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { formatTime } from '@/lib/format';
import { PremiumFacts } from './PremiumFacts';
import { usePremium, useUploadLoanFile } from './premium-collateral-queries';
import { useHolds } from './use-holds';

/** The premium beside its computation: suggested vs entered (with the reason), state, payment vouchers. */
export function PremiumPanel({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const visible = useHolds('premium_upload_list', 'premium_confirmation_list');
  const canUpload = useHolds('sys:archive:upload');
  const premium = usePremium(loanId, version, visible);
  const uploadFile = useUploadLoanFile(loanId);
  const p = premium.data;
  if (!visible || !p || p.state === null) return null;
  const upload = async (file: File | null) => {
    if (!file) return;
    await uploadFile.mutateAsync({ kind: 'PREMIUM_VOUCHER', file });
    showSuccessToast(t('premiumCollateral.premium.uploaded'));
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
