import { Button, Card, Center, Grid, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconChartDots3, IconFileSearch, IconHistory, IconTimeline } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { StatusPage } from '@/ui/StatusPage';
import { ReleasePanel } from '@/features/after-guarantee/ReleasePanel';
import { RepaymentPlanPanel } from '@/features/after-guarantee/RepaymentPlanPanel';
import { VisitsPanel } from '@/features/after-guarantee/VisitsPanel';
import { CollateralPanel } from '@/features/premium-collateral/CollateralPanel';
import { PremiumPanel } from '@/features/premium-collateral/PremiumPanel';
import { RegulatoryImpactPanel } from '@/features/regulatory/RegulatoryImpactPanel';
import { usePageTagTitle } from '@/features/tags/TagsProvider';
import { ActionPanel } from './components/ActionPanel';
import { DocumentsPanel } from './components/DocumentsPanel';
import { HistoryPanel } from './components/HistoryPanel';
import { LoanHeader } from './components/LoanHeader';
import { NodeTimeline } from './components/NodeTimeline';
import { StateDiagram } from './components/StateDiagram';
import { LOAN_ID, useLoanDetail, useReloadLoan, useTimeline, useWorkflowView } from './loan-node-queries';

type Tab = 'timeline' | 'history' | 'diagram';

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
  const [tab, setTab] = useState<Tab>('timeline');

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
          <Card withBorder radius="md" padding="lg">
            <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'timeline')} keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="timeline" leftSection={<IconTimeline size={16} />}>
                  {t('loanNode.tabs.timeline')}
                </Tabs.Tab>
                <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
                  {t('loanNode.tabs.history')}
                </Tabs.Tab>
                <Tabs.Tab value="diagram" leftSection={<IconChartDots3 size={16} />}>
                  {t('loanNode.tabs.diagram')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="timeline">
                <NodeTimeline timeline={timeline.data} state={view.state} loading={timeline.isFetching} />
              </Tabs.Panel>
              <Tabs.Panel value="history">
                <HistoryPanel loanId={loanId} version={view.version} />
              </Tabs.Panel>
              <Tabs.Panel value="diagram">
                <StateDiagram state={view.state} />
              </Tabs.Panel>
            </Tabs>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <ActionPanel view={view} />
            {/* The review committee and the withdrawal reviewers: the figures this loan would produce. */}
            <RegulatoryImpactPanel loanId={loanId} version={view.version} state={view.state} />
            {/* Shown from duringGuarantee on, to whoever holds their lists. */}
            <PremiumPanel loanId={loanId} version={view.version} />
            <CollateralPanel loanId={loanId} version={view.version} />
            <DocumentsPanel loanId={loanId} version={view.version} state={view.state} />
            {/* After disbursement: visits with their classification history, then the release of each item. */}
            <VisitsPanel loanId={loanId} version={view.version} state={view.state} />
            <RepaymentPlanPanel loanId={loanId} version={view.version} state={view.state} />
            <ReleasePanel loanId={loanId} version={view.version} state={view.state} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
