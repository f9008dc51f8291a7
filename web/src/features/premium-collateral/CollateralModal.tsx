import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { COLLATERAL_KIND_LABELS, COLLATERAL_KINDS, type CollateralKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { collateralFormErrors, EMPTY_COLLATERAL, fromFenText, toCollateralDto, type CollateralFormValues } from './collateral-form';
import type { CollateralRegister } from './premium-collateral-api';
import { useSaveCollateral } from './premium-collateral-queries';

type Row = CollateralRegister['rows'][number];

/** Adds a row to the register or changes one; the server's refusal is shown in the form. */
export function CollateralModal({ loanId, row, onClose, onSaved }: { loanId: string; row: Row | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveCollateral(loanId);
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
      await save.mutateAsync({ id: row?.id ?? null, body: toCollateralDto(values) });
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
