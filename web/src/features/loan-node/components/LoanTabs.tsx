import { Card, Tabs } from '@mantine/core';
import { IconChartDots3, IconHistory, IconTimeline } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimelineView, WorkflowView } from '../loan-node-api';
import { HistoryPanel } from './HistoryPanel';
import { NodeTimeline } from './NodeTimeline';
import { StateDiagram } from './StateDiagram';

export type LoanTab = 'timeline' | 'history' | 'diagram';

/** Where the loan has been: the pipeline timeline, the verified history (time travel), the machine's chart. */
export function LoanTabs({
  loanId,
  view,
  timeline,
  timelineLoading,
  tab,
  onTab,
}: {
  loanId: string;
  view: WorkflowView;
  timeline: TimelineView | undefined;
  timelineLoading: boolean;
  tab: LoanTab;
  onTab: (tab: LoanTab) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Tabs value={tab} onChange={(value) => onTab((value as LoanTab | null) ?? 'timeline')} keepMounted={false}>
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
          <NodeTimeline timeline={timeline} state={view.state} loading={timelineLoading} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryPanel loanId={loanId} version={view.version} />
        </Tabs.Panel>
        <Tabs.Panel value="diagram">
          <StateDiagram state={view.state} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
