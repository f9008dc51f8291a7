import { Alert, Card, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import type { RegulatoryReport, RegulatoryRow } from './regulatory-exports-api';
import { useRegulatoryRows } from './regulatory-exports-queries';
import { useRegulatoryColumns } from './regulatory-columns';
import { RegulatoryExportFilters } from './RegulatoryExportFilters';

/**
 * A report to a regulator (国担 national guarantee platform, 工信部 industry ministry): the loans
 * disbursed in a period, and the .xlsx the regulator takes (every row, streamed by the server; the
 * columns and their rules are in server/src/regulatory-exports/MAPPING.md).
 */
export function RegulatoryExportPage({ report }: { report: RegulatoryReport }) {
  const { t } = useTranslation();
  const list = useRegulatoryRows(report, t(`regulatoryExports.${report}.title`));
  const columns = useRegulatoryColumns(report);

  return (
    <Stack p="md" data-testid={`regulatory-${report}`}>
      <Card withBorder radius="md" padding="lg">
        <Alert variant="light" icon={<IconInfoCircle size={18} />} mb="md">
          {t(`regulatoryExports.${report}.scope`)}
        </Alert>
        <RegulatoryExportFilters list={list} />
        <Text size="sm" c="dimmed" mb="xs" data-testid="export-note">
          {t('regulatoryExports.exportNote', { count: list.total })}
        </Text>
        <AppDataTable<RegulatoryRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="loanId"
          customRowAttributes={(r) => ({ 'data-testid': 'regulatory-row', 'data-loan': r.loanId })}
          {...list.table}
          columns={columns}
        />
      </Card>
    </Stack>
  );
}
