import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { MeetingStep, VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import type { MeetingBase } from './meetings-api';
import { useMeetingStep } from './meetings-queries';

const COLORS: Partial<Record<MeetingStep, string>> = { start: 'teal', end: 'blue', cancel: 'red' };

/**
 * The meeting steps the server says this user may take now (status and permission): allocate opens
 * the allocation dialog; start, end and cancel ask for confirmation, then move every loan at once.
 */
export function MeetingStepButtons({
  kind,
  meeting,
  steps,
  compact = false,
  compensations = 0,
  onAllocate,
}: {
  kind: VotingMeetingKind;
  meeting: Pick<MeetingBase, 'id' | 'title'>;
  steps: MeetingStep[];
  compact?: boolean;
  /** Compensations still on the meeting: ending it decides them (approved or returned), which the confirmation says. */
  compensations?: number;
  onAllocate: () => void;
}) {
  const { t } = useTranslation();
  const run = useMeetingStep(kind, meeting.id, (step) => showSuccessToast(t(`meetings.stepDone.${step}`)));

  const confirm = (step: 'start' | 'end' | 'cancel') =>
    modals.openConfirmModal({
      title: t(`meetings.steps.${step}`),
      centered: true,
      children: (
        <Text size="sm">
          {t(`meetings.confirm.${step}`, { title: meeting.title })}
          {step === 'end' && compensations > 0 && ` ${t('meetings.confirm.endCompensations', { n: compensations })}`}
        </Text>
      ),
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: COLORS[step], 'data-testid': 'confirm-step' } as never,
      onConfirm: () => run.mutate(step),
    });

  const size = compact ? 'compact-xs' : 'sm';
  return (
    <Group gap={compact ? 4 : 'sm'} wrap="nowrap">
      {steps.includes('allocate') && (
        <Button size={size} variant={compact ? 'subtle' : 'light'} onClick={onAllocate} data-testid="meeting-allocate">
          {t('meetings.steps.allocate')}
        </Button>
      )}
      {(['start', 'end', 'cancel'] as const)
        .filter((step) => steps.includes(step))
        .map((step) => (
          <Button
            key={step}
            size={size}
            variant={compact ? 'subtle' : step === 'cancel' ? 'outline' : 'filled'}
            color={COLORS[step]}
            loading={run.isPending && run.variables === step}
            onClick={() => confirm(step)}
            data-testid={`meeting-${step}`}
          >
            {t(`meetings.steps.${step}`)}
          </Button>
        ))}
    </Group>
  );
}
