import { Loader, Stack, Text } from '@mantine/core';
import { COLLATERAL_KIND_LABELS, formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';
import { useCollaterals } from '@/features/premium-collateral/premium-collateral-queries';

/**
 * COUNTER_GUARANTEE_CONFIRM's collateral, read-only: the server takes the loan's collateral register
 * as it stands when the event is committed, so the form only shows what will be confirmed.
 */
export function CollateralRegisterItems({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  // the same query as the collateral panel of the node page
  const register = useCollaterals(loanId, version);
  const rows = register.data?.rows ?? [];
  return (
    <Stack gap={4} data-testid="collateral-register-items">
      <Text size="sm" fw={500}>
        {t('loanNode.form.registerItems')}
      </Text>
      {register.isPending ? (
        <Loader size="xs" />
      ) : rows.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('loanNode.form.noItems')}
        </Text>
      ) : (
        rows.map((row) => (
          <Text key={row.id} size="sm" data-testid="collateral-register-item">
            {[
              pick(COLLATERAL_KIND_LABELS[row.kind], lang),
              row.owner,
              row.appraisedValueFen === null ? null : formatFen(row.appraisedValueFen),
              row.certificateNo,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ))
      )}
    </Stack>
  );
}
