import { Button, Center, Grid, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft, IconFileSearch } from '@tabler/icons-react';
import { MEETING_EVENTS, VOTE_PERMISSIONS, type VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { StatusPage } from '@/ui/StatusPage';
import { useCan } from '@/features/permissions/Can';
import { kindPath, type VoteItemDetail } from './meetings-api';
import { useVoteItem } from './meetings-queries';
import { VoteForm } from './VoteForm';
import { MyVoteCard, VoteAttendeesCard, VoteLoanCard, VoteMeetingCard } from './VoteItemCards';

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
  const can = useCan();
  const navigate = useNavigate();
  const perms = VOTE_PERMISSIONS[kind];
  const { meeting } = item;
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
            <VoteLoanCard kind={kind} item={item} />
            <VoteMeetingCard meeting={meeting} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            {mayVote ? <VoteForm kind={kind} item={item} reload={reload} /> : <MyVoteCard item={item} />}
            <VoteAttendeesCard attendees={item.attendees} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
