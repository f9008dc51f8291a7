import { Button, Checkbox, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert, useAppForm, type FieldMessages } from '@/lib/app-form';
import { DayInput } from '@/lib/dates';
import { today } from '@/lib/download';
import type { Certificate, CustodyItem } from './custody-api';
import {
  CERTIFICATE_KINDS,
  certificateFormErrors,
  lendFormErrors,
  reasonFormErrors,
  revalueFormErrors,
  toCertificateDto,
  toLendDto,
  toRevalueDto,
  type CertificateFormValues,
  type CertificateKind,
  type CustodyError,
  type LendFormValues,
  type ReasonFormValues,
  type RevalueFormValues,
} from './custody-forms';
import { useBorrowers, useMoveCertificate, useRegisterCertificate, useRevalue } from './custody-queries';

interface DialogProps {
  onClose: () => void;
  onSaved: () => void;
}

/** The checks' keys worded (custody.errors). */
function useWorded() {
  const { t } = useTranslation();
  return <V,>(errors: Partial<Record<string, CustodyError>>): FieldMessages<V> =>
    Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(`custody.errors.${key as CustodyError}`)])) as FieldMessages<V>;
}

function Actions({ onClose, submitting, testId }: { onClose: () => void; submitting: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={submitting} data-testid={testId}>
        {t('common.save')}
      </Button>
    </Group>
  );
}

/** Registers a certificate of one of the loan's confirmed items: kind, number, issuer, holder of record. */
export function RegisterCertificateDialog({ loanId, items, onClose, onSaved }: DialogProps & { loanId: string; items: CustodyItem[] }) {
  const { t } = useTranslation();
  const worded = useWorded();
  const add = useRegisterCertificate(loanId);
  const { form, formError, submitting, onSubmit } = useAppForm<CertificateFormValues>({
    initialValues: { collateralId: items.length === 1 ? items[0].id : null, kind: null, number: '', issuer: '', holder: '' },
    validate: (values) => worded<CertificateFormValues>(certificateFormErrors(values)),
    invalidMessage: t('custody.errors.invalid'),
    submit: async (values) => {
      await add.mutateAsync(toCertificateDto(values));
      onSaved();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('custody.dialogs.registerTitle')} centered>
      <form onSubmit={onSubmit} noValidate data-testid="certificate-form">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <Select
            label={t('custody.fields.item')}
            withAsterisk
            data={items.map((i) => ({ value: i.id, label: `${t(`custody.itemKinds.${i.kind}`, { defaultValue: i.kind })} · ${i.description ?? i.owner}` }))}
            allowDeselect={false}
            {...form.getInputProps('collateralId')}
            data-testid="certificate-item"
          />
          <Select
            label={t('custody.fields.kind')}
            withAsterisk
            data={CERTIFICATE_KINDS.map((k) => ({ value: k, label: t(`custody.kinds.${k}`) }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
            onChange={(value) => form.setFieldValue('kind', value as CertificateKind | null)}
            data-testid="certificate-kind"
          />
          <TextInput label={t('custody.fields.number')} withAsterisk {...form.getInputProps('number')} data-testid="certificate-number" />
          <TextInput label={t('custody.fields.issuer')} withAsterisk {...form.getInputProps('issuer')} data-testid="certificate-issuer" />
          <TextInput label={t('custody.fields.holder')} withAsterisk {...form.getInputProps('holder')} data-testid="certificate-holder" />
          <Actions onClose={onClose} submitting={submitting} testId="certificate-save" />
        </Stack>
      </form>
    </Modal>
  );
}

/** Lends a certificate out of the vault: to whom, why, the return day, and the receiver's confirmation of the hand-over. */
export function LendDialog({ certificate, onClose, onSaved }: DialogProps & { certificate: Certificate }) {
  const { t } = useTranslation();
  const worded = useWorded();
  const move = useMoveCertificate();
  const borrowers = useBorrowers(true);
  const { form, formError, submitting, onSubmit } = useAppForm<LendFormValues>({
    initialValues: { borrowerId: null, reason: '', returnDueOn: '', receiverConfirmed: false },
    validate: (values) => worded<LendFormValues>(lendFormErrors(values, today())),
    invalidMessage: t('custody.errors.invalid'),
    submit: async (values) => {
      await move.mutateAsync({ id: certificate.id, move: 'lend', body: toLendDto(values) });
      onSaved();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('custody.dialogs.lendTitle', { number: certificate.number })} centered>
      <form onSubmit={onSubmit} noValidate data-testid="lend-form">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <Select
            label={t('custody.fields.borrower')}
            withAsterisk
            searchable
            data={(borrowers.data ?? []).map((b) => ({ value: b.id, label: `${b.nickname} (${b.username})` }))}
            {...form.getInputProps('borrowerId')}
            data-testid="lend-borrower"
          />
          <Textarea label={t('custody.fields.reason')} withAsterisk autosize minRows={2} {...form.getInputProps('reason')} data-testid="lend-reason" />
          <DayInput label={t('custody.fields.returnDueOn')} withAsterisk {...form.getInputProps('returnDueOn')} data-testid="lend-due" />
          <Checkbox
            label={t('custody.fields.receiverConfirmed')}
            {...form.getInputProps('receiverConfirmed', { type: 'checkbox' })}
            data-testid="lend-confirmed"
          />
          <Actions onClose={onClose} submitting={submitting} testId="lend-save" />
        </Stack>
      </form>
    </Modal>
  );
}

/** A move with a note: the return (optional note), the deposit (optional note) or the cancellation (a reason, required; it cannot be undone). */
export function ReasonDialog({ certificate, move, onClose, onSaved }: DialogProps & { certificate: Certificate; move: 'deposit' | 'return' | 'cancel' }) {
  const { t } = useTranslation();
  const worded = useWorded();
  const mutation = useMoveCertificate();
  const required = move === 'cancel';
  const { form, formError, submitting, onSubmit } = useAppForm<ReasonFormValues>({
    initialValues: { reason: '' },
    validate: (values) => worded<ReasonFormValues>(reasonFormErrors(values, required)),
    invalidMessage: t('custody.errors.invalid'),
    submit: async (values) => {
      await mutation.mutateAsync({ id: certificate.id, move, body: { reason: values.reason.trim() || (required ? values.reason : null) } as never });
      onSaved();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t(`custody.dialogs.${move}Title`, { number: certificate.number })} centered>
      <form onSubmit={onSubmit} noValidate data-testid={`${move}-form`}>
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <Textarea
            label={t(`custody.dialogs.${move}Text`)}
            withAsterisk={required}
            autosize
            minRows={2}
            {...form.getInputProps('reason')}
            data-testid={`${move}-reason`}
          />
          <Actions onClose={onClose} submitting={submitting} testId={`${move}-save`} />
        </Stack>
      </form>
    </Modal>
  );
}

/** A new appraised value of an item (yuan, sent in fen) with the day of the valuation. */
export function RevalueDialog({ loanId, items, onClose, onSaved }: DialogProps & { loanId: string; items: CustodyItem[] }) {
  const { t } = useTranslation();
  const worded = useWorded();
  const add = useRevalue(loanId);
  const { form, formError, submitting, onSubmit } = useAppForm<RevalueFormValues>({
    initialValues: { collateralId: items.length === 1 ? items[0].id : null, value: '', valuedOn: today(), note: '' },
    validate: (values) => worded<RevalueFormValues>(revalueFormErrors(values, today())),
    invalidMessage: t('custody.errors.invalid'),
    submit: async (values) => {
      await add.mutateAsync(toRevalueDto(values));
      onSaved();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('custody.dialogs.revalueTitle')} centered>
      <form onSubmit={onSubmit} noValidate data-testid="revalue-form">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <Select
            label={t('custody.fields.item')}
            withAsterisk
            data={items.map((i) => ({ value: i.id, label: `${t(`custody.itemKinds.${i.kind}`, { defaultValue: i.kind })} · ${i.description ?? i.owner}` }))}
            allowDeselect={false}
            {...form.getInputProps('collateralId')}
            data-testid="revalue-item"
          />
          <TextInput label={t('custody.fields.value')} withAsterisk inputMode="decimal" {...form.getInputProps('value')} data-testid="revalue-value" />
          <DayInput label={t('custody.fields.valuedOn')} withAsterisk {...form.getInputProps('valuedOn')} data-testid="revalue-day" />
          <Textarea label={t('custody.fields.note')} autosize minRows={2} {...form.getInputProps('note')} data-testid="revalue-note" />
          <Actions onClose={onClose} submitting={submitting} testId="revalue-save" />
        </Stack>
      </form>
    </Modal>
  );
}
