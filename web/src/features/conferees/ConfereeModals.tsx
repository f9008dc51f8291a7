import { Button, Checkbox, Group, Modal, MultiSelect, Stack, Switch } from '@mantine/core';
import { VOTING_MEETING_KINDS } from '@app/workflow';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { FormErrorAlert, useAppForm, type FieldMessages } from '@/lib/app-form';
import { addErrors, asKinds, manageErrors, type AddValues, type ConfereeErrors } from './conferee-form';
import type { ConfereeRow } from './conferees-api';
import { useAddableUsers, useAddConferees, useManageConferee } from './conferees-queries';

/** The meeting types of a person (the form's meetingKinds field: value, onChange, error). */
function KindChoices(props: { value?: string[]; onChange?: (v: string[]) => void; error?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={t('conferees.columns.kinds')} withAsterisk data-testid="conferee-kinds" {...props}>
      <Group mt="xs">
        {VOTING_MEETING_KINDS.map((k) => (
          <Checkbox key={k} value={k} label={t(`meetings.kinds.${k}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** The local check's errors, worded. */
function useWorded() {
  const { t } = useTranslation();
  return (errors: ConfereeErrors): FieldMessages<AddValues> => ({
    userIds: errors.userIds ? t(`conferees.errors.${errors.userIds}`) : undefined,
    meetingKinds: errors.meetingKinds ? t('conferees.errors.kinds') : undefined,
  });
}

export function AddConfereesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('conferees.add')} centered>
      {opened && <AddForm onClose={onClose} />}
    </Modal>
  );
}

function AddForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const worded = useWorded();
  const add = useAddConferees();
  const [search, setSearch] = useState('');
  const { form, values, formError, submitting, onSubmit } = useAppForm<AddValues>({
    initialValues: { userIds: [], meetingKinds: [] },
    validate: (next) => worded(addErrors(next)),
    submit: async (next) => {
      await add.mutateAsync({ userIds: next.userIds, meetingKinds: asKinds(next.meetingKinds) });
      showSuccessToast(t('conferees.added'));
      onClose();
    },
  });
  const users = useAddableUsers(search);
  const [known, setKnown] = useState<Record<string, string>>({});
  const options = [
    ...(users.data ?? []).map((u) => ({ value: u.id, label: `${u.nickname}（${u.username}）` })),
    ...values.userIds.filter((id) => !(users.data ?? []).some((u) => u.id === id)).map((id) => ({ value: id, label: known[id] ?? id })),
  ];
  const people = form.getInputProps('userIds');
  return (
    <form noValidate data-testid="conferee-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} testId="conferee-form-error" />
        <MultiSelect
          label={t('conferees.people')}
          withAsterisk
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          data={options}
          comboboxProps={{ withinPortal: false }}
          data-testid="conferee-people"
          {...people}
          onChange={(ids: string[]) => {
            const labels = { ...known };
            for (const o of options) labels[o.value] = o.label;
            setKnown(labels);
            people.onChange(ids);
          }}
        />
        <KindChoices {...form.getInputProps('meetingKinds')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="conferee-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ManageConfereeModal({ row, onClose }: { row: ConfereeRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? t('conferees.manageTitle', { name: row.nickname }) : ''} centered>
      {row && <ManageForm key={row.userId} row={row} onClose={onClose} />}
    </Modal>
  );
}

function ManageForm({ row, onClose }: { row: ConfereeRow; onClose: () => void }) {
  const { t } = useTranslation();
  const worded = useWorded();
  const manage = useManageConferee(row.userId);
  const { form, formError, submitting, onSubmit } = useAppForm<{ meetingKinds: string[]; active: boolean }>({
    initialValues: { meetingKinds: row.meetingKinds, active: row.active },
    validate: (next) => ({ meetingKinds: worded(manageErrors(next)).meetingKinds }),
    submit: async (next) => {
      await manage.mutateAsync({ meetingKinds: asKinds(next.meetingKinds), active: next.active });
      showSuccessToast(t('conferees.saved'));
      onClose();
    },
  });
  return (
    <form noValidate data-testid="conferee-manage-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} testId="conferee-form-error" />
        <KindChoices {...form.getInputProps('meetingKinds')} />
        <Switch label={t('conferees.active')} description={t('conferees.activeHint')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
