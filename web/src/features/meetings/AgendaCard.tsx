import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pick, useLang } from '@/i18n/use-lang';
import { formatAmount } from '@/lib/format';
import { CompensationMark } from './CompensationMark';
import { RESULT_COLORS } from './labels';
import type { AgendaRow, MeetingDetail } from './meetings-api';

/** The loans on the meeting: company, amount, term, step, votes and result, with their cancel and resolution buttons. */
export function AgendaCard({
  meeting,
  onCancelAllocation,
  onResolve,
}: {
  meeting: MeetingDetail;
  onCancelAllocation: (row: AgendaRow) => void;
  onResolve: (row: AgendaRow) => void;
}) {
  const { t } = useTranslation();
  const columns = useAgendaColumns(meeting, onCancelAllocation, onResolve);
  return (
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
        columns={columns}
      />
    </Card>
  );
}

/** The agenda's columns: the company (to its node page), figures, step, votes, result, and the row's buttons. */
function useAgendaColumns(
  meeting: MeetingDetail,
  onCancelAllocation: (row: AgendaRow) => void,
  onResolve: (row: AgendaRow) => void,
): DataTableColumn<AgendaRow>[] {
  const { t } = useTranslation();
  const lang = useLang();
  return [
    {
      accessor: 'companyName',
      title: t('meetings.detail.company'),
      // a compensation on a review-committee meeting is marked with its total beside the company
      render: (r) => (
        <Stack gap={2}>
          <Anchor component={Link} to={`/company/node/${r.loanId}`} size="sm">
            {r.companyName}
          </Anchor>
          <CompensationMark totalFen={r.compensationTotalFen} />
        </Stack>
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
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onCancelAllocation(r)} data-testid="agenda-cancel-allocation">
              {t('meetings.steps.cancelAllocation')}
            </Button>
          )}
          {r.legalActions.length > 0 && (
            <Button size="compact-xs" variant="light" color="yellow" onClick={() => onResolve(r)} data-testid="agenda-resolution">
              {t('meetings.resolution.title')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
