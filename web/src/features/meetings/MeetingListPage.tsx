import { Button, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { MEETING_PERMISSIONS, MEETING_STATUSES, type MeetingStatus, type VotingMeetingKind } from '@app/workflow';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Can } from '@/features/permissions/Can';
import { filterFormValues, filterParams, usePagedList, type ListFilters } from '@/lib/use-paged-list';
import { CreateMeetingModal } from './CreateMeetingModal';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from './labels';
import { useMeetingColumns } from './meeting-columns';
import { fetchMeetings, kindPath, meetingPaths, type MeetingListItem, type MeetingListParams } from './meetings-api';
import { meetingKeys } from './meetings-queries';
import { DayInput } from '@/lib/dates';

interface Filters extends Record<string, string | null> {
  title: string;
  status: MeetingStatus | null;
  from: string;
  to: string;
}
const EMPTY: Filters = { title: '', status: null, from: '', to: '' };
const FILTER_KEYS = ['title', 'status', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** /meeting/zbMeetingList and /meeting/bsMeetingList: meetings of one kind, their steps, add, export. */
export function MeetingListPage({ kind }: { kind: VotingMeetingKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const perms = MEETING_PERMISSIONS[kind];
  const [creating, setCreating] = useState(false);
  const kindName = t(`meetings.kinds.${kind}`);
  const list = usePagedList({
    queryKey: meetingKeys.list(kind),
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    defaultSort: { sort: 'heldAt', order: 'desc' },
    sortable: ['title', 'heldAt', 'status'],
    fetch: (query) => fetchMeetings(kind, query as MeetingListParams),
    exportRows: async (query) => void (await downloadFile(meetingPaths.export(kind), `${kindName}-${today()}.xlsx`, query)),
  });
  const openDetail = (id: string) => navigate(`/meeting/${kindPath(kind)}MeetingDetail/${id}`);
  const columns = useMeetingColumns(kind, openDetail);

  return (
    <Stack p="md" data-testid={`meeting-list-${kindPath(kind)}`}>
      <Card withBorder radius="md" padding="lg">
        <MeetingFilterForm key={JSON.stringify(list.filters)} applied={list.filters} onSearch={list.search} onReset={list.reset}>
          <Group gap="sm" ml="auto">
            <Button variant="light" leftSection={<IconDownload size={16} />} loading={list.exporting} onClick={() => void list.exportList()}>
              {t('meetings.list.export')}
            </Button>
            <Can perms={[perms.add]}>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="meeting-add">
                {t('meetings.list.add')}
              </Button>
            </Can>
          </Group>
        </MeetingFilterForm>
        <AppDataTable<MeetingListItem>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="id"
          customRowAttributes={(m) => ({ 'data-testid': 'meeting-row', 'data-meeting-id': m.id, 'data-status': m.status })}
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          columns={columns}
        />
      </Card>
      <CreateMeetingModal kind={kind} opened={creating} onClose={() => setCreating(false)} onCreated={(id) => openDetail(id)} />
    </Stack>
  );
}

/** The meeting filters (title, status, held between); `children`: the buttons beside them. */
function MeetingFilterForm({
  applied,
  onSearch,
  onReset,
  children,
}: {
  applied: ListFilters<FilterKey>;
  onSearch: (filters: ListFilters<FilterKey>) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<Filters>({ mode: 'controlled', initialValues: filterFormValues(EMPTY, applied) });
  return (
    <form onSubmit={form.onSubmit((values) => onSearch(filterParams(values)))}>
      <Group mb="md" gap="sm" align="flex-end">
        <TextInput
          label={t('meetings.columns.title')}
          placeholder={t('meetings.list.searchTitle')}
          leftSection={<IconSearch size={16} />}
          w={220}
          {...form.getInputProps('title')}
        />
        <Select
          label={t('meetings.columns.status')}
          placeholder={t('meetings.list.allStatuses')}
          data={MEETING_STATUSES.map((s) => ({ value: s, label: t(`meetings.status.${s}`) }))}
          clearable
          w={150}
          {...form.getInputProps('status')}
        />
        <DayInput label={t('meetings.list.from')} w={160} data-field="from" {...form.getInputProps('from')} />
        <DayInput label={t('meetings.list.to')} w={160} data-field="to" {...form.getInputProps('to')} />
        <Button type="submit">{t('common.search')}</Button>
        <Button
          variant="default"
          onClick={() => {
            form.setValues(EMPTY);
            onReset();
          }}
        >
          {t('common.reset')}
        </Button>
        {children}
      </Group>
    </form>
  );
}
