import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { MEETING_EVENTS, RESOLUTION_RESULTS, type ResolutionResult, type VotingMeetingKind } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { CompensationMark } from './CompensationMark';
import type { AgendaRow } from './meetings-api';
import { useSendLoanEvent } from './meetings-queries';
import { isResolutionResult } from './vote-form';

/** Settles a pending result (UPDATE_RESOLUTION): passed or failed, decided by the meeting. */
export function ResolutionModal({
  kind,
  meetingId,
  row,
  onClose,
  onDone,
}: {
  kind: VotingMeetingKind;
  meetingId: string;
  row: AgendaRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<ResolutionResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendLoanEvent();
  const close = () => {
    setResult(null);
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!row) return;
    if (!isResolutionResult(result)) {
      setError(t('meetings.resolution.choose'));
      return;
    }
    try {
      await send.mutateAsync({ loanId: row.loanId, type: MEETING_EVENTS[kind].resolution, payload: { meetingId, result }, expectedVersion: row.version });
      showSuccessToast(t('meetings.resolution.done'));
      close();
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('http.systemError'));
    }
  };
  return (
    <Modal opened={row !== null} onClose={close} title={t('meetings.resolution.title')} centered>
      {row && (
        <Stack gap="sm" data-testid="resolution-form">
          <Text size="sm">{row.companyName}</Text>
          <CompensationMark totalFen={row.compensationTotalFen} />
          {error && (
            <Alert color="red" variant="light" p="xs">
              {error}
            </Alert>
          )}
          <Radio.Group label={t('meetings.resolution.result')} withAsterisk value={result} onChange={(v) => setResult(v as ResolutionResult)}>
            <Group mt="xs">
              {RESOLUTION_RESULTS.map((r) => (
                <Radio key={r} value={r} label={t(`meetings.results.${r}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={send.isPending} data-testid="resolution-submit">
              {t('meetings.resolution.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
