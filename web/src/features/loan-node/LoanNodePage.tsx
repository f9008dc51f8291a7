import { Button, Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { StatusPage } from '@/ui/StatusPage';
import { usePageTagTitle } from '@/features/tags/TagsProvider';
import { LoanHeader } from './components/LoanHeader';
import { LoanSidePanels } from './components/LoanSidePanels';
import { LoanTabs, type LoanTab } from './components/LoanTabs';
import { LOAN_ID, useLoanDetail, useReloadLoan, useTimeline, useWorkflowView } from './loan-node-queries';

/**
 * /company/node/:encryptId (needs `archives_detail`): where a loan stands in the pipeline, what the
 * signed-in user may do about it, how it got there (verified history, time travel), and the chart.
 */
export default function LoanNodePage() {
  const { t } = useTranslation();
  const { encryptId = '' } = useParams();
  const loanId = encryptId.trim();
  const validId = LOAN_ID.test(loanId);
  const workflow = useWorkflowView(loanId, validId);
  const view = workflow.data;
  const loan = useLoanDetail(loanId, view !== undefined);
  const timeline = useTimeline(loanId, view?.version);
  const reload = useReloadLoan(loanId);
  // The tab names the borrower, not "Loan nodes" (several loans are open at once).
  usePageTagTitle(loan.data?.companyName);
  const [tab, setTab] = useState<LoanTab>('timeline');

  const notFound = !validId || (workflow.error instanceof ApiError && workflow.error.status === 404);
  if (notFound) {
    return (
      <StatusPage
        testId="loan-not-found"
        icon={<IconFileSearch size={36} />}
        title={t('loanNode.notFound.title')}
        description={t('loanNode.notFound.description', { id: loanId })}
        back={t('loanNode.notFound.back')}
      />
    );
  }
  if (!view) {
    if (workflow.isError) {
      return (
        <Center py={80} data-testid="loan-load-failed">
          <Stack align="center" gap="sm">
            <IconAlertCircle size={40} color="var(--mantine-color-red-6)" />
            <Text fw={600}>{t('loanNode.loadFailed.title')}</Text>
            <Text c="dimmed" size="sm">
              {t('loanNode.loadFailed.description')}
            </Text>
            <Button variant="light" onClick={() => void workflow.refetch()}>
              {t('loanNode.loadFailed.retry')}
            </Button>
          </Stack>
        </Center>
      );
    }
    return (
      <Center py={80} data-testid="loan-loading">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" size="sm">
            {t('loanNode.loading')}
          </Text>
        </Stack>
      </Center>
    );
  }

  const detailRefused = loan.error instanceof ApiError && loan.error.status === 403;
  return (
    <Stack gap="md" p="md" data-testid="loan-node-page" data-version={view.version}>
      <LoanHeader view={view} loan={loan.data} detailRefused={detailRefused} refreshing={workflow.isFetching} onRefresh={() => void reload()} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <LoanTabs loanId={loanId} view={view} timeline={timeline.data} timelineLoading={timeline.isFetching} tab={tab} onTab={setTab} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <LoanSidePanels loanId={loanId} view={view} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
