import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { STATUS_COLORS } from './labels';
import { MeetingStepButtons } from './MeetingStepButtons';
import { kindPath, type MeetingDetail } from './meetings-api';

/** The meeting's head: back to the list, kind and status, title, its steps, and when, where, who and by which rule. */
export function MeetingFacts({ kind, meeting, onAllocate }: { kind: VotingMeetingKind; meeting: MeetingDetail; onAllocate: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  return (
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
          compensations={meeting.loans.filter((l) => l.onMeeting && l.compensationTotalFen !== null).length}
          onAllocate={onAllocate}
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
