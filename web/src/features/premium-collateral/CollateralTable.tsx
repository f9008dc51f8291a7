import { Button, Group, Table } from '@mantine/core';
import { COLLATERAL_KIND_LABELS, formatFen, formatPercentBp } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';
import type { CollateralRegister } from './premium-collateral-api';

type Row = CollateralRegister['rows'][number];

/** The register's rows with their loan-to-value; edit and delete beside each while it may change. */
export function CollateralTable({
  rows,
  editable,
  onEdit,
  onRemove,
}: {
  rows: Row[];
  editable: boolean;
  onEdit: (row: Row) => void;
  onRemove: (row: Row) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped data-testid="collateral-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('premiumCollateral.collateral.columns.kind')}</Table.Th>
            <Table.Th>{t('premiumCollateral.collateral.columns.owner')}</Table.Th>
            <Table.Th>{t('premiumCollateral.collateral.columns.value')}</Table.Th>
            <Table.Th>{t('premiumCollateral.collateral.columns.certificateNo')}</Table.Th>
            <Table.Th>{t('premiumCollateral.collateral.columns.ltv')}</Table.Th>
            {editable && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="collateral-row">
              <Table.Td>{pick(COLLATERAL_KIND_LABELS[row.kind], lang)}</Table.Td>
              <Table.Td title={row.description ?? undefined}>{row.owner}</Table.Td>
              <Table.Td>{row.appraisedValueFen === null ? '—' : formatFen(row.appraisedValueFen)}</Table.Td>
              <Table.Td>{row.certificateNo ?? ''}</Table.Td>
              <Table.Td>{formatPercentBp(row.ltvBp)}</Table.Td>
              {editable && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" onClick={() => onEdit(row)}>
                      {t('premiumCollateral.collateral.edit')}
                    </Button>
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => onRemove(row)}>
                      {t('premiumCollateral.collateral.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
