import { Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';
import type { MoveTargetNode } from './operations-api';
import { pickersOf, type Picks } from './state-names';

interface Props {
  targets: MoveTargetNode[];
  stage: string | null;
  picks: Picks;
  onStage: (stage: string | null) => void;
  onPicks: (picks: Picks) => void;
  testId: string;
}

/** The target from the server's tree: a stage, then one select per compound state reached (each region of a parallel one). */
export function TargetPicker({ targets, stage, picks, onStage, onPicks, testId }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const node = targets.find((n) => n.key === stage) ?? null;
  return (
    <Stack gap="xs">
      <Select
        label={t('operations.move.stage')}
        required
        searchable
        data={targets.map((n) => ({ value: n.key, label: pick(n.label, lang) }))}
        value={stage}
        onChange={(value) => {
          onStage(value);
          onPicks({});
        }}
        data-testid={`${testId}-stage`}
      />
      {node &&
        pickersOf(node, picks).map(({ path, node: parent }) => (
          <Select
            key={path}
            label={path === node.path ? t('operations.move.state') : pick(parent.label, lang)}
            required
            data={parent.children.map((c) => ({ value: c.key, label: pick(c.label, lang) }))}
            value={picks[path] ?? null}
            onChange={(value) => {
              // a changed choice drops the choices below it
              const kept = Object.fromEntries(Object.entries(picks).filter(([p]) => !p.startsWith(`${path}.`)));
              onPicks(value ? { ...kept, [path]: value } : kept);
            }}
            data-testid={`${testId}-pick`}
            data-path={path}
          />
        ))}
    </Stack>
  );
}
