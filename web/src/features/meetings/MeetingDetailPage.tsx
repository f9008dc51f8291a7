import { Center, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileSearch } from '@tabler/icons-react';
import { MEETING_PERMISSIONS, type VotingMeetingKind } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { StatusPage } from '@/ui/StatusPage';
import { useCan } from '@/features/permissions/Can';
import { AgendaCard } from './AgendaCard';
import { AllocateModal } from './AllocateModal';
import { MeetingFacts } from './MeetingFacts';
import type { AgendaRow, MeetingDetail } from './meetings-api';
import { useCancelAllocation, useInvalidateMeetings, useMeeting } from './meetings-queries';
import { MinutesPanel } from './MinutesPanel';
import { ResolutionModal } from './ResolutionModal';
import { VoteDetailsCard } from './VoteDetailsCard';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /meeting/zbMeetingDetail/:encryptId and the review-committee twin. */
export function MeetingDetailPage({ kind }: { kind: VotingMeetingKind }) {
  const { t } = useTranslation();
  const { encryptId = '' } = useParams();
  const id = encryptId.trim();
  const valid = UUID.test(id);
  const meeting = useMeeting(kind, id, valid);

  if (!valid || (meeting.error instanceof ApiError && meeting.error.status === 404)) {
    return (
      <StatusPage
        testId="meeting-not-found"
        icon={<IconFileSearch size={36} />}
        title={t('meetings.detail.notFound')}
        description={id}
        back={t('common.notFound.back')}
      />
    );
  }
  if (!meeting.data) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }
  return <MeetingView kind={kind} meeting={meeting.data} reload={() => void meeting.refetch()} />;
}

function MeetingView({ kind, meeting, reload }: { kind: VotingMeetingKind; meeting: MeetingDetail; reload: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const invalidateMeetings = useInvalidateMeetings(kind);
  const perms = MEETING_PERMISSIONS[kind];
  const [allocating, setAllocating] = useState(false);
  const [resolving, setResolving] = useState<AgendaRow | null>(null);
  const refresh = () => {
    reload();
    void invalidateMeetings();
  };
  const unallocate = useCancelAllocation(kind, meeting.id, () => {
    showSuccessToast(t('meetings.stepDone.cancelAllocation'));
    refresh();
  });
  const confirmUnallocate = (row: AgendaRow) =>
    modals.openConfirmModal({
      title: t('meetings.steps.cancelAllocation'),
      centered: true,
      children: <Text size="sm">{t('meetings.confirm.cancelAllocation', { company: row.companyName })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      onConfirm: () => unallocate.mutate(row.loanId),
    });
  const showVotes = meeting.status !== 'PREPARATION' && can([perms.voteDetail]);

  return (
    <Stack p="md" gap="md" data-testid="meeting-detail" data-status={meeting.status}>
      <MeetingFacts kind={kind} meeting={meeting} onAllocate={() => setAllocating(true)} />

      <AgendaCard meeting={meeting} onCancelAllocation={confirmUnallocate} onResolve={setResolving} />

      {showVotes && <VoteDetailsCard kind={kind} meetingId={meeting.id} status={meeting.status} />}

      <MinutesPanel
        owner={{ kind, id: meeting.id }}
        title={meeting.title}
        files={meeting.minutes}
        uploadPerm={perms.uploadMinutes}
        exportPerm={perms.exportMinutes}
        onChanged={refresh}
      />

      <AllocateModal kind={kind} meeting={meeting} opened={allocating} onClose={() => setAllocating(false)} onDone={refresh} />
      <ResolutionModal kind={kind} meetingId={meeting.id} row={resolving} onClose={() => setResolving(null)} onDone={refresh} />
    </Stack>
  );
}
