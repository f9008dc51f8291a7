import { Anchor, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconFileSearch } from '@tabler/icons-react';
import { MEETING_PERMISSIONS, type VotingMeetingKind } from '@app/workflow';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { StatusPage } from '@/ui/StatusPage';
import { pick, useLang } from '@/i18n/use-lang';
import { useCan } from '@/features/permissions/Can';
import { AllocateModal } from './AllocateModal';
import { OPINION_COLORS, RESULT_COLORS, STATUS_COLORS } from './labels';
import { formatAmount, formatTime } from '@/lib/format';
import { MeetingStepButtons } from './MeetingStepButtons';
import { kindPath, type AgendaRow, type MeetingDetail } from './meetings-api';
import { useCancelAllocation, useInvalidateMeetings, useMeeting, useVoteDetails } from './meetings-queries';
import { MinutesPanel } from './MinutesPanel';
import { ResolutionModal } from './ResolutionModal';

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
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
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
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconArrowLeft size={14} />}
                onClick={() => navigate(`/meeting/${kindPath(kind)}MeetingList`)}
              >
                {t('meetings.detail.back')}
              </Button>
              <Badge variant="outline">{pick(meeting.kindLabel, lang)}</Badge>
              <Badge color={STATUS_COLORS[meeting.status]} data-testid="meeting-status">
                {t(`meetings.status.${meeting.status}`)}
              </Badge>
            </Group>
            <Title order={3} data-testid="meeting-title">
              {meeting.title}
            </Title>
          </Stack>
          <MeetingStepButtons
            kind={kind}
            meeting={meeting}
            steps={meeting.steps.filter((s) => s !== 'cancelAllocation')}
            onAllocate={() => setAllocating(true)}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }} mt="md" spacing="xs">
          <Fact label={t('meetings.columns.heldAt')} value={formatTime(meeting.heldAt)} />
          <Fact label={t('meetings.columns.place')} value={meeting.place} />
          <Fact label={t('meetings.detail.createdBy')} value={meeting.createdByName ?? ''} />
          <Fact label={t('meetings.columns.attendees')} value={meeting.attendees.map((a) => a.nickname).join('、')} />
          <Fact label={t('meetings.detail.rule')} value={pick(meeting.ruleText, lang)} span />
        </SimpleGrid>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Title order={5} mb="sm">
          {t('meetings.detail.agenda')}
        </Title>
        <AppDataTable<AgendaRow>
          minHeight={meeting.loans.length ? undefined : 120}
          records={meeting.loans}
          idAccessor="itemId"
          customRowAttributes={(r) => ({ 'data-testid': 'agenda-row', 'data-loan-id': r.loanId, 'data-result': r.outcome?.result ?? '' })}
          noRecordsText={t('meetings.detail.noLoans')}
          columns={[
            {
              accessor: 'companyName',
              title: t('meetings.detail.company'),
              render: (r) => (
                <Anchor component={Link} to={`/company/node/${r.loanId}`} size="sm">
                  {r.companyName}
                </Anchor>
              ),
            },
            { accessor: 'amount', title: t('meetings.detail.amount'), textAlign: 'right', render: (r) => formatAmount(r.amount) },
            { accessor: 'termMonths', title: t('meetings.detail.term'), width: 90, render: (r) => t('meetings.detail.months', { n: r.termMonths }) },
            {
              accessor: 'step',
              title: t('meetings.detail.step'),
              render: (r) => (
                <Text size="sm" c={r.onMeeting ? undefined : 'dimmed'}>
                  {pick(r.step, lang)}
                  {!r.onMeeting && ` (${t('meetings.detail.left')})`}
                </Text>
              ),
            },
            {
              accessor: 'voteCount',
              title: t('meetings.detail.votes'),
              width: 90,
              render: (r) => `${r.voteCount}/${meeting.attendees.length}`,
            },
            {
              accessor: 'outcome',
              title: t('meetings.detail.result'),
              width: 110,
              render: (r) => (
                <Badge color={RESULT_COLORS[r.outcome?.result ?? 'NOT_STARTED']} variant="light" data-testid="agenda-result">
                  {t(`meetings.results.${r.outcome?.result ?? 'NOT_STARTED'}`)}
                </Badge>
              ),
            },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 170,
              render: (r) => (
                <Group gap={4} wrap="nowrap">
                  {r.canCancelAllocation && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmUnallocate(r)} data-testid="agenda-cancel-allocation">
                      {t('meetings.steps.cancelAllocation')}
                    </Button>
                  )}
                  {r.legalActions.length > 0 && (
                    <Button size="compact-xs" variant="light" color="yellow" onClick={() => setResolving(r)} data-testid="agenda-resolution">
                      {t('meetings.resolution.title')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Card>

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

function Fact({ label, value, span = false }: { label: string; value: string; span?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" style={span ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="sm" c="dimmed" miw={80}>
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </Group>
  );
}

/** Vote details: per loan, every attendee's opinion, comment and time. */
function VoteDetailsCard({ kind, meetingId, status }: { kind: VotingMeetingKind; meetingId: string; status: string }) {
  const { t } = useTranslation();
  const votes = useVoteDetails(kind, meetingId, status);
  if (!votes.data) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="vote-details">
      <Title order={5} mb="sm">
        {t('meetings.votes.title')}
      </Title>
      <Stack gap="md">
        {votes.data.loans.map((loan) => (
          <Stack key={loan.itemId} gap={6} data-testid="vote-details-loan" data-loan-id={loan.loanId}>
            <Group gap="sm">
              <Text fw={600} size="sm">
                {loan.companyName}
              </Text>
              <Badge color={RESULT_COLORS[loan.outcome?.result ?? 'NOT_STARTED']} variant="light">
                {t(`meetings.results.${loan.outcome?.result ?? 'NOT_STARTED'}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('meetings.votes.counts', { ...loan.counts })}
              </Text>
            </Group>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={160}>{t('meetings.votes.attendee')}</Table.Th>
                  <Table.Th w={110}>{t('meetings.votes.opinion')}</Table.Th>
                  <Table.Th>{t('meetings.votes.comment')}</Table.Th>
                  <Table.Th w={150}>{t('meetings.votes.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loan.votes.map((v) => (
                  <Table.Tr key={v.attendeeId} data-testid="vote-details-row">
                    <Table.Td>{v.attendeeName}</Table.Td>
                    <Table.Td>
                      {v.opinion ? (
                        <Badge color={OPINION_COLORS[v.opinion]} variant="light">
                          {t(`meetings.opinions.${v.opinion}`)}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('meetings.votes.notVoted')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{v.comment}</Table.Td>
                    <Table.Td>{formatTime(v.at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
