import { notifications } from '@mantine/notifications';
import type { PayloadField } from '@app/workflow';
import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '@/api/feedback';
import type { ApiError } from '@/api/http';
import { fieldLabel } from '../labels';
import { EVENT_ERROR_CODES, type EventFailureData } from '../loan-node-api';
import type { FieldIssue } from '../payload-form';

type Errors = Record<string, string>;

/** The last attempt of an action's form: its body, its idempotency key, and whether the server answered it. */
export interface EventAttempt {
  body: string;
  key: string;
  answered: boolean;
}

export function translateIssue(t: TFunction, issue: FieldIssue): string {
  return String(t(`loanNode.validation.${issue.key}` as never, { field: fieldLabel(t, issue.field) } as never));
}

/**
 * What an action's form does with a refused event: a stale version, an illegal action and a refusal
 * of the permission close the dialog and reload the loan (with a notice); field errors stay in the
 * form (`payloadErrors`); a lost answer keeps the form open for a retry with the same key.
 */
export function useEventRefusal({
  fields,
  reload,
  onClose,
  lastAttempt,
}: {
  fields: readonly PayloadField[];
  reload: () => Promise<void>;
  onClose: () => void;
  lastAttempt: RefObject<EventAttempt | null>;
}) {
  const { t } = useTranslation();
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
  return { payloadErrors, refused };
}
