import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/http';

interface Props {
  opened: boolean;
  title: string;
  /** Fields above the reason (a target picker, a filter), when the action has any. */
  children?: ReactNode;
  /** The sentence saying in words what will happen; null while the fields are not complete. */
  summary: string | null;
  confirmLabel: string;
  onClose: () => void;
  /** Sends the action; a refusal (ApiError) is shown here in the server's words (its language follows ours). */
  onConfirm: (reason: string) => Promise<unknown>;
  testId: string;
}

/**
 * Every operator action goes through this dialog: a required reason, the sentence of what will
 * happen, and a confirm; the server's refusal stays in the dialog beside the choice that caused it.
 */
export function ConfirmReasonDialog({ opened, title, children, summary, confirmLabel, onClose, onConfirm, testId }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    setMissing(false);
    onClose();
  };
  const confirm = async () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" data-testid={testId}>
      <Stack gap="sm">
        {children}
        <Textarea
          label={t('operations.reason')}
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          error={missing && !reason.trim() ? t('operations.reasonRequired') : undefined}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid={`${testId}-reason`}
        />
        {summary && (
          <Alert color="orange" variant="light" data-testid={`${testId}-summary`}>
            <Text size="sm">{summary}</Text>
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" data-testid={`${testId}-error`}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color="orange" loading={busy} disabled={summary === null} onClick={() => void confirm()} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
