import { Alert, Badge, Button, Card, Checkbox, Group, Modal, MultiSelect, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { VOTING_MEETING_KINDS, type VotingMeetingKind } from '@app/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { downloadFile, today } from '@/features/meetings/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { formatTime } from '@/lib/format';
import { Can, useCan } from '@/features/permissions/Can';
import { filterFormValues, filterParams, usePagedList } from '@/lib/use-paged-list';
import { addErrors, asKinds, manageErrors, type ConfereeErrors } from './conferee-form';
import { addConferees, fetchAddableUsers, fetchConferees, manageConferee, removeConferee, type ConfereeRow } from './conferees-api';

interface Filters extends Record<string, string | null> {
  keyword: string;
  kind: VotingMeetingKind | null;
  active: 'true' | 'false' | null;
}
const EMPTY: Filters = { keyword: '', kind: null, active: null };
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
  const form = useForm<Filters>({ mode: 'controlled', initialValues: filterFormValues(EMPTY, list.filters) });
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
        <form onSubmit={form.onSubmit((values) => list.search(filterParams(values)))}>
          <Group mb="md" gap="sm" align="flex-end">
            <TextInput
              label={t('conferees.columns.name')}
              placeholder={t('conferees.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              w={220}
              {...form.getInputProps('keyword')}
            />
            <Select
              label={t('conferees.columns.kinds')}
              placeholder={t('conferees.allKinds')}
              data={VOTING_MEETING_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
              clearable
              w={170}
              {...form.getInputProps('kind')}
            />
            <Select
              label={t('conferees.columns.status')}
              placeholder={t('conferees.allStatuses')}
              data={[
                { value: 'true', label: t('conferees.active') },
                { value: 'false', label: t('conferees.inactive') },
              ]}
              clearable
              w={130}
              {...form.getInputProps('active')}
            />
            <Button type="submit">{t('common.search')}</Button>
            <Button
              variant="default"
              onClick={() => {
                form.setValues(EMPTY);
                list.reset();
              }}
            >
              {t('common.reset')}
            </Button>
            <Group gap="sm" ml="auto">
              <Button variant="light" leftSection={<IconDownload size={16} />} loading={list.exporting} onClick={() => void list.exportList()}>
                {t('meetings.list.export')}
              </Button>
              <Can perms={['sys:conferee:add']}>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="conferee-add">
                  {t('conferees.add')}
                </Button>
              </Can>
            </Group>
          </Group>
        </form>
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

function KindChoices({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={t('conferees.columns.kinds')} withAsterisk value={value} onChange={onChange} error={error}>
      <Group mt="xs">
        {VOTING_MEETING_KINDS.map((k) => (
          <Checkbox key={k} value={k} label={t(`meetings.kinds.${k}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
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
  const [search, setSearch] = useState('');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [kinds, setKinds] = useState<string[]>([]);
  const [errors, setErrors] = useState<ConfereeErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const users = useQuery({ queryKey: ['conferees', 'users', search], queryFn: () => fetchAddableUsers(search), placeholderData: keepPreviousData });
  const [known, setKnown] = useState<Record<string, string>>({});
  const options = [
    ...(users.data ?? []).map((u) => ({ value: u.id, label: `${u.nickname}（${u.username}）` })),
    ...userIds.filter((id) => !(users.data ?? []).some((u) => u.id === id)).map((id) => ({ value: id, label: known[id] ?? id })),
  ];
  const save = useMutation({ mutationFn: () => addConferees({ userIds, meetingKinds: asKinds(kinds) }) });
  const submit = async () => {
    const found = addErrors({ userIds, meetingKinds: kinds });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync();
      showSuccessToast(t('conferees.added'));
      onDone();
      onClose();
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('http.systemError'));
    }
  };
  return (
    <form
      noValidate
      data-testid="conferee-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" variant="light">
            {serverError}
          </Alert>
        )}
        <MultiSelect
          label={t('conferees.people')}
          withAsterisk
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          data={options}
          value={userIds}
          onChange={(ids) => {
            const labels = { ...known };
            for (const o of options) labels[o.value] = o.label;
            setKnown(labels);
            setUserIds(ids);
          }}
          error={errors.userIds ? t(`conferees.errors.${errors.userIds}`) : undefined}
          comboboxProps={{ withinPortal: false }}
        />
        <KindChoices value={kinds} onChange={setKinds} error={errors.meetingKinds ? t(`conferees.errors.kinds`) : undefined} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
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
  const [kinds, setKinds] = useState<string[]>(row.meetingKinds);
  const [active, setActive] = useState(row.active);
  const [errors, setErrors] = useState<ConfereeErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useMutation({ mutationFn: () => manageConferee(row.userId, { meetingKinds: asKinds(kinds), active }) });
  const submit = async () => {
    const found = manageErrors({ meetingKinds: kinds });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync();
      showSuccessToast(t('conferees.saved'));
      onDone();
      onClose();
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('http.systemError'));
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" variant="light">
            {serverError}
          </Alert>
        )}
        <KindChoices value={kinds} onChange={setKinds} error={errors.meetingKinds ? t('conferees.errors.kinds') : undefined} />
        <Switch label={t('conferees.active')} description={t('conferees.activeHint')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
