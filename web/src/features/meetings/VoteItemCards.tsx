import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { VOTE_PERMISSIONS, type VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pick, useLang } from '@/i18n/use-lang';
import { Can } from '@/features/permissions/Can';
import { formatAmount, formatTime } from '@/lib/format';
import { CompensationMark } from './CompensationMark';
import { OPINION_COLORS, RESULT_COLORS, STATUS_COLORS } from './labels';
import type { VoteItemDetail } from './meetings-api';

/** The parts of an agenda item's page (VoteDetailPage): the loan, its meeting, my vote, the attendees. */

/** The loan on the agenda: company and result, its figures, and the reports to read before voting. */
export function VoteLoanCard({ kind, item }: { kind: VotingMeetingKind; item: VoteItemDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const perms = VOTE_PERMISSIONS[kind];
  const { loan } = item;
  const result = item.outcome?.result ?? 'NOT_STARTED';
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Stack gap={2}>
          <Title order={4} data-testid="vote-company">
            {loan.companyName}
          </Title>
          <CompensationMark totalFen={loan.compensationTotalFen} />
        </Stack>
        <Badge color={RESULT_COLORS[result]} size="lg" data-testid="vote-result">
          {t(`meetings.results.${result}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={2} spacing="xs">
        <Fact label={t('meetings.vote.detail.creditCode')} value={loan.creditCode} />
        <Fact label={t('meetings.detail.amount')} value={formatAmount(loan.amount)} />
        <Fact label={t('meetings.detail.term')} value={t('meetings.detail.months', { n: loan.termMonths })} />
        <Fact label={t('meetings.vote.detail.bank')} value={loan.bank ?? ''} />
        <Fact label={t('meetings.vote.detail.loanType')} value={loan.loanType ?? ''} />
        <Fact label={t('meetings.vote.detail.officer')} value={loan.aPostOfficerName ?? ''} />
        <Fact label={t('meetings.detail.step')} value={pick(item.workflow.statusLabels.step, lang)} />
      </SimpleGrid>
      <Group gap="md" mt="md">
        <Text size="sm" c="dimmed">
          {t('meetings.vote.detail.reports')}
        </Text>
        <Can perms={kind === 'ZB' ? perms.previews : [perms.previews[0]]}>
          <Anchor component={Link} to={`/detail/viewReport?id=${loan.id}`} size="sm" data-testid="report-a">
            {t(kind === 'ZB' ? 'meetings.vote.detail.report' : 'meetings.vote.detail.reportA')}
          </Anchor>
        </Can>
        {kind === 'BS' && (
          <Can perms={[perms.previews[1]]}>
            <Anchor component={Link} to={`/detail/viewReportB/${loan.id}`} size="sm" data-testid="report-b">
              {t('meetings.vote.detail.reportB')}
            </Anchor>
          </Can>
        )}
      </Group>
    </Card>
  );
}

export function VoteMeetingCard({ meeting }: { meeting: VoteItemDetail['meeting'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={5} mb="sm">
        {t('meetings.vote.detail.meeting')}
      </Title>
      <SimpleGrid cols={2} spacing="xs">
        <Fact label={t('meetings.columns.title')} value={meeting.title} />
        <Fact label={t('meetings.columns.status')} value={t(`meetings.status.${meeting.status}`)} color={STATUS_COLORS[meeting.status]} />
        <Fact label={t('meetings.columns.heldAt')} value={formatTime(meeting.heldAt)} />
        <Fact label={t('meetings.columns.place')} value={meeting.place} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="sm">
        {t('meetings.detail.rule')}：{pick(meeting.ruleText, lang)}
      </Text>
    </Card>
  );
}

/** My vote as cast, or why there is none (not an attendee, not voting yet, closed). */
export function MyVoteCard({ item }: { item: VoteItemDetail }) {
  const { t } = useTranslation();
  const { meeting } = item;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="vote-state">
      <Title order={5} mb="xs">
        {t('meetings.vote.detail.myVote')}
      </Title>
      {item.myVote?.opinion ? (
        <Stack gap={4}>
          <Badge color={OPINION_COLORS[item.myVote.opinion]} size="lg" data-testid="my-vote">
            {t(`meetings.opinions.${item.myVote.opinion}`)}
          </Badge>
          {item.myVote.comment && <Text size="sm">{item.myVote.comment}</Text>}
          <Text size="xs" c="dimmed">
            {formatTime(item.myVote.at)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {!item.isAttendee
            ? t('meetings.vote.detail.notAttendee')
            : meeting.status === 'START'
              ? t('meetings.vote.detail.notVoting')
              : t('meetings.vote.detail.closed')}
        </Text>
      )}
    </Card>
  );
}

/** Every attendee with the opinion the server lets me see. */
export function VoteAttendeesCard({ attendees }: { attendees: VoteItemDetail['attendees'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={5} mb="sm">
        {t('meetings.columns.attendees')}
      </Title>
      <Table withTableBorder>
        <Table.Tbody>
          {attendees.map((a) => (
            <Table.Tr key={a.id} data-testid="vote-attendee">
              <Table.Td>{a.nickname}</Table.Td>
              <Table.Td>
                {a.opinion ? (
                  <Badge color={OPINION_COLORS[a.opinion]} variant="light">
                    {t(`meetings.opinions.${a.opinion}`)}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    {a.voted ? t('meetings.vote.detail.votedHidden') : t('meetings.votes.notVoted')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{a.comment}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function Fact({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" miw={70}>
        {label}
      </Text>
      <Text size="sm" c={color}>
        {value || '—'}
      </Text>
    </Group>
  );
}
