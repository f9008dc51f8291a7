import { Badge, Button, Card, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { YS_MEETING_PERMISSIONS } from '@app/workflow';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';
import { filterFormValues, filterParams, usePagedList } from '@/lib/use-paged-list';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from './labels';
import { formatAmount, formatTime } from '@/lib/format';
import { fetchSessions, type SessionItem } from './meetings-api';
import { meetingKeys, useInvalidateYsList, useYsSession } from './meetings-queries';
import { MinutesPanel } from './MinutesPanel';
import { DayInput } from '@/lib/dates';

const DECISION_COLORS = { EXAMINE_PASS: 'teal', EXAMINE_FAIL: 'red', RETURN: 'orange' } as const;

/**
 * /meeting/ysMeetingList: pre-review meetings. There is no pre-review vote: each loan is approved,
 * rejected or returned on its own; a session is a day of such decisions, kept with its minutes.
 */
export default function YsMeetingListPage() {
  const { t } = useTranslation();
  const [openDay, setOpenDay] = useState<string | null>(null);
  // Sessions sort by day only: the server takes the order alone.
  const list = usePagedList({
    queryKey: meetingKeys.ysList,
    filterKeys: ['from', 'to'] as const,
    pageSizes: PAGE_SIZES,
    defaultSort: { sort: 'day', order: 'desc' },
    sortable: ['day'],
    fetch: ({ sort: _sort, ...query }) => fetchSessions(query),
    exportRows: async ({ sort: _sort, ...query }) => void (await downloadFile('/meetings/ys/export', `${t('meetings.kinds.YS')}-${today()}.xlsx`, query)),
  });
  const form = useForm({ mode: 'controlled', initialValues: filterFormValues({ from: '', to: '' }, list.filters) });

  return (
    <Stack p="md" data-testid="ys-meeting-list">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={form.onSubmit((values) => list.search(filterParams(values)))}>
          <Group mb="md" gap="sm" align="flex-end">
            <DayInput label={t('meetings.list.from')} w={170} data-field="from" {...form.getInputProps('from')} />
            <DayInput label={t('meetings.list.to')} w={170} data-field="to" {...form.getInputProps('to')} />
            <Button type="submit">{t('common.search')}</Button>
            <Button
              variant="default"
              onClick={() => {
                form.setValues({ from: '', to: '' });
                list.reset();
              }}
            >
              {t('common.reset')}
            </Button>
            <Button variant="light" ml="auto" leftSection={<IconDownload size={16} />} loading={list.exporting} onClick={() => void list.exportList()}>
              {t('meetings.list.export')}
            </Button>
          </Group>
        </form>
        <AppDataTable<SessionItem>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="day"
          customRowAttributes={(s) => ({ 'data-testid': 'ys-row', 'data-day': s.day })}
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          columns={[
            { accessor: 'day', title: t('meetings.ys.columns.day'), sortable: true, width: 130 },
            { accessor: 'loanCount', title: t('meetings.ys.columns.loanCount'), width: 90, textAlign: 'right' },
            { accessor: 'approved', title: t('meetings.ys.columns.approved'), width: 80, textAlign: 'right' },
            { accessor: 'rejected', title: t('meetings.ys.columns.rejected'), width: 80, textAlign: 'right' },
            { accessor: 'returned', title: t('meetings.ys.columns.returned'), width: 80, textAlign: 'right' },
            { accessor: 'approvers', title: t('meetings.ys.columns.approvers') },
            { accessor: 'minutesCount', title: t('meetings.columns.minutes'), width: 90, textAlign: 'right' },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 90,
              render: (s) => (
                <Button size="compact-xs" variant="subtle" onClick={() => setOpenDay(s.day)} data-testid="ys-open">
                  {t('meetings.list.detail')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Drawer
        opened={openDay !== null}
        onClose={() => setOpenDay(null)}
        position="right"
        size="xl"
        title={openDay ? t('meetings.ys.drawerTitle', { day: openDay }) : ''}
      >
        {openDay && <SessionView day={openDay} />}
      </Drawer>
    </Stack>
  );
}

function SessionView({ day }: { day: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const invalidateList = useInvalidateYsList();
  const session = useYsSession(day);
  if (!session.data) return null;
  const s = session.data;
  return (
    <Stack gap="md" data-testid="ys-session">
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="xs">
          {t('meetings.ys.decisions')}
        </Text>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('meetings.detail.company')}</Table.Th>
              <Table.Th>{t('meetings.detail.amount')}</Table.Th>
              <Table.Th>{t('meetings.ys.decision')}</Table.Th>
              <Table.Th>{t('meetings.ys.approver')}</Table.Th>
              <Table.Th>{t('meetings.ys.reason')}</Table.Th>
              <Table.Th>{t('meetings.votes.time')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.decisions.map((d, i) => (
              <Table.Tr key={`${d.loanId}-${i}`}>
                <Table.Td>{d.companyName}</Table.Td>
                <Table.Td>{formatAmount(d.amount)}</Table.Td>
                <Table.Td>
                  <Badge color={DECISION_COLORS[d.decision]} variant="light">
                    {pick(d.decisionLabel, lang)}
                  </Badge>
                </Table.Td>
                <Table.Td>{d.approverName}</Table.Td>
                <Table.Td>{d.reason}</Table.Td>
                <Table.Td>{formatTime(d.at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <MinutesPanel
        owner={{ kind: 'YS', day }}
        title={s.title}
        files={s.minutes}
        uploadPerm={YS_MEETING_PERMISSIONS.uploadMinutes}
        exportPerm={YS_MEETING_PERMISSIONS.exportMinutes}
        onChanged={() => {
          void session.refetch();
          void invalidateList();
        }}
      />
    </Stack>
  );
}
