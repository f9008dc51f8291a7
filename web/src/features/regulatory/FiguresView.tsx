import { Alert, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { BadLoanFigures } from './BadLoanFigures';
import { ClientExposures } from './ClientExposures';
import { percent, type RegulatoryFigures } from './regulatory-api';
import { LimitBadge, Stat } from './Stat';

/** The figures as of a day: the headline figures, the breaches, the weights, every client, the groups. */
export function FiguresView({ figures: f }: { figures: RegulatoryFigures }) {
  const { t } = useTranslation();
  const topClient = f.clients[0];
  const topGroup = f.groups[0];
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Stat label={t('regulatory.balance')} value={formatFen(f.balanceFen)} testId="regulatory-balance">
          <Text size="xs" c="dimmed">
            {t('regulatory.loans')} {f.loanCount} · {t('regulatory.clients')} {f.clientCount}
          </Text>
        </Stat>
        <Stat label={t('regulatory.weightedBalance')} value={formatFen(f.weightedBalanceFen)} testId="regulatory-weighted" />
        <Stat label={t('regulatory.leverage')} value={f.leverage.value.toFixed(4)} testId="regulatory-leverage">
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {t('regulatory.limit')} {f.leverage.limit} · {t('regulatory.headroom')} {formatFen(f.leverage.headroomFen)}
            </Text>
            <LimitBadge ok={f.leverage.withinLimit} />
          </Group>
          <Text size="xs" c="dimmed">
            {f.leverage.relaxed
              ? t('regulatory.relaxed', { limit: f.leverage.limit })
              : t('regulatory.shares', {
                  balance: percent(f.leverage.smallMicroBalanceShareBp / 10000),
                  clients: percent(f.leverage.smallMicroClientShareBp / 10000),
                })}
          </Text>
        </Stat>
        <Stat
          label={t('regulatory.compensation')}
          value={f.compensation.available && f.compensation.rate !== null ? percent(f.compensation.rate) : t('regulatory.compensationNone')}
          testId="regulatory-compensation"
        />
        <Stat label={t('regulatory.singleClient')} value={topClient ? percent(topClient.ratio) : '—'} testId="regulatory-single">
          <Text size="xs" c="dimmed">
            {topClient?.companyName ?? ''} · {t('regulatory.limit')} {percent(f.settings.singleClientLimit)}
          </Text>
        </Stat>
        <Stat label={t('regulatory.group')} value={topGroup ? percent(topGroup.ratio) : '—'} testId="regulatory-group">
          <Text size="xs" c="dimmed">
            {topGroup?.name ?? ''} · {t('regulatory.limit')} {percent(f.settings.groupLimit)}
          </Text>
        </Stat>
        <Stat label={t('regulatory.settings.netAssets')} value={formatFen(f.settings.netAssetsFen)} testId="regulatory-net-assets" />
      </SimpleGrid>
      {f.breaches.length === 0 ? (
        <Alert color="green" data-testid="regulatory-breaches">
          {t('regulatory.noBreach')}
        </Alert>
      ) : (
        <Alert color="red" title={t('regulatory.breaches')} data-testid="regulatory-breaches">
          {f.breaches.map((b, i) => (
            <Text size="sm" key={i}>
              {t(`regulatory.limits.${b.limit}`)} {b.subject ? `· ${b.subject}` : ''}: {b.limit === 'LEVERAGE' ? b.value.toFixed(4) : percent(b.value)} &gt;{' '}
              {b.limit === 'LEVERAGE' ? b.limitValue : percent(b.limitValue)}
            </Text>
          ))}
          {f.breachCount > f.breaches.length && (
            <Text size="sm" c="dimmed" data-testid="regulatory-breaches-more">
              {t('regulatory.moreBreaches', { more: f.breachCount - f.breaches.length })}
            </Text>
          )}
        </Alert>
      )}
      <BadLoanFigures figures={f} />
      <WeightsTable weights={f.weights} />
      <ClientExposures asOf={f.asOf} clientCount={f.clientCount} />
      <GroupFiguresTable groups={f.groups} />
    </>
  );
}

/** The risk weights by client class, with the balance each carries. */
function WeightsTable({ weights }: { weights: RegulatoryFigures['weights'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={5}>{t('regulatory.weights.title')}</Title>
      <Table fz="xs" data-testid="regulatory-weights">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('regulatory.weights.class')}</Table.Th>
            <Table.Th>{t('regulatory.weights.weight')}</Table.Th>
            <Table.Th>{t('regulatory.weights.clients')}</Table.Th>
            <Table.Th>{t('regulatory.weights.balance')}</Table.Th>
            <Table.Th>{t('regulatory.weights.weighted')}</Table.Th>
            <Table.Th>{t('regulatory.weights.source')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weights.map((w) => (
            <Table.Tr key={w.key} data-key={w.key}>
              <Table.Td>{lang === 'en' ? w.en : w.zh}</Table.Td>
              <Table.Td>{percent(w.weightBp / 10000)}</Table.Td>
              <Table.Td>{w.clientCount}</Table.Td>
              <Table.Td>{formatFen(w.balanceFen)}</Table.Td>
              <Table.Td>{formatFen(w.weightedFen)}</Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {lang === 'en' ? w.sourceEn : w.source}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The related groups' exposure against the group limit. */
function GroupFiguresTable({ groups }: { groups: RegulatoryFigures['groups'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={5}>{t('regulatory.groupTable.title')}</Title>
      <Table fz="xs" data-testid="regulatory-groups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('regulatory.groupTable.name')}</Table.Th>
            <Table.Th>{t('regulatory.groupTable.members')}</Table.Th>
            <Table.Th>{t('regulatory.groupTable.weighted')}</Table.Th>
            <Table.Th>{t('regulatory.groupTable.ratio')}</Table.Th>
            <Table.Th>{t('regulatory.headroom')}</Table.Th>
            <Table.Th>{t('regulatory.clientTable.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>{t('regulatory.groupTable.empty')}</Table.Td>
            </Table.Tr>
          )}
          {groups.map((g) => (
            <Table.Tr key={g.groupId}>
              <Table.Td>{g.name}</Table.Td>
              <Table.Td>{g.memberCount}</Table.Td>
              <Table.Td>{formatFen(g.weightedFen)}</Table.Td>
              <Table.Td>{percent(g.ratio)}</Table.Td>
              <Table.Td>{formatFen(g.headroomFen)}</Table.Td>
              <Table.Td>
                <LimitBadge ok={g.withinLimit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
