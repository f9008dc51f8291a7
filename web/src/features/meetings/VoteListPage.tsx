import { Badge, Button, Card, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { VOTE_PERMISSIONS, type VotingMeetingKind } from '@app/workflow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/features/permissions/Can';
import { downloadFile, today } from './download';
import { OPINION_COLORS, PAGE_SIZES, RESULT_COLORS, STATUS_COLORS } from './labels';
import { formatAmount, formatTime } from '@/lib/format';
import { fetchVoteList, kindPath, type VoteListItem } from './meetings-api';

type StatusFilter = 'ALL' | 'START' | 'END';

/** /process/zbMeetingVoteList and /process/bsMeetingVoteList: the loans on the meetings I attend. */
export function VoteListPage({ kind }: { kind: VotingMeetingKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const perms = VOTE_PERMISSIONS[kind];
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [draft, setDraft] = useState('');
  const [company, setCompany] = useState('');
  const params = { pageNum: page, pageSize, status: status === 'ALL' ? undefined : status, company: company || undefined };
  const rows = useQuery({
    queryKey: ['votes', kind, 'list', params],
    queryFn: () => fetchVoteList(kind, params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setCompany(draft.trim());
  };
  const open = (row: VoteListItem) => navigate(`/process/${kindPath(kind)}MeetingVoteDetail/${row.itemId}`);

  return (
    <Stack p="md" data-testid={`vote-list-${kindPath(kind)}`}>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={search}>
          <Group mb="md" gap="sm">
            <SegmentedControl
              value={status}
              onChange={(v) => {
                setStatus(v as StatusFilter);
                setPage(1);
              }}
              data={[
                { value: 'ALL', label: t('meetings.vote.list.all') },
                { value: 'START', label: t('meetings.status.START') },
                { value: 'END', label: t('meetings.status.END') },
              ]}
            />
            <TextInput
              placeholder={t('meetings.vote.list.searchCompany')}
              leftSection={<IconSearch size={16} />}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              w={240}
            />
            <Button type="submit">{t('common.search')}</Button>
            <Button
              variant="light"
              ml="auto"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                void downloadFile(`/votes/${kindPath(kind)}/export`, `${t(`meetings.vote.list.exportName.${kind}`)}-${today()}.xlsx`, {
                  status: params.status,
                  company: params.company,
                })
              }
            >
              {t('meetings.list.export')}
            </Button>
          </Group>
        </form>
        <AppDataTable<VoteListItem>
          minHeight={rows.data?.list.length ? undefined : 180}
          fetching={rows.isFetching}
          records={rows.data?.list ?? []}
          idAccessor="itemId"
          customRowAttributes={(r) => ({ 'data-testid': 'vote-row', 'data-loan-id': r.loanId, 'data-meeting-id': r.meetingId })}
          noRecordsText={t('meetings.vote.list.empty')}
          totalRecords={rows.data?.total ?? 0}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          columns={[
            { accessor: 'meetingTitle', title: t('meetings.vote.list.columns.meeting') },
            { accessor: 'heldAt', title: t('meetings.columns.heldAt'), width: 150, render: (r) => formatTime(r.heldAt) },
            {
              accessor: 'meetingStatus',
              title: t('meetings.columns.status'),
              width: 90,
              render: (r) => (
                <Badge color={STATUS_COLORS[r.meetingStatus]} variant="light">
                  {t(`meetings.status.${r.meetingStatus}`)}
                </Badge>
              ),
            },
            { accessor: 'companyName', title: t('meetings.detail.company') },
            { accessor: 'amount', title: t('meetings.detail.amount'), textAlign: 'right', render: (r) => formatAmount(r.amount) },
            { accessor: 'termMonths', title: t('meetings.detail.term'), width: 90, render: (r) => t('meetings.detail.months', { n: r.termMonths }) },
            {
              accessor: 'myVote',
              title: t('meetings.vote.list.columns.myVote'),
              width: 100,
              render: (r) =>
                r.myVote ? (
                  <Badge color={OPINION_COLORS[r.myVote.opinion]} variant="light">
                    {t(`meetings.opinions.${r.myVote.opinion}`)}
                  </Badge>
                ) : (
                  t('meetings.votes.notVoted')
                ),
            },
            {
              accessor: 'outcome',
              title: t('meetings.detail.result'),
              width: 100,
              render: (r) => (
                <Badge color={RESULT_COLORS[r.outcome?.result ?? 'NOT_STARTED']} variant="light" data-testid="vote-row-result">
                  {t(`meetings.results.${r.outcome?.result ?? 'NOT_STARTED'}`)}
                </Badge>
              ),
            },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 100,
              render: (r) =>
                r.canVote && can([perms.vote]) ? (
                  <Button size="compact-xs" onClick={() => open(r)} data-testid="vote-open">
                    {t('meetings.vote.list.vote')}
                  </Button>
                ) : can([perms.detail]) ? (
                  <Button size="compact-xs" variant="subtle" onClick={() => open(r)} data-testid="vote-view">
                    {t('meetings.vote.list.view')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
