import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { COLLATERAL_KINDS, fromFen, isValidAmount, toFen, type GuaranteeContext, type PayloadField } from '@app/workflow';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { newIdempotencyKey } from '../idempotency';
import { CollateralRegisterItems } from './CollateralRegisterItems';
import { EvidenceUpload } from './EvidenceUpload';
import { RepaymentInstalment } from './RepaymentInstalment';
import { repaymentSummary } from '../repayment';
import { ContractChoice } from './ContractChoice';
import { enumLabel, fieldLabel } from '../labels';
import { pick, useLang } from '@/i18n/use-lang';
import { EVENT_ERROR_CODES, sendEvent, type EventFailureData, type SendEventBody, type ServerLegalAction } from '../loan-node-api';
import { useEvidenceView, useReloadLoan, useRepaymentPlanAt } from '../loan-node-queries';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { DayInput } from '@/lib/dates';
import { companyToday } from '@/lib/format';
import { TypedNumberInput } from '@/lib/typed-number-input';
import {
  choicesFor,
  initialValues,
  isServerFilled,
  payloadFields,
  toPayload,
  validateValues,
  type CollateralRow,
  type FieldIssue,
  type FieldValue,
  type FormValues,
  type RuleDraft,
} from '../payload-form';

/** The action being filled in, with the loan version and context it was chosen on. */
export interface OpenAction {
  action: ServerLegalAction;
  version: number;
  context: GuaranteeContext | null;
}

type Errors = Record<string, string>;

const isBlankValue = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

function translateIssue(t: TFunction, issue: FieldIssue): string {
  return String(t(`loanNode.validation.${issue.key}` as never, { field: fieldLabel(t, issue.field) } as never));
}

function FieldInput({
  field,
  type,
  value,
  error,
  errors,
  context,
  onChange,
}: {
  field: PayloadField;
  type: OpenAction['action']['type'];
  value: FieldValue | undefined;
  error: string | undefined;
  errors: Errors;
  context: GuaranteeContext | null;
  onChange: (value: FieldValue) => void;
}) {
  const { t } = useTranslation();
  const label = fieldLabel(t, field.name);
  const common = { label, error, withAsterisk: field.required, 'data-field': field.name };

  switch (field.kind) {
    case 'text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={field.name === 'reason' ? 3 : 2}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'id': {
      const choices = choicesFor(type, field, context);
      if (choices) {
        return (
          <Select
            {...common}
            placeholder={t('loanNode.form.selectPlaceholder')}
            data={choices.map((choice) => ({ value: choice, label: enumLabel(t, field.name, choice) }))}
            value={typeof value === 'string' && value !== '' ? value : null}
            onChange={(next) => onChange(next ?? '')}
            comboboxProps={{ withinPortal: false }}
          />
        );
      }
      return <TextInput {...common} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    }
    case 'amount':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
          thousandSeparator=","
          hideControls
          allowNegative
        />
      );
    case 'fen':
      return (
        <TypedNumberInput
          {...common}
          description={t('loanNode.form.yuanHint')}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
          thousandSeparator=","
        />
      );
    case 'date':
      return (
        <DayInput
          {...common}
          maxDate={companyToday()}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
          popoverProps={{ withinPortal: false }}
        />
      );
    case 'ids':
      return (
        <TagsInput
          {...common}
          description={t('loanNode.form.attendeesHint')}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next) => onChange(next)}
          comboboxProps={{ withinPortal: false }}
        />
      );
    case 'enum':
      return (
        <Radio.Group {...common} value={typeof value === 'string' ? value : null} onChange={(next) => onChange(next)}>
          <Group mt={6}>
            {(field.values ?? []).map((option) => (
              <Radio key={option} value={option} label={enumLabel(t, field.name, option)} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'enumList':
      return (
        <MultiSelect
          {...common}
          data={(field.values ?? []).map((option) => ({ value: option, label: enumLabel(t, field.name, option) }))}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next) => onChange(next)}
          comboboxProps={{ withinPortal: false }}
          clearable
        />
      );
    case 'voteRule':
      return <RuleInput draft={value as RuleDraft} errors={errors} error={error} onChange={onChange} />;
    case 'collateral':
      return <CollateralInput rows={Array.isArray(value) ? (value as CollateralRow[]) : []} error={error} onChange={onChange} />;
    case 'flag':
      return <Checkbox label={label} checked={value === true} error={error} data-field={field.name} onChange={(e) => onChange(e.currentTarget.checked)} />;
  }
}

function RuleInput({ draft, errors, error, onChange }: { draft: RuleDraft; errors: Errors; error?: string; onChange: (value: RuleDraft) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<RuleDraft>) => onChange({ ...draft, ...patch });
  const options = (field: 'base' | 'passWhen' | 'onTie', values: readonly string[]) => values.map((value) => ({ value, label: enumLabel(t, field, value) }));
  return (
    <Stack gap="xs">
      <Switch label={t('loanNode.form.customRule')} checked={draft.custom} onChange={(e) => set({ custom: e.currentTarget.checked })} />
      {draft.custom && (
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput
            label={fieldLabel(t, 'quorum')}
            value={draft.quorum}
            onChange={(quorum) => set({ quorum })}
            step={0.05}
            decimalScale={4}
            error={errors.quorum}
          />
          <NumberInput
            label={fieldLabel(t, 'passThreshold')}
            value={draft.passThreshold}
            onChange={(passThreshold) => set({ passThreshold })}
            step={0.05}
            decimalScale={4}
            error={errors.passThreshold}
          />
          <Select
            label={fieldLabel(t, 'base')}
            data={options('base', ['cast', 'attendees'])}
            value={draft.base}
            onChange={(base) => set({ base: base ?? draft.base })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={fieldLabel(t, 'passWhen')}
            data={options('passWhen', ['above', 'atLeast'])}
            value={draft.passWhen}
            onChange={(passWhen) => set({ passWhen: passWhen ?? draft.passWhen })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={fieldLabel(t, 'onTie')}
            data={options('onTie', ['FAIL', 'PENGING_RESOLUTION'])}
            value={draft.onTie}
            onChange={(onTie) => set({ onTie: onTie ?? draft.onTie })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
        </SimpleGrid>
      )}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function CollateralInput({ rows, error, onChange }: { rows: CollateralRow[]; error?: string; onChange: (rows: CollateralRow[]) => void }) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<CollateralRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {fieldLabel(t, 'collateral')}
      </Text>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('loanNode.form.noItems')}
        </Text>
      )}
      {rows.map((row, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={fieldLabel(t, 'collateralId')} value={row.id} onChange={(e) => update(index, { id: e.currentTarget.value })} style={{ flex: 1 }} />
          <Select
            label={fieldLabel(t, 'collateralKind')}
            data={COLLATERAL_KINDS.map((kind) => ({ value: kind, label: enumLabel(t, 'collateralKind', kind) }))}
            value={row.kind}
            onChange={(kind) => update(index, { kind })}
            comboboxProps={{ withinPortal: false }}
            w={140}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('loanNode.form.removeItem')}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...rows, { id: '', kind: null }])} w="fit-content">
        {t('loanNode.form.addItem')}
      </Button>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The form of one action, built from the machine's payload fields. Checks locally, then sends the
 * event with the version it was opened on and an idempotency key; the answer decides what follows.
 */
export function ActionFormModal({ loanId, open, onClose }: { loanId: string; open: OpenAction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const actionName = open ? pick(open.action.label, lang) : '';
  return (
    <Modal
      opened={open !== null}
      onClose={() => !busy && onClose()}
      title={t('loanNode.form.title', { action: actionName })}
      centered
      size={open && payloadFields(open.action.type).length > 2 ? 'lg' : 'md'}
    >
      {open && (
        <ActionForm key={`${open.action.type}@${open.version}`} loanId={loanId} open={open} actionName={actionName} onBusy={setBusy} onClose={onClose} />
      )}
    </Modal>
  );
}

function ActionForm({
  loanId,
  open,
  actionName,
  onBusy,
  onClose,
}: {
  loanId: string;
  open: OpenAction;
  actionName: string;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reload = useReloadLoan(loanId);
  const type = open.action.type;
  const fields = payloadFields(type);
  // the file the step stands on (workflow EVENT_EVIDENCE): uploaded here, the confirm waits for it;
  // read again as the dialog opens (it may have been uploaded elsewhere since the page loaded, e.g. a voucher on its instalment)
  const fresh = useEvidenceView(loanId, open.version, type, open.action.document !== undefined);
  const evidence = fresh.data?.legalActions.find((a) => a.type === type)?.document ?? open.action.document;
  const [uploadedHere, setUploadedHere] = useState(false);
  const evidencePresent = uploadedHere || evidence?.present === true;
  const evidenceReady = !evidence || evidencePresent;
  const repaying = type === 'RECORD_REPAYMENT';
  const plan = useRepaymentPlanAt(loanId, open.version, repaying);
  // The key of the last attempt: reused only to retry the very same body after the answer was lost.
  const lastAttempt = useRef<{ body: string; key: string; answered: boolean } | null>(null);

  /** A 400's field errors: those of this form's fields beside them, any other in the alert. */
  const payloadErrors = (error: ApiError) => {
    const known = new Set(fields.map((f) => f.name));
    const byField: Errors = {};
    const other: string[] = [];
    for (const fieldError of ((error.body?.data ?? null) as EventFailureData | null)?.fieldErrors ?? []) {
      const text =
        fieldError.message === 'is required'
          ? translateIssue(t, { field: fieldError.field, key: 'required' })
          : `${fieldLabel(t, fieldError.field)}: ${fieldError.message}`;
      if (known.has(fieldError.field)) byField[fieldError.field] = text;
      else other.push(text);
    }
    return { byField, other };
  };

  const refused = async (error: ApiError) => {
    if (lastAttempt.current && error.status !== 0) lastAttempt.current.answered = true;
    if (error.isSessionExpired) {
      // Reloading goes through the HTTP client, which shows the session dialog (once).
      onClose();
      await reload();
      return;
    }
    switch (error.code) {
      case EVENT_ERROR_CODES.stale:
        notifications.show({
          color: 'orange',
          title: t('loanNode.actions.stale.title'),
          message: t('loanNode.actions.stale.message'),
          autoClose: 6000,
          withBorder: true,
        });
        onClose();
        await reload();
        return;
      case EVENT_ERROR_CODES.illegal:
        notifications.show({
          color: 'orange',
          title: t('loanNode.actions.illegal'),
          message: error.message,
          autoClose: 6000,
          withBorder: true,
        });
        onClose();
        await reload();
        return;
      case EVENT_ERROR_CODES.payloadInvalid:
        // Shown by the form: field errors beside their fields, the rest in its alert.
        return;
      case EVENT_ERROR_CODES.forbidden:
        showErrorToast(error.message);
        onClose();
        await reload();
        return;
      default:
        // A feature's own 400 (e.g. a premium changed without a reason) is shown in the form's alert.
        if (error.status === 400) return;
        // No answer (network, timeout): the form stays open and a retry reuses the key.
        showErrorToast(error.message);
    }
  };

  const { form, values, formError, submitting, onSubmit } = useAppForm<FormValues>({
    initialValues: initialValues(type, open.context),
    validate: (next) => {
      const errors: Errors = {};
      for (const issue of validateValues(type, next)) errors[issue.field] ??= translateIssue(t, issue);
      return errors;
    },
    submit: async (next) => {
      const body: SendEventBody = { type, payload: toPayload(type, next), expectedVersion: open.version };
      const text = JSON.stringify(body);
      const previous = lastAttempt.current;
      const key = previous && previous.body === text && !previous.answered ? previous.key : newIdempotencyKey();
      lastAttempt.current = { body: text, key, answered: false };
      let view: Awaited<ReturnType<typeof sendEvent>>;
      try {
        view = await sendEvent(loanId, body, key);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        showErrorToast(t('http.systemError'));
        return;
      }
      showSuccessToast(t('loanNode.actions.success', { action: actionName }));
      onClose();
      await reload(view);
    },
    serverErrors: (error) => (error.code === EVENT_ERROR_CODES.payloadInvalid ? payloadErrors(error).byField : {}),
    refusalMessage: (error) => {
      if (error.isSessionExpired) return null;
      if (error.code !== EVENT_ERROR_CODES.payloadInvalid) return error.status === 400 ? error.message : null;
      const { byField, other } = payloadErrors(error);
      return other.length > 0 ? other.join('; ') : Object.keys(byField).length > 0 ? t('loanNode.form.fieldsError') : error.message;
    },
    onRefused: (error) => void refused(error),
  });
  useEffect(() => {
    onBusy(submitting);
  }, [submitting, onBusy]);
  // RECORD_REPAYMENT: what the amount would do; it starts at the open instalment's due, never the whole principal
  const amountFen = repaying && isValidAmount(Number(values.amount)) && !isBlankValue(values.amount) ? toFen(Number(values.amount)) : null;
  const summary = repaying && plan.data ? repaymentSummary(plan.data, amountFen) : null;
  const dueFen = summary?.dueFen;
  useEffect(() => {
    if (dueFen !== undefined && isBlankValue(form.getValues().amount)) form.setFieldValue('amount', fromFen(dueFen));
    // once, when the plan arrives (the form object is stable)
  }, [dueFen, form]);
  const early = summary?.early === true;
  useEffect(() => {
    // a confirmation belongs to the amount it was given for
    if (repaying && !early && values.earlySettlement === true) form.setFieldValue('earlySettlement', false);
  }, [repaying, early, values.earlySettlement, form]);
  const ready = evidenceReady && (!early || values.earlySettlement === true);
  useEffect(() => () => onBusy(false), [onBusy]);

  return (
    <form data-testid="action-form" data-action={type} noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {evidence && <EvidenceUpload document={evidence} present={evidencePresent} onUploaded={() => setUploadedHere(true)} />}
        {repaying && (
          <RepaymentInstalment
            summary={summary}
            loading={plan.isLoading}
            amountFen={amountFen}
            confirmed={values.earlySettlement === true}
            error={form.errors.earlySettlement as string | undefined}
            onConfirm={(confirmed) => form.setFieldValue('earlySettlement', confirmed)}
          />
        )}
        {fields.length === 0 && <Text size="sm">{t('loanNode.form.confirmText', { action: actionName })}</Text>}
        {isServerFilled(type, 'collateral') && <CollateralRegisterItems loanId={loanId} version={open.version} />}
        <FormErrorAlert message={formError} />
        {fields
          .filter((field) => !(repaying && field.name === 'earlySettlement'))
          .map((field) =>
            (type === 'CONTRACT_GENERATE' && (field.name === 'bankId' || field.name === 'templateId')) ||
            (type === 'LETTER_GENERATE' && field.name === 'bankId') ? (
              <ContractChoice
                key={field.name}
                field={field}
                bankId={String(values.bankId ?? '')}
                value={String(values[field.name] ?? '')}
                error={form.errors[field.name] as string | undefined}
                onChange={(value) => {
                  form.setFieldValue(field.name, value);
                  if (field.name === 'bankId') form.setFieldValue('templateId', '');
                }}
              />
            ) : (
              <FieldInput
                key={field.name}
                field={field}
                type={type}
                value={values[field.name]}
                error={form.errors[field.name] as string | undefined}
                errors={form.errors as Errors}
                context={open.context}
                onChange={(value) => form.setFieldValue(field.name, value)}
              />
            ),
          )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('loanNode.form.cancel')}
          </Button>
          <Button type="submit" loading={submitting} disabled={!ready} data-testid="action-submit">
            {t('loanNode.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
