import { Alert, Card, Loader, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MigrationMatrix } from './MigrationMatrix';
import { usePeriod } from './period';
import { PeriodFilter } from './PeriodFilter';
import { exportStatistic } from './statistics-api';
import { useClassificationMigration } from './statistics-queries';

/**
 * The risk classification migration between two days (the period's first and last day, kept in the
 * URL): each loan from its classification at the end of the first to the one at the end of the second,
 * with the export of the same matrix.
 */
export default function ClassificationMigrationPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod();
  const [exporting, setExporting] = useState(false);
  const matrix = useClassificationMigration(period);

  const doExport = async () => {
    setExporting(true);
    try {
      await exportStatistic('classificationMigration', { from: period.start, to: period.end }, t('routes.pages.classificationMigration'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="md">
        <PeriodFilter period={period} onChange={setPeriod} onExport={doExport} exporting={exporting} />
      </Card>
      <Card withBorder radius="md" padding="md">
        {matrix.data ? (
          <MigrationMatrix data={matrix.data} />
        ) : matrix.isError ? (
          <Alert color="red">{t('statistics.migration.failed')}</Alert>
        ) : (
          <Loader aria-label={t('statistics.migration.loading')} />
        )}
      </Card>
    </Stack>
  );
}
