import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { describeVoteRule, defaultVoteRule, type VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { pick, useLang } from '@/i18n/use-lang';
import { FormErrorAlert, useAppForm, type FieldMessages } from '@/lib/app-form';
import { MomentInput } from '@/lib/dates';
import { companyTimeZone } from '@/lib/format';
import { FRACTIONS, initialMeetingValues, meetingFormErrors, toMeetingBody, type MeetingFormErrors, type MeetingFormValues } from './meeting-form';
import { useAttendeePool, useCreateMeeting } from './meetings-queries';

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
  const lang = useLang();
  const pool = useAttendeePool(kind);
  const create = useCreateMeeting(kind);
  // The vote rule's problem has no field of its own: it is kept under the switch that opens the rule.
  const worded = (errors: MeetingFormErrors): FieldMessages<MeetingFormValues> => {
    const { rule, ...fields } = errors;
    const messages: FieldMessages<MeetingFormValues> = Object.fromEntries(
      Object.entries(fields).map(([field, key]) => [field, t(`meetings.form.errors.${key}`)]),
    );
    if (rule) messages.customRule = t(`meetings.form.errors.${rule}`);
    return messages;
  };
  const { form, values, formError, submitting, onSubmit } = useAppForm<MeetingFormValues>({
    initialValues: initialMeetingValues(kind),
    validate: (next) => worded(meetingFormErrors(next)),
    submit: async (next) => {
      const meeting = await create.mutateAsync(toMeetingBody(next));
      showSuccessToast(t('meetings.form.created'));
      onClose();
      onCreated(meeting.id);
    },
  });
  const field = (name: 'title' | 'heldAt' | 'place') => ({ name, ...form.getInputProps(name) });
  const ruleSelect = (name: 'quorum' | 'passThreshold' | 'base' | 'passWhen' | 'onTie') => ({
    value: values[name],
    // A rule's part is never empty.
    onChange: (v: string | null) => {
      if (v) form.setFieldValue(name, v as never);
    },
    allowDeselect: false,
    comboboxProps: { withinPortal: false },
  });
  const options = <T extends string>(group: 'base' | 'passWhen' | 'onTie', list: readonly T[]) =>
    list.map((value) => ({ value, label: String(t(`meetings.form.${group}.${value}` as never)) }));

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
        <Switch
          label={t('meetings.form.fields.customRule')}
          description={values.customRule ? undefined : t('meetings.form.hints.defaultRule', { rule: pick(describeVoteRule(defaultVoteRule(kind)), lang) })}
          checked={values.customRule}
          onChange={(e) => form.setFieldValue('customRule', e.currentTarget.checked)}
        />
        {values.customRule && (
          <SimpleGrid cols={2} spacing="xs">
            <Select label={t('meetings.form.fields.quorum')} data={[...FRACTIONS]} {...ruleSelect('quorum')} />
            <Select label={t('meetings.form.fields.passThreshold')} data={[...FRACTIONS]} {...ruleSelect('passThreshold')} />
            <Select label={t('meetings.form.fields.base')} data={options('base', ['cast', 'attendees'] as const)} {...ruleSelect('base')} />
            <Select label={t('meetings.form.fields.passWhen')} data={options('passWhen', ['above', 'atLeast'] as const)} {...ruleSelect('passWhen')} />
            <Select label={t('meetings.form.fields.onTie')} data={options('onTie', ['FAIL', 'PENGING_RESOLUTION'] as const)} {...ruleSelect('onTie')} />
          </SimpleGrid>
        )}
        {form.errors.customRule && (
          <Text size="xs" c="red">
            {form.errors.customRule}
          </Text>
        )}
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
