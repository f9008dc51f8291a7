import { Badge, Group, Table, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { MachineDefinition } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { eventLabel } from '../labels';

/** Every transition possible from where the loan stands: from which state, on which event, to where. */
export function TransitionsFromHere({ transitions, label }: { transitions: MachineDefinition['transitions']; label: (path: string) => string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div>
      <Title order={6} mb="xs">
        {t('loanNode.diagram.fromHere')}
      </Title>
      {transitions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('loanNode.actions.finished')}
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm" data-testid="diagram-transitions">
          <Table.Tbody>
            {transitions.map((tr, index) => (
              <Table.Tr key={`${tr.source}-${tr.event}-${index}`}>
                <Table.Td>{label(tr.source)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" size="sm" tt="none">
                    {tr.kind === 'done' ? t('loanNode.diagram.allRegionsDone') : eventLabel(tr.event, lang)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <IconArrowRight size={14} />
                    {tr.targets.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('loanNode.diagram.selfLoop')}
                      </Text>
                    ) : (
                      tr.targets.map((target) => (
                        <Text key={target} size="sm">
                          {label(target)}
                        </Text>
                      ))
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
