import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { percent, type RegulatoryImpact } from './regulatory-api';
import { useImpact } from './regulatory-queries';

/** Stages where the committee and the withdrawal reviewers decide on the loan: the live check is shown there. */
const CHECKED_STAGES = ['insuranceReview', 'withdrawal'];

/** The figures the loan would produce: leverage, its client, its group, before and with it (GET /regulatory/impact). */
export function RegulatoryImpactPanel({ loanId, version, state }: { loanId: string; version: number; state?: unknown }) {
  const { t } = useTranslation();
  const inStage = typeof state === 'object' && state !== null && CHECKED_STAGES.some((stage) => stage in state);
  const visible = useHolds('bs_meeting_vote_list', 'bs_meeting_process_list', 'initiate_withdrawal_list', 'statistics') && inStage;
  const impact = useImpact(loanId, version, visible);
  const i = impact.data;
  if (!visible || !i) return null;
  const rows = impactRows(i, t);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="regulatory-impact-panel">
      <Stack gap="xs">
        <Title order={5}>{t('regulatory.impact.title')}</Title>
        <Text size="xs" c="dimmed">
          {i.addedFen > 0 ? t('regulatory.impact.adds', { amount: formatFen(i.addedFen) }) : t('regulatory.impact.inForce')}
        </Text>
        <Table fz="xs" withRowBorders verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('regulatory.impact.before')}</Table.Th>
              <Table.Th>{t('regulatory.impact.after')}</Table.Th>
              <Table.Th>{t('regulatory.limit')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} data-testid={`regulatory-impact-${row.key}`}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>{row.before}</Table.Td>
                <Table.Td>{row.after}</Table.Td>
                <Table.Td>{row.limit}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {i.breaches.length === 0 ? (
          <Alert color="green" data-testid="regulatory-impact-result">
            {t('regulatory.impact.ok')}
          </Alert>
        ) : (
          <Alert color={i.overridden ? 'yellow' : 'red'} data-testid="regulatory-impact-result">
            <Text size="sm">
              {t('regulatory.impact.breaks')} {i.breaches.map((b) => t(`regulatory.limits.${b.limit}`)).join('、')}
            </Text>
            <Text size="xs">{i.overridden ? t('regulatory.impact.overridden', { reason: i.overrideReason ?? '' }) : t('regulatory.impact.overrideHint')}</Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The rows of the panel: leverage, weighted balance, the loan's client and (when it has one) its group, before and with the loan. */
function impactRows(i: RegulatoryImpact, t: TFunction) {
  const own = (figures: typeof i.before) => figures.clients.find((c) => c.companyId === i.companyId);
  const ownGroup = (figures: typeof i.before) => figures.groups.find((g) => g.groupId === i.groupId);
  return [
    {
      key: 'leverage',
      label: t('regulatory.leverage'),
      before: i.before.leverage.value.toFixed(4),
      after: i.after.leverage.value.toFixed(4),
      limit: String(i.after.leverage.limit),
    },
    {
      key: 'weighted',
      label: t('regulatory.weightedBalance'),
      before: formatFen(i.before.weightedBalanceFen),
      after: formatFen(i.after.weightedBalanceFen),
      limit: formatFen(i.after.leverage.limit * i.after.settings.netAssetsFen),
    },
    {
      key: 'client',
      label: `${t('regulatory.limits.SINGLE_CLIENT')} · ${i.companyName}`,
      before: percent(own(i.before)?.ratio ?? 0),
      after: percent(own(i.after)?.ratio ?? 0),
      limit: percent(i.after.settings.singleClientLimit),
    },
    ...(ownGroup(i.after)
      ? [
          {
            key: 'group',
            label: `${t('regulatory.limits.GROUP')} · ${ownGroup(i.after)!.name}`,
            before: percent(ownGroup(i.before)?.ratio ?? 0),
            after: percent(ownGroup(i.after)!.ratio),
            limit: percent(i.after.settings.groupLimit),
          },
        ]
      : []),
  ];
}
