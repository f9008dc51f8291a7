import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useTranslation } from 'react-i18next';
import { tenThousandYuan } from './format';
import type { GroupRow, TypeLoanRow } from './statistics-api';

/** Added, released and closing of the first 15 groups, in ten thousand yuan. */
export function GroupChart({ rows }: { rows: GroupRow[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="statistics-chart">
      <BarChart
        h={320}
        data={rows.slice(0, 15).map((r) => ({
          name: r.name,
          added: tenThousandYuan(r.addedFen),
          released: tenThousandYuan(r.releasedFen),
          closing: tenThousandYuan(r.closingFen),
        }))}
        dataKey="name"
        withLegend
        series={[
          { name: 'added', label: t('statistics.chart.added'), color: 'teal.6' },
          { name: 'released', label: t('statistics.chart.released'), color: 'orange.6' },
          { name: 'closing', label: t('statistics.chart.closing'), color: 'blue.6' },
        ]}
        xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 80 }}
      />
    </div>
  );
}

/** Added and closing of the first 15 loans, in ten thousand yuan. */
export function TypeLoansChart({ rows }: { rows: TypeLoanRow[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="statistics-chart">
      <BarChart
        h={300}
        data={rows.slice(0, 15).map((r) => ({ name: r.companyName, closing: tenThousandYuan(r.closingFen), added: tenThousandYuan(r.addedFen) }))}
        dataKey="name"
        withLegend
        series={[
          { name: 'added', label: t('statistics.chart.added'), color: 'teal.6' },
          { name: 'closing', label: t('statistics.chart.closing'), color: 'blue.6' },
        ]}
        xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 90 }}
      />
    </div>
  );
}
