import { Badge, Button, Card, Checkbox, Group, Modal, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { VOTING_MEETING_KINDS, type VotingMeetingKind } from '@app/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import 'mantine-datatable/styles.css';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { formatTime } from '@/lib/format';
import { Can, useCan } from '@/features/permissions/Can';
import { FormErrorAlert, useAppForm, type FieldMessages } from '@/lib/app-form';
import { usePagedList } from '@/lib/use-paged-list';
import { addErrors, asKinds, manageErrors, type AddValues, type ConfereeErrors } from './conferee-form';
import { addConferees, fetchAddableUsers, fetchConferees, manageConferee, removeConferee, type ConfereeRow } from './conferees-api';

const FILTER_KEYS = ['keyword', 'kind', 'active'] as const;
type ConfereeQuery = Parameters<typeof fetchConferees>[0];

/** /user/participation: the attendee pool of the general-office and review-committee meetings. */
export default function ConfereeListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<ConfereeRow | null>(null);
  const list = usePagedList({
    queryKey: ['conferees', 'list'],
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['username', 'nickname', 'createdAt'],
    fetch: (query) => fetchConferees(query as ConfereeQuery),
    exportRows: async (query) => void (await downloadFile('/conferees/export', `${t('conferees.exportName')}-${today()}.xlsx`, query)),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['conferees'] });
  const remove = useMutation({ mutationFn: (row: ConfereeRow) => removeConferee(row.userId) });

  const kindLabel = (k: VotingMeetingKind) => t(`meetings.kinds.${k}`);
  const confirmRemove = (row: ConfereeRow) =>
    modals.openConfirmModal({
      title: t('conferees.delete'),
      centered: true,
      children: <Text size="sm">{t('conferees.confirmDelete', { name: row.nickname })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(row).then(
          () => {
            showSuccessToast(t('conferees.deleted'));
            refresh();
          },
          () => undefined,
        ),
    });

  return (
    <Stack p="md" data-testid="conferee-list">
      <Card withBorder radius="md" padding="lg">
        <ListFilterBar
          fields={[
            { kind: 'text', key: 'keyword', label: t('conferees.columns.name'), placeholder: t('conferees.searchPlaceholder') },
            {
              kind: 'select',
              key: 'kind',
              label: t('conferees.columns.kinds'),
              placeholder: t('conferees.allKinds'),
              data: VOTING_MEETING_KINDS.map((k) => ({ value: k, label: kindLabel(k) })),
            },
            {
              kind: 'select',
              key: 'active',
              label: t('conferees.columns.status'),
              placeholder: t('conferees.allStatuses'),
              data: [
                { value: 'true', label: t('conferees.active') },
                { value: 'false', label: t('conferees.inactive') },
              ],
              width: 130,
            },
          ]}
          list={list}
          actions={
            <Can perms={['sys:conferee:add']}>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="conferee-add">
                {t('conferees.add')}
              </Button>
            </Can>
          }
        />
        <AppDataTable<ConfereeRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="userId"
          customRowAttributes={(r) => ({ 'data-testid': 'conferee-row', 'data-username': r.username })}
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          columns={[
            { accessor: 'username', title: t('conferees.columns.username'), sortable: true },
            { accessor: 'nickname', title: t('conferees.columns.name'), sortable: true },
            {
              accessor: 'meetingKinds',
              title: t('conferees.columns.kinds'),
              render: (r) => (
                <Group gap={4}>
                  {r.meetingKinds.map((k) => (
                    <Badge key={k} variant="light" size="sm">
                      {kindLabel(k)}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            {
              accessor: 'active',
              title: t('conferees.columns.status'),
              width: 110,
              render: (r) => (
                <Badge color={r.active && !r.userDisabled ? 'teal' : 'gray'} variant="dot">
                  {r.userDisabled ? t('conferees.userDisabled') : r.active ? t('conferees.active') : t('conferees.inactive')}
                </Badge>
              ),
            },
            { accessor: 'meetingCount', title: t('conferees.columns.meetings'), width: 100, textAlign: 'right' },
            { accessor: 'createdAt', title: t('conferees.columns.createdAt'), sortable: true, width: 160, render: (r) => formatTime(r.createdAt) },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 150,
              render: (r) => (
                <Group gap={4} wrap="nowrap">
                  {can(['sys:conferee:manage']) && (
                    <Button size="compact-xs" variant="subtle" onClick={() => setManaging(r)}>
                      {t('conferees.manage')}
                    </Button>
                  )}
                  {can(['sys:conferee:delete']) && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmRemove(r)}>
                      {t('conferees.delete')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Card>
      <AddConfereesModal opened={adding} onClose={() => setAdding(false)} onDone={refresh} />
      <ManageConfereeModal row={managing} onClose={() => setManaging(null)} onDone={refresh} />
    </Stack>
  );
}

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

function AddConfereesModal({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('conferees.add')} centered>
      {opened && <AddForm onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function AddForm({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const worded = useWorded();
  const [search, setSearch] = useState('');
  const { form, values, formError, submitting, onSubmit } = useAppForm<AddValues>({
    initialValues: { userIds: [], meetingKinds: [] },
    validate: (next) => worded(addErrors(next)),
    submit: async (next) => {
      await addConferees({ userIds: next.userIds, meetingKinds: asKinds(next.meetingKinds) });
      showSuccessToast(t('conferees.added'));
      onDone();
      onClose();
    },
  });
  const users = useQuery({ queryKey: ['conferees', 'users', search], queryFn: () => fetchAddableUsers(search), placeholderData: keepPreviousData });
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

function ManageConfereeModal({ row, onClose, onDone }: { row: ConfereeRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? t('conferees.manageTitle', { name: row.nickname }) : ''} centered>
      {row && <ManageForm key={row.userId} row={row} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function ManageForm({ row, onClose, onDone }: { row: ConfereeRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const worded = useWorded();
  const { form, formError, submitting, onSubmit } = useAppForm<{ meetingKinds: string[]; active: boolean }>({
    initialValues: { meetingKinds: row.meetingKinds, active: row.active },
    validate: (next) => ({ meetingKinds: worded(manageErrors(next)).meetingKinds }),
    submit: async (next) => {
      await manageConferee(row.userId, { meetingKinds: asKinds(next.meetingKinds), active: next.active });
      showSuccessToast(t('conferees.saved'));
      onDone();
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
