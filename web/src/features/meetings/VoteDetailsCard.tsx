import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { CompensationMark } from './CompensationMark';
import { OPINION_COLORS, RESULT_COLORS } from './labels';
import { useVoteDetails } from './meetings-queries';

/** Vote details: per loan, every attendee's opinion, comment and time. */
export function VoteDetailsCard({ kind, meetingId, status }: { kind: VotingMeetingKind; meetingId: string; status: string }) {
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
              <CompensationMark totalFen={loan.compensationTotalFen} />
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
