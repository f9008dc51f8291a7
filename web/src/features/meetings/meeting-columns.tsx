import { Badge, Button, Group, Text } from '@mantine/core';
import { MEETING_PERMISSIONS, type VotingMeetingKind } from '@app/workflow';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/features/permissions/Can';
import { formatTime } from '@/lib/format';
import { STATUS_COLORS } from './labels';
import { MeetingStepButtons } from './MeetingStepButtons';
import type { MeetingListItem } from './meetings-api';

/** The meeting list's columns; the actions: detail, and the steps the server offers (allocation opens the detail). */
export function useMeetingColumns(kind: VotingMeetingKind, openDetail: (id: string) => void): DataTableColumn<MeetingListItem>[] {
  const { t } = useTranslation();
  const can = useCan();
  const perms = MEETING_PERMISSIONS[kind];
  return [
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
          <MeetingStepButtons kind={kind} meeting={m} steps={m.steps.filter((s) => s !== 'cancelAllocation')} compact onAllocate={() => openDetail(m.id)} />
        </Group>
      ),
    },
  ];
}
