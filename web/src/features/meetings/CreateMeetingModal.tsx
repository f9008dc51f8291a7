import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { FormErrorAlert, useAppForm, type FieldMessages } from '@/lib/app-form';
import { MomentInput } from '@/lib/dates';
import { companyTimeZone } from '@/lib/format';
import { initialMeetingValues, meetingFormErrors, toMeetingBody, type MeetingFormErrors, type MeetingFormValues } from './meeting-form';
import { useAttendeePool, useCreateMeeting } from './meetings-queries';
import { VoteRuleFields } from './VoteRuleFields';

/** "Add a meeting": title, time, place, attendees from the pool of its kind, and the vote rule. */
export function CreateMeetingModal({
  kind,
  opened,
  onClose,
  onCreated,
}: {
  kind: VotingMeetingKind;
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('meetings.form.title', { kind: t(`meetings.kinds.${kind}`) })} size="lg" centered>
      {opened && <MeetingForm kind={kind} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function MeetingForm({ kind, onClose, onCreated }: { kind: VotingMeetingKind; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const pool = useAttendeePool(kind);
  const create = useCreateMeeting(kind, () => showSuccessToast(t('meetings.form.created')));
  // The vote rule's problem has no field of its own: it is kept under the switch that opens the rule.
  const worded = (errors: MeetingFormErrors): FieldMessages<MeetingFormValues> => {
    const { rule, ...fields } = errors;
    const messages: FieldMessages<MeetingFormValues> = Object.fromEntries(
      Object.entries(fields).map(([field, key]) => [field, t(`meetings.form.errors.${key}`)]),
    );
    if (rule) messages.customRule = t(`meetings.form.errors.${rule}`);
    return messages;
  };
  const { form, formError, submitting, onSubmit } = useAppForm<MeetingFormValues>({
    initialValues: initialMeetingValues(kind),
    validate: (next) => worded(meetingFormErrors(next)),
    submit: async (next) => {
      const meeting = await create.mutateAsync(toMeetingBody(next));
      onClose();
      onCreated(meeting.id);
    },
  });
  const field = (name: 'title' | 'heldAt' | 'place') => ({ name, ...form.getInputProps(name) });

  return (
    <form noValidate data-testid="meeting-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <TextInput label={t('meetings.form.fields.title')} withAsterisk {...field('title')} />
        <SimpleGrid cols={2}>
          <MomentInput
            label={t('meetings.form.fields.heldAt')}
            description={t('meetings.form.hints.heldAt', { zone: companyTimeZone() })}
            withAsterisk
            data-field="heldAt"
            {...form.getInputProps('heldAt')}
          />
          <TextInput label={t('meetings.form.fields.place')} withAsterisk {...field('place')} />
        </SimpleGrid>
        <Checkbox.Group
          label={t('meetings.form.fields.attendees')}
          description={t('meetings.form.hints.attendees', { kind: t(`meetings.kinds.${kind}`) })}
          withAsterisk
          {...form.getInputProps('attendeeIds')}
        >
          <Group mt="xs" gap="md" data-testid="attendee-choices">
            {(pool.data ?? []).map((p) => (
              <Checkbox key={p.id} value={p.id} label={p.nickname || p.username} />
            ))}
            {pool.data?.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('meetings.form.hints.poolEmpty')}
              </Text>
            )}
          </Group>
        </Checkbox.Group>
        <VoteRuleFields kind={kind} form={form} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="meeting-submit">
            {t('meetings.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
