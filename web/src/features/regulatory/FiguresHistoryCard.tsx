import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, Group, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '@/lib/dates';
import { percent, type FiguresHistoryPoint } from './regulatory-api';
import { useFiguresHistory } from './regulatory-queries';

/** The figures a nightly snapshot holds: amounts in fen, the others ratios. */
export const HISTORY_FIGURES = ['weightedBalanceFen', 'compensationBalanceFen', 'compensationRate', 'recoveryRate', 'lossRate', 'provisionCoverage'] as const;
export type HistoryFigure = (typeof HISTORY_FIGURES)[number];
const isAmount = (figure: HistoryFigure) => figure.endsWith('Fen');
/** The server answers at most 3,660 days at once. */
const MAX_DAYS = 3660;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** A period the server takes: two real days, the start not after the end, at most 3,660 days apart. */
export function validPeriod(from: string, to: string): boolean {
  if (!DAY.test(from) || !DAY.test(to) || from > to) return false;
  return (Date.parse(to) - Date.parse(from)) / 86_400_000 <= MAX_DAYS;
}

/** A figure's value as the page writes it: yuan with two decimals, or a percentage; a dash when the snapshot lacks it. */
export function formatFigure(figure: HistoryFigure, value: number | null): string {
  if (value === null) return '—';
  return isAmount(figure) ? formatFen(value) : percent(value);
}

/** One figure over the nightly snapshots of a chosen period, drawn as a line or listed day by day. */
export function FiguresHistoryCard({ asOf }: { asOf: string }) {
  const { t } = useTranslation();
  const [figure, setFigure] = useState<HistoryFigure>('weightedBalanceFen');
  const [from, setFrom] = useState(daysBefore(asOf, 90));
  const [to, setTo] = useState(asOf);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const valid = validPeriod(from, to);
  const history = useFiguresHistory(valid ? from : '', valid ? to : '');
  const points = (valid ? history.data : undefined) ?? [];
  const withValue = points.filter((p: FiguresHistoryPoint) => p[figure] !== null);
  const label = t(`regulatory.history.figures.${figure}`);
  // yuan for amounts, percent for rates: the axis reads as the table does
  const scaled = (value: number) => (isAmount(figure) ? value / 100 : value * 100);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="regulatory-history">
      <Stack gap="sm">
        <Title order={5}>{t('regulatory.history.title')}</Title>
        <Group align="flex-end">
          <Select
            label={t('regulatory.history.figure')}
            data={HISTORY_FIGURES.map((key) => ({ value: key, label: t(`regulatory.history.figures.${key}`) }))}
            value={figure}
            allowDeselect={false}
            onChange={(value) => value && setFigure(value as HistoryFigure)}
            comboboxProps={{ withinPortal: false }}
            data-testid="regulatory-history-figure"
          />
          <DayInput label={t('regulatory.history.from')} value={from} onChange={setFrom} data-testid="regulatory-history-from" />
          <DayInput label={t('regulatory.history.to')} value={to} onChange={setTo} data-testid="regulatory-history-to" />
          <SegmentedControl
            aria-label={t('regulatory.history.view')}
            value={view}
            onChange={(value) => setView(value as 'chart' | 'table')}
            data={[
              { value: 'chart', label: t('regulatory.history.chart') },
              { value: 'table', label: t('regulatory.history.table') },
            ]}
            data-testid="regulatory-history-view"
          />
        </Group>
        {!valid ? (
          <Text size="sm" c="red" data-testid="regulatory-history-invalid">
            {t('regulatory.history.invalid')}
          </Text>
        ) : withValue.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="regulatory-history-empty">
            {history.isFetching ? '…' : t('regulatory.history.empty')}
          </Text>
        ) : view === 'chart' ? (
          <div data-testid="regulatory-history-chart">
            <LineChart
              h={260}
              data={withValue.map((p) => ({ day: p.day, value: scaled(p[figure] as number) }))}
              dataKey="day"
              series={[{ name: 'value', label, color: 'blue.6' }]}
              curveType="linear"
              withDots={withValue.length <= 60}
              unit={isAmount(figure) ? '' : '%'}
              valueFormatter={(value) => (isAmount(figure) ? formatFen(Math.round(value * 100)) : `${value.toFixed(2)}`)}
            />
          </div>
        ) : (
          <Table fz="xs" data-testid="regulatory-history-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('regulatory.history.day')}</Table.Th>
                <Table.Th>{label}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {points.map((p) => (
                <Table.Tr key={p.day}>
                  <Table.Td>{p.day}</Table.Td>
                  <Table.Td>{formatFigure(figure, p[figure])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
