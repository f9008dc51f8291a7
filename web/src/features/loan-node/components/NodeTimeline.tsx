import { Badge, Center, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconCheck, IconCircleDot, IconFlag, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimelineNodeView, TimelineView } from '../loan-node-api';
import { eventLabel } from '../labels';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTimeWithSeconds } from '@/lib/format';

function bulletOf(node: TimelineNodeView, current: boolean) {
  if (node.stage === 'discontinued') return <IconX size={12} />;
  if (node.stage === 'closed') return <IconFlag size={12} />;
  return current ? <IconCircleDot size={12} /> : <IconCheck size={12} />;
}

/** One node per stay in a stage, oldest first; the node the loan stands in is highlighted. */
export function NodeTimeline({ timeline, loading }: { timeline: TimelineView | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!timeline) {
    return <Center py="xl">{loading ? <Loader size="sm" /> : <Text c="dimmed">{t('loanNode.timeline.empty')}</Text>}</Center>;
  }
  const nodes = timeline.nodes;
  const currentIndex = nodes.length - 1;

  return (
    <Timeline active={currentIndex} bulletSize={22} lineWidth={2} data-testid="node-timeline">
      {nodes.map((node, index) => {
        const current = index === currentIndex;
        const color = node.stage === 'discontinued' ? 'red' : current ? 'blue' : 'teal';
        return (
          <Timeline.Item
            key={`${node.stage}-${node.entered ?? index}`}
            bullet={bulletOf(node, current)}
            color={color}
            lineVariant={index === currentIndex - 1 ? 'dashed' : 'solid'}
            data-testid="timeline-node"
            data-current={current || undefined}
            data-stage={node.stage}
            title={
              <Group gap="xs">
                <Text fw={current ? 700 : 600} size="sm" c={current ? 'blue' : undefined}>
                  {pick(node.label, lang)}
                </Text>
                {node.code && (
                  <Badge size="xs" variant="outline" color="gray">
                    {node.code}
                  </Badge>
                )}
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
                  </>
                ) : node.stage === 'closed' || node.stage === 'discontinued' ? null : (
                  t('loanNode.timeline.stillHere')
                )}
              </Text>
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
