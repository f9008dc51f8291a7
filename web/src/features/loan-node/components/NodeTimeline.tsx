import { Badge, Center, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconCircleDot, IconFlag, IconPlayerSkipForward, IconX } from '@tabler/icons-react';
import type { StateValue } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { TimelineNodeView, TimelineView } from '../loan-node-api';
import { eventLabel } from '../labels';
import { pipelineItems, type PipelineItem, type RegionView } from '../pipeline';
import { type Lang, pick, useLang } from '@/i18n/use-lang';
import { formatTimeWithSeconds } from '@/lib/format';

function bulletOf(item: PipelineItem) {
  if (item.kind === 'upcoming') return <IconCircleDashed size={12} />;
  if (item.kind === 'skipped') return <IconPlayerSkipForward size={12} />;
  if (item.node.stage === 'discontinued') return <IconX size={12} />;
  if (item.node.stage === 'closed') return <IconFlag size={12} />;
  return item.current ? <IconCircleDot size={12} /> : <IconCheck size={12} />;
}

const REGION_COLOR: Record<RegionView['state'], string> = { done: 'teal', current: 'blue', upcoming: 'gray' };

/** The regions of a parallel stage side by side, each with where it stands. */
function Regions({ regions, lang }: { regions: RegionView[]; lang: Lang }) {
  return (
    <Group gap={6} mt={6} data-testid="timeline-regions">
      {regions.map((region) => (
        <Badge
          key={region.key}
          size="sm"
          variant={region.state === 'current' ? 'light' : 'outline'}
          color={REGION_COLOR[region.state]}
          leftSection={region.state === 'done' ? <IconCheck size={10} /> : undefined}
          data-testid="timeline-region"
          data-region={region.key}
          data-state={region.state}
          style={{ textTransform: 'none' }}
        >
          {pick(region.label, lang)}
          {region.status ? `：${pick(region.status, lang)}` : ''}
        </Badge>
      ))}
    </Group>
  );
}

function VisitBody({ node }: { node: TimelineNodeView }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack gap={2} mt={4}>
      {node.entered && (
        <Text size="xs" c="dimmed">
          {t('loanNode.timeline.entered')} {formatTimeWithSeconds(node.entered)}
          {node.actorName ? ` · ${t('loanNode.timeline.by', { name: node.actorName })}` : ''}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {node.left ? (
          <>
            {t('loanNode.timeline.left')} {formatTimeWithSeconds(node.left)}
            {node.leftByName ? ` · ${t('loanNode.timeline.by', { name: node.leftByName })}` : ''}
            {node.leftWith ? ` · ${t('loanNode.timeline.via', { action: eventLabel(node.leftWith, lang) })}` : ''}
            {node.leftWith === 'OPERATOR_MOVE' && (
              <Badge component="span" ml={6} size="xs" color="orange" variant="filled" data-testid="timeline-operator-move">
                {t('operations.node.badge')}
              </Badge>
            )}
          </>
        ) : node.stage === 'closed' || node.stage === 'discontinued' ? null : (
          t('loanNode.timeline.stillHere')
        )}
      </Text>
    </Stack>
  );
}

/**
 * The whole pipeline: each stay in a stage, oldest first (the one the loan stands in highlighted,
 * with who moved it and when), a stage gone past marked skipped, then the stages still to come greyed.
 */
export function NodeTimeline({ timeline, state, loading }: { timeline: TimelineView | undefined; state: StateValue | null; loading: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!timeline) {
    return <Center py="xl">{loading ? <Loader size="sm" /> : <Text c="dimmed">{t('loanNode.timeline.empty')}</Text>}</Center>;
  }
  const items = pipelineItems(timeline.nodes, state);
  const currentIndex = items.findIndex((item) => item.kind === 'visit' && item.current);

  return (
    <Timeline active={currentIndex} bulletSize={22} lineWidth={2} data-testid="node-timeline">
      {items.map((item, index) => {
        if (item.kind !== 'visit') {
          const upcoming = item.kind === 'upcoming';
          return (
            <Timeline.Item
              key={`${item.kind}-${item.stage}-${index}`}
              bullet={bulletOf(item)}
              color="gray"
              lineVariant={upcoming ? 'dotted' : 'solid'}
              data-testid={upcoming ? 'timeline-upcoming' : 'timeline-skipped'}
              data-stage={item.stage}
              title={
                <Group gap="xs">
                  <Text fw={500} size="sm" c="dimmed" title={item.code ?? undefined}>
                    {pick(item.label, lang)}
                  </Text>
                  <Badge size="sm" variant="outline" color="gray">
                    {upcoming ? t('loanNode.timeline.upcoming') : t('loanNode.timeline.skipped')}
                  </Badge>
                  {upcoming && item.optional && (
                    <Text size="xs" c="dimmed">
                      {t('loanNode.timeline.optional')}
                    </Text>
                  )}
                </Group>
              }
            >
              {upcoming && item.regions && <Regions regions={item.regions} lang={lang} />}
            </Timeline.Item>
          );
        }
        const { node, current } = item;
        const color = node.stage === 'discontinued' ? 'red' : current ? 'blue' : 'teal';
        return (
          <Timeline.Item
            key={`${node.stage}-${node.entered ?? index}`}
            bullet={bulletOf(item)}
            color={color}
            lineVariant={index === currentIndex - 1 ? 'dashed' : 'solid'}
            data-testid="timeline-node"
            data-current={current || undefined}
            data-stage={node.stage}
            title={
              <Group gap="xs">
                <Text fw={current ? 700 : 600} size="sm" c={current ? 'blue' : undefined} title={node.code ?? undefined}>
                  {pick(node.label, lang)}
                </Text>
                <Badge size="sm" variant={current ? 'filled' : 'light'} color={color} data-testid="timeline-node-status">
                  {pick(node.status, lang)}
                </Badge>
                {current && (
                  <Badge size="sm" variant="dot" color="blue">
                    {t('loanNode.timeline.current')}
                  </Badge>
                )}
              </Group>
            }
          >
            <VisitBody node={node} />
            {item.regions && <Regions regions={item.regions} lang={lang} />}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
