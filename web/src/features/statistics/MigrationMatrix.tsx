import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';
import { yuan } from './format';
import type { ClassificationMigration, MigrationCell } from './statistics-api';

function CellFigures({ cell, testId }: { cell: MigrationCell; testId: string }) {
  return (
    <Stack gap={0} align="flex-end" data-testid={testId}>
      <Text size="sm" fw={cell.loans > 0 ? 600 : 400}>
        {cell.loans}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {yuan(cell.fromBalanceFen)} → {yuan(cell.toBalanceFen)}
      </Text>
    </Stack>
  );
}

/**
 * The risk classification migration matrix: one row per class at the first day, one column per class
 * at the second, each cell its loans and their guaranteed balance at each day (yuan); the row totals at
 * the right, the column totals and the whole total beneath, and whether they reconcile.
 */
export function MigrationMatrix({ data }: { data: ClassificationMigration }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = (key: string) => pick(data.classes.find((c) => c.key === key)?.label, lang);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={900}>
        <Table withTableBorder withColumnBorders striped data-testid="migration-matrix">
          <Table.Caption>{t('statistics.migration.caption', { from: data.from, to: data.to })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('statistics.migration.corner', { from: data.from, to: data.to })}</Table.Th>
              {data.classes.map((c) => (
                <Table.Th key={c.key} scope="col" ta="right">
                  {pick(c.label, lang)}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                {t('statistics.columns.total')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row) => (
              <Table.Tr key={row.from}>
                <Table.Th scope="row">{name(row.from)}</Table.Th>
                {row.cells.map((cell, j) => (
                  <Table.Td key={data.classes[j].key}>
                    <CellFigures cell={cell} testId={`migration-cell-${row.from}-${data.classes[j].key}`} />
                  </Table.Td>
                ))}
                <Table.Td>
                  <CellFigures cell={row.total} testId={`migration-row-total-${row.from}`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('statistics.columns.total')}</Table.Th>
              {data.columnTotals.map((cell, j) => (
                <Table.Td key={data.classes[j].key}>
                  <CellFigures cell={cell} testId={`migration-column-total-${data.classes[j].key}`} />
                </Table.Td>
              ))}
              <Table.Td>
                <CellFigures cell={data.total} testId="migration-total" />
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Group gap="sm">
        <Badge color={data.balanced ? 'green' : 'red'} variant="light" data-testid="migration-balanced">
          {t(data.balanced ? 'statistics.migration.balanced' : 'statistics.migration.unbalanced')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('statistics.migration.legend', { from: data.from, to: data.to })}
        </Text>
      </Group>
    </Stack>
  );
}
