import { Alert, Button, Card, Group, Modal, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { COLLATERAL_KIND_LABELS, COLLATERAL_KINDS, formatFen, formatPercentBp, type CollateralKind } from '@app/workflow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { pick, useLang } from '@/i18n/use-lang';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { collateralFormErrors, EMPTY_COLLATERAL, fromFenText, toCollateralDto, type CollateralFormValues } from './collateral-form';
import { deleteCollateral, fetchCollaterals, saveCollateral, type CollateralRegister } from './premium-collateral-api';
import { useHolds } from './use-holds';

type Row = CollateralRegister['rows'][number];

/** The counter-guarantee collateral register: rows with loan-to-value; changed only while B-post confirmation is pending. */
export function CollateralPanel({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const visible = useHolds('counter_guarantee');
  const canEdit = useHolds('sys:counter:confirm');
  const register = useQuery({ queryKey: ['collaterals', loanId, version], queryFn: () => fetchCollaterals(loanId), enabled: visible });
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
                {r.rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="collateral-row">
                    <Table.Td>{pick(COLLATERAL_KIND_LABELS[row.kind], lang)}</Table.Td>
                    <Table.Td title={row.description ?? undefined}>{row.owner}</Table.Td>
                    <Table.Td>{row.appraisedValueFen === null ? '—' : formatFen(row.appraisedValueFen)}</Table.Td>
                    <Table.Td>{row.certificateNo ?? ''}</Table.Td>
                    <Table.Td>{formatPercentBp(row.ltvBp)}</Table.Td>
                    {editable && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-xs" variant="subtle" onClick={() => setEditing(row)}>
                            {t('premiumCollateral.collateral.edit')}
                          </Button>
                          <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmRemove(row)}>
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

function CollateralModal({ loanId, row, onClose, onSaved }: { loanId: string; row: Row | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const initialValues: CollateralFormValues = row
    ? {
        kind: row.kind,
        owner: row.owner,
        description: row.description ?? '',
        appraisedValue: fromFenText(row.appraisedValueFen),
        certificateNo: row.certificateNo ?? '',
      }
    : EMPTY_COLLATERAL;
  const { form, formError, submitting, onSubmit } = useAppForm<CollateralFormValues>({
    initialValues,
    validate: (values) => {
      const errors = collateralFormErrors(values);
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(`premiumCollateral.collateral.errors.${key}`)]));
    },
    invalidMessage: t('premiumCollateral.collateral.errors.invalid'),
    submit: async (values) => {
      await saveCollateral(loanId, row?.id ?? null, toCollateralDto(values));
      onSaved();
    },
  });
  return (
    <Modal opened onClose={onClose} title={row ? t('premiumCollateral.collateral.editTitle') : t('premiumCollateral.collateral.addTitle')} centered>
      <form onSubmit={onSubmit} data-testid="collateral-form" noValidate>
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <Select
            label={t('premiumCollateral.collateral.columns.kind')}
            data={COLLATERAL_KINDS.map((k) => ({ value: k, label: pick(COLLATERAL_KIND_LABELS[k], lang) }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
            onChange={(value) => form.setFieldValue('kind', value as CollateralKind | null)}
            data-testid="collateral-kind"
          />
          <TextInput label={t('premiumCollateral.collateral.columns.owner')} withAsterisk {...form.getInputProps('owner')} data-testid="collateral-owner" />
          <Textarea
            label={t('premiumCollateral.collateral.columns.description')}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
            data-testid="collateral-description"
          />
          <TextInput
            label={t('premiumCollateral.collateral.columns.value')}
            inputMode="decimal"
            {...form.getInputProps('appraisedValue')}
            data-testid="collateral-value"
          />
          <TextInput
            label={t('premiumCollateral.collateral.columns.certificateNo')}
            {...form.getInputProps('certificateNo')}
            data-testid="collateral-certificate"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('premiumCollateral.collateral.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="collateral-save">
              {t('premiumCollateral.collateral.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
