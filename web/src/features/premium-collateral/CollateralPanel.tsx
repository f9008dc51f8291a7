import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatFen, formatPercentBp } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { CollateralModal } from './CollateralModal';
import { CollateralTable } from './CollateralTable';
import type { CollateralRegister } from './premium-collateral-api';
import { useCollaterals, useDeleteCollateral } from './premium-collateral-queries';
import { useHolds } from './use-holds';

type Row = CollateralRegister['rows'][number];

/** The counter-guarantee collateral register: rows with loan-to-value; changed only while B-post confirmation is pending. */
export function CollateralPanel({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const visible = useHolds('counter_guarantee');
  const canEdit = useHolds('sys:counter:confirm');
  const register = useCollaterals(loanId, version, visible);
  const remove = useDeleteCollateral(loanId);
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
      onConfirm: () => remove.mutate(row.id),
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
          }}
        />
      )}
    </Card>
  );
}
