import { Badge, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { MEETING_PERMISSIONS, MEETING_STATUSES, type MeetingStatus, type VotingMeetingKind } from '@app/workflow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DataTableSortStatus } from 'mantine-datatable';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Can, useCan } from '@/features/permissions/Can';
import { CreateMeetingModal } from './CreateMeetingModal';
import { downloadFile, today } from './download';
import { PAGE_SIZES, STATUS_COLORS } from './labels';
import { formatTime } from '@/lib/format';
import { MeetingStepButtons } from './MeetingStepButtons';
import { fetchMeetings, kindPath, meetingPaths, type MeetingListItem, type MeetingListParams } from './meetings-api';

export const meetingKeys = {
  all: (kind: VotingMeetingKind) => ['meetings', kind] as const,
  list: (kind: VotingMeetingKind, params: MeetingListParams) => ['meetings', kind, 'list', params] as const,
  detail: (kind: VotingMeetingKind, id: string) => ['meetings', kind, 'detail', id] as const,
};

interface Filters {
  title: string;
  status: MeetingStatus | null;
  from: string;
  to: string;
}
const EMPTY: Filters = { title: '', status: null, from: '', to: '' };

/** /meeting/zbMeetingList and /meeting/bsMeetingList: meetings of one kind, their steps, add, export. */
export function MeetingListPage({ kind }: { kind: VotingMeetingKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const perms = MEETING_PERMISSIONS[kind];
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [sort, setSort] = useState<DataTableSortStatus<MeetingListItem>>({ columnAccessor: 'heldAt', direction: 'desc' });
  const [creating, setCreating] = useState(false);
  const params: MeetingListParams = {
    pageNum: page,
    pageSize,
    title: filters.title || undefined,
    status: filters.status ?? undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    sort: String(sort.columnAccessor),
    order: sort.direction,
  };
  const meetings = useQuery({ queryKey: meetingKeys.list(kind, params), queryFn: () => fetchMeetings(kind, params), placeholderData: keepPreviousData });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setFilters({ ...draft, title: draft.title.trim() });
  };
  const openDetail = (id: string) => navigate(`/meeting/${kindPath(kind)}MeetingDetail/${id}`);
  const kindName = t(`meetings.kinds.${kind}`);

  return (
    <Stack p="md" data-testid={`meeting-list-${kindPath(kind)}`}>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={search}>
          <Group mb="md" gap="sm" align="flex-end">
            <TextInput
              label={t('meetings.columns.title')}
              placeholder={t('meetings.list.searchTitle')}
              leftSection={<IconSearch size={16} />}
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
              w={220}
            />
            <Select
              label={t('meetings.columns.status')}
              placeholder={t('meetings.list.allStatuses')}
              data={MEETING_STATUSES.map((s) => ({ value: s, label: t(`meetings.status.${s}`) }))}
              value={draft.status}
              onChange={(status) => setDraft({ ...draft, status: status as MeetingStatus | null })}
              clearable
              w={150}
            />
            <TextInput
              type="date"
              label={t('meetings.list.from')}
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
              w={160}
            />
            <TextInput type="date" label={t('meetings.list.to')} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} w={160} />
            <Button type="submit">{t('common.search')}</Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft(EMPTY);
                setFilters(EMPTY);
                setPage(1);
              }}
            >
              {t('common.reset')}
            </Button>
            <Group gap="sm" ml="auto">
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() =>
                  void downloadFile(meetingPaths.export(kind), `${kindName}-${today()}.xlsx`, { ...params, pageNum: undefined, pageSize: undefined })
                }
              >
                {t('meetings.list.export')}
              </Button>
              <Can perms={[perms.add]}>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="meeting-add">
                  {t('meetings.list.add')}
                </Button>
              </Can>
            </Group>
          </Group>
        </form>
        <AppDataTable<MeetingListItem>
          minHeight={meetings.data?.list.length ? undefined : 180}
          fetching={meetings.isFetching}
          records={meetings.data?.list ?? []}
          idAccessor="id"
          customRowAttributes={(m) => ({ 'data-testid': 'meeting-row', 'data-meeting-id': m.id, 'data-status': m.status })}
          totalRecords={meetings.data?.total ?? 0}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          sortStatus={sort}
          onSortStatusChange={(next) => {
            setSort(next);
            setPage(1);
          }}
          columns={[
            { accessor: 'title', title: t('meetings.columns.title'), sortable: true },
            { accessor: 'heldAt', title: t('meetings.columns.heldAt'), sortable: true, width: 160, render: (m) => formatTime(m.heldAt) },
            { accessor: 'place', title: t('meetings.columns.place') },
            {
              accessor: 'status',
              title: t('meetings.columns.status'),
              sortable: true,
              width: 100,
              render: (m) => (
                <Badge color={STATUS_COLORS[m.status]} variant="light">
                  {t(`meetings.status.${m.status}`)}
                </Badge>
              ),
            },
            {
              accessor: 'attendeeNames',
              title: t('meetings.columns.attendees'),
              render: (m) => (
                <Text size="sm" lineClamp={1} title={m.attendeeNames}>
                  {m.attendeeNames}
                </Text>
              ),
            },
            { accessor: 'loanCount', title: t('meetings.columns.loanCount'), width: 90, textAlign: 'right' },
            { accessor: 'minutesCount', title: t('meetings.columns.minutes'), width: 90, textAlign: 'right' },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 260,
              render: (m) => (
                <Group gap={4} wrap="nowrap">
                  {can([perms.detail]) && (
                    <Button size="compact-xs" variant="subtle" onClick={() => openDetail(m.id)} data-testid="meeting-open">
                      {t('meetings.list.detail')}
                    </Button>
                  )}
                  <MeetingStepButtons
                    kind={kind}
                    meeting={m}
                    steps={m.steps.filter((s) => s !== 'cancelAllocation')}
                    compact
                    onAllocate={() => openDetail(m.id)}
                  />
                </Group>
              ),
            },
          ]}
        />
      </Card>
      <CreateMeetingModal kind={kind} opened={creating} onClose={() => setCreating(false)} onCreated={(id) => openDetail(id)} />
    </Stack>
  );
}
