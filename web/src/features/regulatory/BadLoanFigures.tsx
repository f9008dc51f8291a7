import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { percent, type FiguresHistoryPoint, type Rate, type RegulatoryFigures } from './regulatory-api';
import { useFiguresHistory } from './regulatory-queries';
import { Stat } from './Stat';

/** The days of history the chart shows, up to the figures' day. */
const CHART_DAYS = 90;

function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** A rate, or "none" with its reason (a zero divisor). */
function RateStat({ label, rate, testId, basis }: { label: string; rate: Rate; testId: string; basis: string }) {
  const { t } = useTranslation();
  return (
    <Stat label={label} value={rate.value === null ? t('regulatory.badLoans.none') : percent(rate.value)} testId={testId}>
      <Text size="xs" c="dimmed">
        {rate.value === null ? t('regulatory.badLoans.noDivisor') : basis}
      </Text>
    </Stat>
  );
}

/** The figures of loans that went bad as of the day: the compensation balance, the rates, the provisions, risk sharing. */
export function BadLoanFigures({ figures: f }: { figures: RegulatoryFigures }) {
  const { t } = useTranslation();
  const b = f.basis;
  const p = f.provisions;
  const s = f.provisionSettings;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="regulatory-bad-loans">
      <Title order={5} mb="sm">
        {t('regulatory.badLoans.title', { from: b.yearStart, to: f.asOf })}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Stat label={t('regulatory.badLoans.balance')} value={formatFen(f.compensationBalanceFen)} testId="regulatory-compensation-balance">
          <Text size="xs" c="dimmed">
            {t('regulatory.badLoans.atYearStart')} {formatFen(b.compensationBalanceAtYearStartFen)}
          </Text>
        </Stat>
        <RateStat
          label={t('regulatory.badLoans.compensationRate')}
          rate={f.compensationRate}
          testId="regulatory-compensation-rate"
          basis={`${formatFen(b.compensationPaidInYearFen)} / ${formatFen(b.releasedInYearFen)}`}
        />
        <RateStat
          label={t('regulatory.badLoans.recoveryRate')}
          rate={f.recoveryRate}
          testId="regulatory-recovery-rate"
          basis={`${formatFen(b.recoveredInYearFen)} / ${formatFen(b.compensationBalanceAtYearStartFen)}`}
        />
        <RateStat
          label={t('regulatory.badLoans.lossRate')}
          rate={f.lossRate}
          testId="regulatory-loss-rate"
          basis={`${formatFen(b.writtenOffInYearFen)} / ${formatFen(b.releasedInYearFen)}`}
        />
        <Stat label={t('regulatory.badLoans.unearned')} value={formatFen(p.unearnedPremiumReserveFen)} testId="regulatory-unearned">
          <Text size="xs" c="dimmed">
            {percent(s.unearnedPremiumRateBp / 10000)} × {formatFen(b.premiumIncomeInYearFen)}
          </Text>
        </Stat>
        <Stat label={t('regulatory.badLoans.reserve')} value={formatFen(p.compensationReserveFen)} testId="regulatory-reserve">
          <Text size="xs" c="dimmed">
            {t('regulatory.badLoans.reserveRule', {
              rate: percent(s.compensationReserveRateBp / 10000),
              cap: percent(s.compensationReserveCapBp / 10000),
              years: b.yearEndBalances.length,
            })}
          </Text>
        </Stat>
        <RateStat
          label={t('regulatory.badLoans.coverage')}
          rate={f.provisionCoverage}
          testId="regulatory-coverage"
          basis={`${formatFen(p.unearnedPremiumReserveFen + p.compensationReserveFen)} / ${formatFen(f.compensationBalanceFen)}`}
        />
        <Stat label={t('regulatory.badLoans.bankShare')} value={formatFen(f.bankShareFen)} testId="regulatory-bank-share">
          <Text size="xs" c="dimmed">
            {t('regulatory.badLoans.gross')} {formatFen(f.grossBalanceFen)}
          </Text>
        </Stat>
      </SimpleGrid>
      <FiguresChart asOf={f.asOf} />
    </Card>
  );
}

const SERIES = [
  { key: 'compensationBalanceFen', color: '#e8590c', scale: 'fen' },
  { key: 'compensationRate', color: '#1c7ed6', scale: 'rate' },
  { key: 'recoveryRate', color: '#2f9e44', scale: 'rate' },
  { key: 'lossRate', color: '#c92a2a', scale: 'rate' },
] as const;

/** The compensation balance (its own scale) and the three rates over the nightly snapshots: one polyline each. */
function FiguresChart({ asOf }: { asOf: string }) {
  const { t } = useTranslation();
  const from = daysBefore(asOf, CHART_DAYS);
  const history = useFiguresHistory(from, asOf);
  const points = history.data ?? [];
  const width = 600;
  const height = 160;
  const pad = 8;
  const span = Math.max(1, (Date.parse(asOf) - Date.parse(from)) / 86_400_000);
  const x = (day: string) => pad + ((Date.parse(day) - Date.parse(from)) / 86_400_000 / span) * (width - 2 * pad);
  const max = (key: (typeof SERIES)[number]['key']) => Math.max(0, ...points.map((p) => p[key] ?? 0));
  const fenMax = max('compensationBalanceFen') || 1;
  const rateMax = Math.max(max('compensationRate'), max('recoveryRate'), max('lossRate')) || 1;
  const line = (key: (typeof SERIES)[number]['key'], top: number) =>
    points
      .filter((p: FiguresHistoryPoint) => p[key] !== null)
      .map((p) => `${x(p.day).toFixed(1)},${(height - pad - ((p[key] as number) / top) * (height - 2 * pad)).toFixed(1)}`)
      .join(' ');
  return (
    <Card withBorder radius="md" padding="sm" mt="md" data-testid="regulatory-chart">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('regulatory.badLoans.chart', { from, to: asOf })}
        </Text>
        <Group gap="xs">
          {SERIES.map((s) => (
            <Text key={s.key} size="xs" c={s.color}>
              ■ {t(`regulatory.badLoans.series.${s.key}`)}
            </Text>
          ))}
        </Group>
      </Group>
      {points.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="regulatory-chart-empty">
          {t('regulatory.badLoans.chartEmpty')}
        </Text>
      ) : (
        <svg viewBox={`0 0 ${width} ${height}`} width="100%" height={height} role="img" aria-label={t('regulatory.badLoans.chart', { from, to: asOf })}>
          <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="#ced4da" />
          {SERIES.map((s) => (
            <polyline
              key={s.key}
              data-series={s.key}
              fill="none"
              stroke={s.color}
              strokeWidth={1.5}
              points={line(s.key, s.scale === 'fen' ? fenMax : rateMax)}
            />
          ))}
        </svg>
      )}
      {points.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('regulatory.badLoans.chartScale', { fen: formatFen(fenMax), rate: percent(rateMax) })}
        </Text>
      )}
    </Card>
  );
}
