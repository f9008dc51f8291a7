import { Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { activePaths, STAGES, type MachineDefinition, type StateDefinition } from '@app/workflow';
import type { StateValue } from 'xstate';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDefinition } from '../loan-node-queries';
import { TransitionsFromHere } from './TransitionsFromHere';
import { type Lang, pick, useLang } from '@/i18n/use-lang';
import classes from './StateDiagram.module.css';

interface Model {
  stages: StateDefinition[];
  children: Map<string, StateDefinition[]>;
  byPath: Map<string, StateDefinition>;
  /** Stages each stage leads to (other than itself), in pipeline order. */
  exits: Map<string, string[]>;
}

const stageOrder = (key: string) => STAGES.find((s) => s.key === key)?.order ?? 99;
const stageKeyOf = (path: string) => path.split('.')[0];

function buildModel(definition: MachineDefinition): Model {
  const children = new Map<string, StateDefinition[]>();
  const byPath = new Map<string, StateDefinition>();
  for (const state of definition.states) {
    byPath.set(state.path, state);
    if (state.parent) children.set(state.parent, [...(children.get(state.parent) ?? []), state]);
  }
  const stages = definition.states.filter((s) => s.parent === null).sort((a, b) => stageOrder(a.key) - stageOrder(b.key));
  const exits = new Map<string, string[]>();
  for (const transition of definition.transitions) {
    const from = stageKeyOf(transition.source);
    for (const target of transition.targets) {
      const to = stageKeyOf(target);
      if (to === from) continue;
      const list = exits.get(from) ?? [];
      if (!list.includes(to)) list.push(to);
      exits.set(from, list);
    }
  }
  for (const list of exits.values()) list.sort((a, b) => stageOrder(a) - stageOrder(b));
  return { stages, children, byPath, exits };
}

function StatePill({ state, active, lang }: { state: StateDefinition; active: boolean; lang: Lang }) {
  return (
    <span
      className={`${classes.state} ${active ? classes.activeState : ''}`}
      data-testid="diagram-state"
      data-path={state.path}
      data-active={active || undefined}
    >
      {pick(state.label, lang)}
    </span>
  );
}

function StageBox({ stage, model, active, lang }: { stage: StateDefinition; model: Model; active: Set<string>; lang: Lang }) {
  const { t } = useTranslation();
  const current = active.has(stage.path);
  const kids = model.children.get(stage.path) ?? [];
  const info = STAGES.find((s) => s.key === stage.key);
  const exits = model.exits.get(stage.key) ?? [];
  const isFinal = stage.type === 'final';
  const boxClass = [classes.stage, stage.type === 'parallel' ? classes.wide : '', current ? classes.current : '', isFinal ? classes.final : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={boxClass} data-testid="diagram-stage" data-stage={stage.key} data-current={current || undefined}>
      <Group gap={6} mb={4} wrap="nowrap" align="flex-start">
        <Text size="sm" fw={700} c={current ? 'blue.8' : undefined} title={info?.code ?? undefined}>
          {info ? `${info.order <= 10 ? `${info.order}. ` : ''}${pick(info, lang)}` : pick(stage.label, lang)}
        </Text>
      </Group>
      {stage.type === 'parallel' ? (
        <Group gap={6} align="stretch" wrap="nowrap">
          {kids.map((region) => (
            <div key={region.path} className={classes.region}>
              <Text size="xs" fw={600} c="dimmed">
                {pick(region.label, lang)}
              </Text>
              {(model.children.get(region.path) ?? []).map((state) => (
                <StatePill key={state.path} state={state} active={active.has(state.path)} lang={lang} />
              ))}
            </div>
          ))}
        </Group>
      ) : (
        <div>
          {kids.map((state) => (
            <StatePill key={state.path} state={state} active={active.has(state.path)} lang={lang} />
          ))}
        </div>
      )}
      {exits.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('loanNode.diagram.exits')}: {exits.map((key) => pick(STAGES.find((s) => s.key === key) ?? { zh: key, en: key }, lang)).join(' · ')}
        </Text>
      )}
    </div>
  );
}

/**
 * The statechart drawn from the server's definition: the stages in pipeline order with their inner
 * states (the parallel stage with its four regions), where each leads, and the loan's current stage
 * and states highlighted; below, every transition possible from where the loan stands.
 */
export function StateDiagram({ state }: { state: StateValue }) {
  const { t } = useTranslation();
  const lang = useLang();
  const definition = useDefinition(true);
  const model = useMemo(() => (definition.data ? buildModel(definition.data) : null), [definition.data]);
  const active = useMemo(() => new Set(activePaths(state)), [state]);

  if (!model || !definition.data) {
    return <Center py="xl">{definition.isPending ? <Loader size="sm" /> : <Text c="dimmed">{t('loanNode.diagram.empty')}</Text>}</Center>;
  }

  const label = (path: string) => {
    const target = model.byPath.get(path);
    return target ? pick(target.label, lang) : path;
  };
  const fromHere = definition.data.transitions.filter((tr) => active.has(tr.source));
  const pipeline = model.stages.filter((stage) => stage.type !== 'final');
  const finals = model.stages.filter((stage) => stage.type === 'final');

  return (
    <Stack gap="md" data-testid="state-diagram">
      <Group gap="md">
        <Group gap={6}>
          <span className={`${classes.state} ${classes.activeState}`}>{t('loanNode.diagram.legendCurrent')}</span>
        </Group>
        <Text size="xs" c="dimmed">
          {definition.data.id} v{definition.data.version}
        </Text>
      </Group>
      <div className={classes.flow}>
        {pipeline.map((stage, index) => (
          <div key={stage.path} className={classes.step}>
            <StageBox stage={stage} model={model} active={active} lang={lang} />
            {index < pipeline.length - 1 && <IconArrowRight size={18} className={classes.arrow} />}
          </div>
        ))}
      </div>
      <div>
        <Text size="xs" c="dimmed" mb={4}>
          {t('loanNode.diagram.final')}
        </Text>
        <div className={classes.flow}>
          {finals.map((stage) => (
            <StageBox key={stage.path} stage={stage} model={model} active={active} lang={lang} />
          ))}
        </div>
      </div>

      <TransitionsFromHere transitions={fromHere} label={label} />
    </Stack>
  );
}
