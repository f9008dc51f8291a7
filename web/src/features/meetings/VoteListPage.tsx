import { Button, Card, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import type { VotingMeetingKind } from '@app/workflow';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { filterParams, usePagedList } from '@/lib/use-paged-list';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from './labels';
import { fetchVoteList, kindPath, votePaths, type VoteListItem } from './meetings-api';
import { voteKeys } from './meetings-queries';
import { useVoteColumns } from './vote-columns';

type StatusFilter = 'ALL' | 'START' | 'END';
type VoteQuery = Parameters<typeof fetchVoteList>[1];

/** /process/zbMeetingVoteList and /process/bsMeetingVoteList: the loans on the meetings I attend. */
export function VoteListPage({ kind }: { kind: VotingMeetingKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList({
    queryKey: voteKeys.list(kind),
    filterKeys: ['status', 'company'] as const,
    pageSizes: PAGE_SIZES,
    fetch: (query) => fetchVoteList(kind, query as VoteQuery),
    exportRows: async (query) => void (await downloadFile(votePaths.export(kind), `${t(`meetings.vote.list.exportName.${kind}`)}-${today()}.xlsx`, query)),
  });
  const status: StatusFilter = list.filters.status === 'START' || list.filters.status === 'END' ? list.filters.status : 'ALL';
  // The company search is typed, then applied; the status applies at once.
  const form = useForm({ mode: 'controlled', initialValues: { company: list.filters.company ?? '' } });
  const apply = (next: { status: StatusFilter; company: string }) =>
    list.search(filterParams({ status: next.status === 'ALL' ? null : next.status, company: next.company }));
  const open = (row: VoteListItem) => navigate(`/process/${kindPath(kind)}MeetingVoteDetail/${row.itemId}`);
  const columns = useVoteColumns(kind, open);

  return (
    <Stack p="md" data-testid={`vote-list-${kindPath(kind)}`}>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={form.onSubmit((values) => apply({ status, company: values.company }))}>
          <Group mb="md" gap="sm">
            <SegmentedControl
              value={status}
              onChange={(v) => apply({ status: v as StatusFilter, company: form.values.company })}
              data={[
                { value: 'ALL', label: t('meetings.vote.list.all') },
                { value: 'START', label: t('meetings.status.START') },
                { value: 'END', label: t('meetings.status.END') },
              ]}
            />
            <TextInput placeholder={t('meetings.vote.list.searchCompany')} leftSection={<IconSearch size={16} />} w={240} {...form.getInputProps('company')} />
            <Button type="submit">{t('common.search')}</Button>
            <Button variant="light" ml="auto" leftSection={<IconDownload size={16} />} loading={list.exporting} onClick={() => void list.exportList()}>
              {t('meetings.list.export')}
            </Button>
          </Group>
        </form>
        <AppDataTable<VoteListItem>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="itemId"
          customRowAttributes={(r) => ({ 'data-testid': 'vote-row', 'data-loan-id': r.loanId, 'data-meeting-id': r.meetingId })}
          noRecordsText={t('meetings.vote.list.empty')}
          {...list.table}
          columns={columns}
        />
      </Card>
    </Stack>
  );
}
