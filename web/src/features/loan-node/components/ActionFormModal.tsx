import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { fromFen, isValidAmount, toFen, type GuaranteeContext } from '@app/workflow';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { moneyStepKey, moneyStepOf } from '@/features/bad-loans/bad-loan-figures';
import { MoneyStepConfirm } from '@/features/bad-loans/MoneyStepConfirm';
import { pick, useLang } from '@/i18n/use-lang';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { newIdempotencyKey } from '../idempotency';
import { EVENT_ERROR_CODES, sendEvent, type SendEventBody, type ServerLegalAction } from '../loan-node-api';
import { useEvidenceView, useReloadLoan, useRepaymentPlanAt } from '../loan-node-queries';
import { initialValues, isServerFilled, payloadFields, toPayload, validateValues, type FormValues } from '../payload-form';
import { repaymentSummary } from '../repayment';
import { ActionFields } from './ActionFields';
import { CollateralRegisterItems } from './CollateralRegisterItems';
import { translateIssue, useEventRefusal, type EventAttempt } from './event-refusal';
import { EvidenceUpload } from './EvidenceUpload';
import { RepaymentInstalment } from './RepaymentInstalment';

/** The action being filled in, with the loan version and context it was chosen on. */
export interface OpenAction {
  action: ServerLegalAction;
  version: number;
  context: GuaranteeContext | null;
}

type Errors = Record<string, string>;

const isBlankValue = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

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
  const lastAttempt = useRef<EventAttempt | null>(null);

  const { payloadErrors, refused } = useEventRefusal({ fields, reload, onClose, lastAttempt });

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
  // Compensation paid, a write-off asked for or approved: said in words, confirmed by its own tick,
  // given for one step and amount (another outcome takes it back, even if chosen again).
  const money = moneyStepOf(type, open.context, values);
  const moneyKey = money?.confirm ? moneyStepKey(money) : null;
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  if (confirmedFor !== null && confirmedFor !== moneyKey) setConfirmedFor(null);
  const moneyConfirmed = moneyKey !== null && confirmedFor === moneyKey;
  const ready = evidenceReady && (!early || values.earlySettlement === true) && (!money?.confirm || moneyConfirmed);
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
        {fields.length === 0 && !money && <Text size="sm">{t('loanNode.form.confirmText', { action: actionName })}</Text>}
        {isServerFilled(type, 'collateral') && <CollateralRegisterItems loanId={loanId} version={open.version} />}
        <FormErrorAlert message={formError} />
        <ActionFields type={type} fields={fields} form={form} context={open.context} />
        {money && <MoneyStepConfirm step={money} confirmed={moneyConfirmed} onConfirm={(confirmed) => setConfirmedFor(confirmed ? moneyKey : null)} />}
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
