/**
 * The project's form on @mantine/form: one way to submit, show field errors and the error alert.
 * The rules stay in each feature's pure `*-form.ts` validator; this only wires them: checked on
 * submit, then re-checked as the user types; a refusal from the server shows its field errors beside
 * their fields (the envelope's data.fieldErrors, { field, message }, for any field the form has) and
 * brings the first of them into view; its message goes to the alert only when no field took it.
 */
import { Alert } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/http';

/** Field errors as shown: already worded, one per field. */
export type FieldMessages<V> = Partial<Record<keyof V & string, string | undefined>>;

export interface AppFormOptions<V extends Record<string, any>> {
  initialValues: V;
  /** The local check (the feature's validator, worded). */
  validate: (values: V) => FieldMessages<V>;
  /** What the alert says when the local check fails; without it, the field errors speak alone. */
  invalidMessage?: string;
  /** Sends the values; a thrown ApiError is shown by the form. */
  submit: (values: V) => Promise<void>;
  /** The field errors a refusal carries, worded (the server checks the same rules). */
  serverErrors?: (error: ApiError) => FieldMessages<V>;
  /** The alert's text for a refusal (null: no alert); the server's message when not given. */
  refusalMessage?: (error: ApiError) => string | null;
  /** Called with each refusal after the form has shown it (e.g. a toast for an expired session). */
  onRefused?: (error: ApiError) => void;
}

export interface AppForm<V extends Record<string, any>> {
  form: UseFormReturnType<V>;
  values: V;
  /** The alert's text (local check failed, or the server refused). */
  formError: string | null;
  submitting: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
}

/**
 * The field errors a refusal names, worded by the server ({ field, message }: DTO validation and
 * AppError.ofField), kept for the fields this form has.
 */
export function serverFieldMessages<V extends Record<string, any>>(error: ApiError, values: V): FieldMessages<V> {
  const list = (error.body?.data as { fieldErrors?: unknown } | null | undefined)?.fieldErrors;
  const found: Record<string, string> = {};
  if (!Array.isArray(list)) return found as FieldMessages<V>;
  for (const item of list as { field?: unknown; message?: unknown }[]) {
    if (typeof item?.field !== 'string' || typeof item.message !== 'string' || !item.message) continue;
    if (Object.prototype.hasOwnProperty.call(values, item.field)) found[item.field] ??= item.message;
  }
  return found as FieldMessages<V>;
}

/** Scrolls the first field in error into view (a long modal scrolls too) and puts the cursor there. */
export function revealFirstError(root: HTMLElement | null): void {
  // Inputs mark themselves aria-invalid; a choice list marks only its wrapper (data-error).
  const target = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"] input, [data-error="true"] textarea');
  if (!target) return;
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
}

const withoutEmpty = <V,>(messages: FieldMessages<V>): Record<string, string> =>
  Object.fromEntries(Object.entries(messages).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));

export function useAppForm<V extends Record<string, any>>(options: AppFormOptions<V>): AppForm<V> {
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formElement = useRef<HTMLFormElement | null>(null);
  // Set by a refusal: the first field in error is revealed once the errors are rendered.
  const [revealTick, setRevealTick] = useState(0);
  useEffect(() => {
    if (revealTick > 0) revealFirstError(formElement.current);
  }, [revealTick]);
  // After a first attempt, errors follow the typing.
  const attempted = useRef(false);
  const latest = useRef(options);
  latest.current = options;
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    onValuesChange: (values) => {
      if (attempted.current) form.setErrors(withoutEmpty(latest.current.validate(values)));
    },
  });

  // A language switch re-words the local check's errors (and its alert) on the spot.
  const { i18n } = useTranslation();
  const invalidShown = useRef(false);
  useEffect(() => {
    if (!attempted.current) return;
    const { validate, invalidMessage } = latest.current;
    const errors = withoutEmpty(validate(form.getValues()));
    form.setErrors(errors);
    if (invalidShown.current) setFormError(Object.keys(errors).length > 0 ? (invalidMessage ?? null) : null);
    // Only the language: typing is followed by onValuesChange.
  }, [i18n.language]);

  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (event?.currentTarget) formElement.current = event.currentTarget;
    attempted.current = true;
    const { validate, invalidMessage, submit, serverErrors, refusalMessage, onRefused } = latest.current;
    const values = form.getValues();
    const errors = withoutEmpty(validate(values));
    form.setErrors(errors);
    invalidShown.current = Object.keys(errors).length > 0;
    if (invalidShown.current) {
      setFormError(invalidMessage ?? null);
      setRevealTick((n) => n + 1);
      return;
    }
    setFormError(null);
    setSubmitting(true);
    void submit(values)
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        // The feature's own wording wins; any other field the server named is shown as it worded it.
        const onFields = { ...withoutEmpty(serverFieldMessages(error, values)), ...withoutEmpty(serverErrors?.(error) ?? {}) };
        form.setErrors(onFields);
        const placed = Object.keys(onFields).length > 0;
        setFormError(refusalMessage ? refusalMessage(error) : placed ? null : error.message);
        if (placed) setRevealTick((n) => n + 1);
        onRefused?.(error);
      })
      .finally(() => setSubmitting(false));
  };

  return { form, values: form.values, formError, submitting, onSubmit };
}

/** The form's alert (local check failed, or the server's refusal); testId for a form whose tests already name it. */
export function FormErrorAlert({ message, testId = 'form-error' }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" p="xs" data-testid={testId}>
      {message}
    </Alert>
  );
}
