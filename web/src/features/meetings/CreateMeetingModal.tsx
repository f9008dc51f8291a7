import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { describeVoteRule, defaultVoteRule, type VotingMeetingKind } from '@app/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import { FRACTIONS, initialMeetingValues, meetingFormErrors, toMeetingBody, type MeetingFormErrors, type MeetingFormValues } from './meeting-form';
import { createMeeting, fetchAttendeePool } from './meetings-api';

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
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MeetingFormValues>(() => initialMeetingValues(kind));
  const [errors, setErrors] = useState<MeetingFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const pool = useQuery({ queryKey: ['meetings', kind, 'pool'], queryFn: () => fetchAttendeePool(kind) });
  const save = useMutation({ mutationFn: () => createMeeting(kind, toMeetingBody(values)) });

  const set = (patch: Partial<MeetingFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const error = (field: keyof MeetingFormErrors) => (errors[field] ? t(`meetings.form.errors.${errors[field]}`) : undefined);
  const submit = async () => {
    const found = meetingFormErrors(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    try {
      const meeting = await save.mutateAsync();
      showSuccessToast(t('meetings.form.created'));
      await queryClient.invalidateQueries({ queryKey: ['meetings', kind] });
      onClose();
      onCreated(meeting.id);
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('http.systemError'));
    }
  };
  const options = <T extends string>(group: 'base' | 'passWhen' | 'onTie', list: readonly T[]) =>
    list.map((value) => ({ value, label: String(t(`meetings.form.${group}.${value}` as never)) }));

  return (
    <form
      noValidate
      data-testid="meeting-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" variant="light" data-testid="form-error">
            {serverError}
          </Alert>
        )}
        <TextInput
          label={t('meetings.form.fields.title')}
          withAsterisk
          name="title"
          value={values.title}
          onChange={(e) => set({ title: e.currentTarget.value })}
          error={error('title')}
        />
        <SimpleGrid cols={2}>
          <TextInput
            type="datetime-local"
            label={t('meetings.form.fields.heldAt')}
            withAsterisk
            name="heldAt"
            value={values.heldAt}
            onChange={(e) => set({ heldAt: e.currentTarget.value })}
            error={error('heldAt')}
          />
          <TextInput
            label={t('meetings.form.fields.place')}
            withAsterisk
            name="place"
            value={values.place}
            onChange={(e) => set({ place: e.currentTarget.value })}
            error={error('place')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('meetings.form.fields.attendees')}
          description={t('meetings.form.hints.attendees', { kind: t(`meetings.kinds.${kind}`) })}
          withAsterisk
          value={values.attendeeIds}
          onChange={(attendeeIds) => set({ attendeeIds })}
          error={error('attendeeIds')}
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
          onChange={(e) => set({ customRule: e.currentTarget.checked })}
        />
        {values.customRule && (
          <SimpleGrid cols={2} spacing="xs">
            <Select
              label={t('meetings.form.fields.quorum')}
              data={[...FRACTIONS]}
              value={values.quorum}
              onChange={(v) => v && set({ quorum: v as MeetingFormValues['quorum'] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('meetings.form.fields.passThreshold')}
              data={[...FRACTIONS]}
              value={values.passThreshold}
              onChange={(v) => v && set({ passThreshold: v as MeetingFormValues['passThreshold'] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('meetings.form.fields.base')}
              data={options('base', ['cast', 'attendees'] as const)}
              value={values.base}
              onChange={(v) => v && set({ base: v as MeetingFormValues['base'] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('meetings.form.fields.passWhen')}
              data={options('passWhen', ['above', 'atLeast'] as const)}
              value={values.passWhen}
              onChange={(v) => v && set({ passWhen: v as MeetingFormValues['passWhen'] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('meetings.form.fields.onTie')}
              data={options('onTie', ['FAIL', 'PENGING_RESOLUTION'] as const)}
              value={values.onTie}
              onChange={(v) => v && set({ onTie: v as MeetingFormValues['onTie'] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
          </SimpleGrid>
        )}
        {errors.rule && (
          <Text size="xs" c="red">
            {error('rule')}
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="meeting-submit">
            {t('meetings.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
