import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert, useAppForm, type FieldMessages } from '@/lib/app-form';
import { DayInput } from '@/lib/dates';
import {
  EMPTY_FEE,
  EMPTY_SEIZURE,
  feeFormErrors,
  LITIGATION_FEE_TYPES,
  seizureFormErrors,
  SEIZURE_KINDS,
  toFeeDto,
  toSeizureDto,
  type FeeFormValues,
  type LitigationFeeType,
  type RecordError,
  type SeizureFormValues,
  type SeizureKind,
} from './litigation-records-form';
import { useAddLitigationFee, useAddSeizure } from './bad-loans-queries';

interface ModalProps {
  loanId: string;
  onClose: () => void;
  onSaved: () => void;
}

/** The checks' keys worded (badLoans.records.errors). */
function useWorded() {
  const { t } = useTranslation();
  return <V,>(errors: Partial<Record<string, RecordError>>): FieldMessages<V> =>
    Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(`badLoans.records.errors.${key as RecordError}`)])) as FieldMessages<V>;
}

/** Records a litigation fee: its type from the fixed list, the amount in yuan (sent in fen), the day paid, a note. */
export function LitigationFeeModal({ loanId, onClose, onSaved }: ModalProps) {
  const { t } = useTranslation();
  const worded = useWorded();
  const add = useAddLitigationFee(loanId);
  const { form, formError, submitting, onSubmit } = useAppForm<FeeFormValues>({
    initialValues: EMPTY_FEE,
    validate: (values) => worded<FeeFormValues>(feeFormErrors(values)),
    invalidMessage: t('badLoans.records.errors.invalid'),
    submit: async (values) => {
      await add.mutateAsync(toFeeDto(values));
      onSaved();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('badLoans.records.addFeeTitle')} centered>
      <form onSubmit={onSubmit} noValidate data-testid="fee-form">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <Select
            label={t('badLoans.panel.columns.type')}
            withAsterisk
            data={LITIGATION_FEE_TYPES.map((type) => ({ value: type, label: t(`badLoans.panel.feeTypes.${type}`) }))}
            allowDeselect={false}
            {...form.getInputProps('feeType')}
            onChange={(value) => form.setFieldValue('feeType', value as LitigationFeeType | null)}
            data-testid="fee-type"
          />
          <TextInput label={t('badLoans.panel.columns.amount')} withAsterisk inputMode="decimal" {...form.getInputProps('amount')} data-testid="fee-amount" />
          <DayInput label={t('badLoans.records.paidOn')} withAsterisk {...form.getInputProps('paidOn')} data-testid="fee-paid-on" />
          <Textarea label={t('badLoans.panel.columns.note')} autosize minRows={2} {...form.getInputProps('note')} data-testid="fee-note" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="fee-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Records a seizure: the court, the asset, first or subsequent, the day seized and the day it lapses, a note. */
export function SeizureModal({ loanId, onClose, onSaved }: ModalProps) {
  const { t } = useTranslation();
  const worded = useWorded();
  const add = useAddSeizure(loanId);
  const { form, formError, submitting, onSubmit } = useAppForm<SeizureFormValues>({
    initialValues: EMPTY_SEIZURE,
    validate: (values) => worded<SeizureFormValues>(seizureFormErrors(values)),
    invalidMessage: t('badLoans.records.errors.invalid'),
    submit: async (values) => {
      await add.mutateAsync(toSeizureDto(values));
      onSaved();
    },
  });
  const kind = form.getInputProps('seizureKind');
  return (
    <Modal opened onClose={onClose} title={t('badLoans.records.addSeizureTitle')} centered>
      <form onSubmit={onSubmit} noValidate data-testid="seizure-form">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <TextInput label={t('badLoans.panel.columns.court')} withAsterisk {...form.getInputProps('court')} data-testid="seizure-court" />
          <TextInput label={t('badLoans.panel.columns.asset')} withAsterisk {...form.getInputProps('asset')} data-testid="seizure-asset" />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('badLoans.panel.columns.kind')}
            </Text>
            <SegmentedControl
              data={SEIZURE_KINDS.map((k) => ({ value: k, label: t(`badLoans.panel.seizureKinds.${k}`) }))}
              value={form.values.seizureKind ?? ''}
              onChange={(value) => form.setFieldValue('seizureKind', value as SeizureKind)}
              aria-label={t('badLoans.panel.columns.kind')}
              data-testid="seizure-kind"
            />
            {kind.error && (
              <Text size="xs" c="red">
                {kind.error}
              </Text>
            )}
          </Stack>
          <DayInput label={t('badLoans.panel.columns.seizedOn')} withAsterisk {...form.getInputProps('seizedOn')} data-testid="seizure-seized-on" />
          <DayInput
            label={t('badLoans.panel.columns.expiresOn')}
            withAsterisk
            description={t('badLoans.records.expiresHint')}
            {...form.getInputProps('expiresOn')}
            data-testid="seizure-expires-on"
          />
          <Textarea label={t('badLoans.panel.columns.note')} autosize minRows={2} {...form.getInputProps('note')} data-testid="seizure-note" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="seizure-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
