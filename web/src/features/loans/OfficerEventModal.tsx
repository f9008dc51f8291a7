import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { GuaranteeContext } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { newIdempotencyKey } from '@/features/loan-node/idempotency';
import { fieldLabel } from '@/features/loan-node/labels';
import { sendEvent, type EventFailureData } from '@/features/loan-node/loan-node-api';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import type { LoanRow } from '@/features/loan-list/loan-list-api';
import { useOfficers } from './loans-queries';

/** The events whose payload names a B-post officer, and that field. */
export const OFFICER_EVENTS = { TRANSFER_DATA: 'toOfficerId', SUBMIT_TO_RISK_CONTROL: 'bPostOfficerId', SUBMIT_TO_INSURANCE_REVIEW: 'bPostOfficerId' } as const;
export type OfficerEvent = keyof typeof OFFICER_EVENTS;

/** The row, the event, and the loan's version and context as its workflow view gave them when the action was opened. */
export interface OfficerEventTarget {
  row: LoanRow;
  type: OfficerEvent;
  label: string;
  version: number;
  context: GuaranteeContext | null;
}

/**
 * An event that names a B-post officer, with a choice among the users holding the B-post role:
 * TRANSFER_DATA (someone other than the current officer), or a submission to risk control or the
 * review committee of a loan that has no B-post officer yet.
 */
export function OfficerEventModal({ target, onClose }: { target: OfficerEventTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const title = target
    ? target.type === 'TRANSFER_DATA'
      ? t('loans.transfer.title', { company: target.row.companyName })
      : t('loans.officerEventTitle', { action: target.label, company: target.row.companyName })
    : '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered>
      {target && <OfficerForm key={`${target.row.id}@${target.version}`} target={target} onClose={onClose} />}
    </Modal>
  );
}

function OfficerForm({ target, onClose }: { target: OfficerEventTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const { row, type, label: submitLabel } = target;
  const [key] = useState(newIdempotencyKey);
  const officers = useOfficers('B_POST');
  const current = target.context?.bPostOfficerId;
  const choices = (officers.data ?? []).filter((u) => u.id !== current).map((u) => ({ value: u.id, label: `${u.nickname || u.username}（${u.username}）` }));
  const field = OFFICER_EVENTS[type];
  const { form, formError, submitting, onSubmit } = useAppForm<{ officer: string | null }>({
    initialValues: { officer: null },
    validate: (values) => ({ officer: values.officer ? undefined : t('loans.transfer.required') }),
    submit: async ({ officer }) => {
      await sendEvent(row.id, { type, payload: { [field]: officer }, expectedVersion: target.version }, key);
      const name = choices.find((c) => c.value === officer)?.label ?? '';
      showSuccessToast(type === 'TRANSFER_DATA' ? t('loans.transfer.success', { name }) : t('loanNode.actions.success', { action: submitLabel }));
      onClose();
    },
    // A 400 about the officer field (the machine's payload check) is shown beside the choice.
    serverErrors: (error) => {
      const issues = ((error.body?.data ?? null) as EventFailureData | null)?.fieldErrors ?? [];
      const issue = issues.find((i) => i.field === field);
      return { officer: issue ? `${fieldLabel(t, issue.field)}: ${issue.message}` : undefined };
    },
  });

  return (
    <form noValidate data-testid="transfer-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        {type === 'TRANSFER_DATA' && row.bPostOfficer && <Text size="sm">{t('loans.transfer.current', { name: row.bPostOfficer.name })}</Text>}
        <FormErrorAlert message={formError} />
        <Select
          label={type === 'TRANSFER_DATA' ? t('loans.transfer.officer') : t('loans.filters.bPostOfficer')}
          data-field={field}
          withAsterisk
          data={choices}
          {...form.getInputProps('officer')}
          searchable
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="officer-submit">
            {type === 'TRANSFER_DATA' ? t('loans.transfer.submit') : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
