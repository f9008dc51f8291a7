import { Badge, Button, Stack, Text } from '@mantine/core';
import { VOTE_PERMISSIONS, type VotingMeetingKind } from '@app/workflow';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/features/permissions/Can';
import { formatAmount, formatTime } from '@/lib/format';
import { CompensationMark } from './CompensationMark';
import { OPINION_COLORS, RESULT_COLORS, STATUS_COLORS } from './labels';
import type { VoteListItem } from './meetings-api';

/** The vote list's columns; the action: vote (when it is open to me) or view. */
export function useVoteColumns(kind: VotingMeetingKind, open: (row: VoteListItem) => void): DataTableColumn<VoteListItem>[] {
  const { t } = useTranslation();
  const can = useCan();
  const perms = VOTE_PERMISSIONS[kind];
  return [
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
    {
      accessor: 'companyName',
      title: t('meetings.detail.company'),
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm">{r.companyName}</Text>
          <CompensationMark totalFen={r.compensationTotalFen} />
        </Stack>
      ),
    },
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
  ];
}
