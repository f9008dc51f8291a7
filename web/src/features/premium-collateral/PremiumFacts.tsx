import { Table, Text } from '@mantine/core';
import { formatBasisPoints, formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import type { PremiumView } from './premium-collateral-api';

/** The computation: loan type, rate and term, the suggested premium beside the entered one (and why they differ). */
export function PremiumFacts({ premium: p }: { premium: PremiumView }) {
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
