import { Anchor, Badge, Button, Card, Center, Grid, Group, Loader, Radio, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconFileSearch } from '@tabler/icons-react';
import { MEETING_EVENTS, VOTE_COMMENT_MAX, VOTE_OPINIONS, VOTE_PERMISSIONS, type VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { StatusPage } from '@/ui/StatusPage';
import { pick, useLang } from '@/i18n/use-lang';
import { Can, useCan } from '@/features/permissions/Can';
import { OPINION_COLORS, RESULT_COLORS, STATUS_COLORS } from './labels';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { formatAmount, formatTime } from '@/lib/format';
import { kindPath, type VoteItemDetail } from './meetings-api';
import { useCastVote, useVoteItem } from './meetings-queries';
import { voteErrors, votePayload, type VoteValues } from './vote-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /process/zbMeetingVoteDetail/:encryptId (an agenda item: one loan on one meeting) and the BS twin. */
export function VoteDetailPage({ kind }: { kind: VotingMeetingKind }) {
  const { t } = useTranslation();
  const { encryptId = '' } = useParams();
  const itemId = encryptId.trim();
  const valid = UUID.test(itemId);
  const item = useVoteItem(kind, itemId, valid);
  if (!valid || (item.error instanceof ApiError && item.error.status === 404)) {
    return (
      <StatusPage
        testId="vote-not-found"
        icon={<IconFileSearch size={36} />}
        title={t('meetings.vote.detail.notFound')}
        description={itemId}
        back={t('common.notFound.back')}
      />
    );
  }
  if (!item.data) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }
  return <VoteView kind={kind} item={item.data} reload={() => item.refetch().then((r) => r.data)} />;
}

function VoteView({ kind, item, reload }: { kind: VotingMeetingKind; item: VoteItemDetail; reload: () => Promise<VoteItemDetail | undefined> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const perms = VOTE_PERMISSIONS[kind];
  const { meeting, loan } = item;
  const mayVote = item.workflow.legalActions.some((a) => a.type === MEETING_EVENTS[kind].vote) && can([perms.vote]);
  const result = item.outcome?.result ?? 'NOT_STARTED';

  return (
    <Stack p="md" gap="md" data-testid="vote-detail" data-result={result}>
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} />}
          onClick={() => navigate(`/process/${kindPath(kind)}MeetingVoteList`)}
        >
          {t('meetings.vote.detail.back')}
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="lg">
              <Group justify="space-between" mb="sm">
                <Title order={4} data-testid="vote-company">
                  {loan.companyName}
                </Title>
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
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            {mayVote ? (
              <VoteForm kind={kind} item={item} reload={reload} />
            ) : (
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
            )}
            <Card withBorder radius="md" padding="lg">
              <Title order={5} mb="sm">
                {t('meetings.columns.attendees')}
              </Title>
              <Table withTableBorder>
                <Table.Tbody>
                  {item.attendees.map((a) => (
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
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
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

/**
 * The vote: an opinion and an optional comment, sent once as the loan's CAST_VOTE event. Another
 * attendee voting at the same moment moves the loan's version: the vote is then sent again on the
 * new version (votes of different attendees do not conflict). A refusal (second vote, not an
 * attendee) is shown as the server words it.
 */
function VoteForm({ kind, item, reload }: { kind: VotingMeetingKind; item: VoteItemDetail; reload: () => Promise<VoteItemDetail | undefined> }) {
  const { t } = useTranslation();
  const castVote = useCastVote(kind);
  const { form, values, formError, submitting, onSubmit } = useAppForm<VoteValues>({
    initialValues: { opinion: null, comment: '' },
    validate: (next) => {
      const errors = voteErrors(next);
      return {
        opinion: errors.opinion ? t('meetings.vote.errors.opinion') : undefined,
        comment: errors.comment ? t('meetings.vote.errors.commentTooLong', { max: VOTE_COMMENT_MAX }) : undefined,
      };
    },
    submit: async (next) => {
      await castVote.mutateAsync({ item, payload: votePayload(item.meeting.id, next), reload });
      showSuccessToast(t('meetings.vote.detail.success'));
      await reload();
    },
    // The refusal may come from a change made elsewhere (meeting closed): show the item as it now stands.
    onRefused: () => void reload(),
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate data-testid="vote-form" onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={5}>{t('meetings.vote.detail.castTitle')}</Title>
          <FormErrorAlert message={formError} testId="vote-refused" />
          <Radio.Group label={t('meetings.votes.opinion')} withAsterisk {...form.getInputProps('opinion')}>
            <Group mt="xs">
              {VOTE_OPINIONS.map((o) => (
                <Radio key={o} value={o} label={t(`meetings.opinions.${o}`)} data-testid={`opinion-${o}`} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label={t('meetings.votes.comment')}
            name="comment"
            rows={3}
            {...form.getInputProps('comment')}
            description={`${values.comment.trim().length}/${VOTE_COMMENT_MAX}`}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting} data-testid="vote-submit">
              {t('meetings.vote.detail.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
