import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { COLLATERAL_KIND_LABELS, formatFen, formatPercentBp } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { pick, useLang } from '@/i18n/use-lang';
import { CollateralModal } from './CollateralModal';
import { deleteCollateral, type CollateralRegister } from './premium-collateral-api';
import { useCollaterals } from './premium-collateral-queries';
import { useHolds } from './use-holds';

type Row = CollateralRegister['rows'][number];

/** The counter-guarantee collateral register: rows with loan-to-value; changed only while B-post confirmation is pending. */
export function CollateralPanel({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const visible = useHolds('counter_guarantee');
  const canEdit = useHolds('sys:counter:confirm');
  const register = useCollaterals(loanId, version, visible);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const r = register.data;
  if (!visible || !r || r.state === null) return null;
  const editable = r.editable && canEdit;

  const confirmRemove = (row: Row) =>
    modals.openConfirmModal({
      title: t('premiumCollateral.collateral.delete'),
      centered: true,
      children: <Text size="sm">{t('premiumCollateral.collateral.confirmDelete')}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'collateral-delete-confirm' } as never,
      onConfirm: () => void deleteCollateral(loanId, row.id).then(() => register.refetch()),
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="collateral-panel" data-state={r.state}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{t('premiumCollateral.collateral.title')}</Title>
          {editable && (
            <Button size="xs" onClick={() => setEditing('new')} data-testid="collateral-add">
              {t('premiumCollateral.collateral.add')}
            </Button>
          )}
        </Group>
        {!r.editable && (
          <Alert variant="light" p="xs" data-testid="collateral-locked">
            {t('premiumCollateral.collateral.locked')}
          </Alert>
        )}
        {r.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('premiumCollateral.collateral.empty')}
          </Text>
        ) : (
          <CollateralTable rows={r.rows} editable={editable} onEdit={setEditing} onRemove={confirmRemove} />
        )}
        <Text size="sm">
          {t('premiumCollateral.collateral.amount')}: {formatFen(r.amountFen)} · {t('premiumCollateral.collateral.total')}: {formatFen(r.totalAppraisedFen)}
        </Text>
        <Text size="sm" data-testid="collateral-ltv">
          {t('premiumCollateral.collateral.ltv')}: {formatPercentBp(r.ltvBp)}
        </Text>
        {/* the counter-guarantee file is uploaded in the dialog of its step (上传反担保附件), listed under 文档 */}
      </Stack>
      {editing !== null && (
        <CollateralModal
          loanId={loanId}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showSuccessToast(t('premiumCollateral.collateral.saved'));
            void register.refetch();
          }}
        />
      )}
    </Card>
  );
}

/** The register's rows with their loan-to-value; edit and delete beside each while it may change. */
function CollateralTable({ rows, editable, onEdit, onRemove }: { rows: Row[]; editable: boolean; onEdit: (row: Row) => void; onRemove: (row: Row) => void }) {
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
