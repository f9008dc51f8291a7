/**
 * The machine as data for pictures: every state and transition as JSON (served by
 * `GET /server/workflow/definition`), and a Mermaid state diagram drawn from it (README).
 */

import type { AnyStateNode } from 'xstate';
import type { StageKey } from './context';
import { isEventType } from './events';
import { STATE_LABELS, statusLabel, type Label, type StatusLabel } from './labels';
import { guaranteeMachine, MACHINE_VERSION, type GuaranteeMachine } from './machine';
import { EVENT_PERMISSIONS } from './permissions-map';

export interface StateDefinition {
  /** Dotted path without the machine id, e.g. `duringGuarantee.contract.sealed`. */
  path: string;
  key: string;
  parent: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Path of the initial child (compound states). */
  initial: string | null;
  stage: StageKey;
  label: Label;
  status: StatusLabel | null;
}

export interface TransitionDefinitionJson {
  /** Dotted path of the state; '' for the machine itself (an event accepted in every state: OPERATOR_MOVE). */
  source: string;
  /** The event type; for `kind: 'done'` the internal done event of the source. */
  event: string;
  kind: 'event' | 'done';
  /** Empty: the state does not change (context only, e.g. a vote). */
  targets: string[];
  guard: string | null;
  permission: string | null;
}

export interface MachineDefinition {
  id: string;
  version: number;
  initial: string;
  states: StateDefinition[];
  transitions: TransitionDefinitionJson[];
}

const pathOf = (node: AnyStateNode): string => node.path.join('.');

function childNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function walk(node: AnyStateNode, visit: (node: AnyStateNode) => void): void {
  for (const child of childNodes(node)) {
    visit(child);
    walk(child, visit);
  }
}

export function machineDefinition(machine: GuaranteeMachine = guaranteeMachine, version = MACHINE_VERSION): MachineDefinition {
  const states: StateDefinition[] = [];
  const transitions: TransitionDefinitionJson[] = [];
  // Accepted in every state (OPERATOR_MOVE): the root's own transitions, with the empty path as their source.
  const transitionsOf = (node: AnyStateNode) => {
    const path = pathOf(node);
    for (const [eventType, definitions] of node.transitions) {
      for (const definition of definitions) {
        const isEvent = isEventType(eventType);
        transitions.push({
          source: path,
          event: eventType,
          kind: isEvent ? 'event' : 'done',
          targets: (definition.target ?? []).map(pathOf),
          guard: typeof definition.guard === 'string' ? definition.guard : null,
          permission: isEvent ? EVENT_PERMISSIONS[eventType] : null,
        });
      }
    }
  };
  walk(machine.root, (node) => {
    const path = pathOf(node);
    const label = STATE_LABELS[path];
    states.push({
      path,
      key: node.key,
      parent: node.path.length > 1 ? node.path.slice(0, -1).join('.') : null,
      type: node.type,
      initial: node.type === 'compound' ? (node.initial.target.map(pathOf)[0] ?? null) : null,
      stage: node.path[0] as StageKey,
      label: label ? { zh: label.zh, en: label.en } : { zh: node.key, en: node.key },
      status: label?.status ? statusLabel(label.status) : null,
    });
    transitionsOf(node);
  });
  transitionsOf(machine.root);
  return { id: machine.id, version, initial: pathOf(machine.root.initial.target[0]), states, transitions };
}

// --- Mermaid ------------------------------------------------------------------------------------

const mermaidId = (path: string) => path.replace(/\./g, '_');

/**
 * A Mermaid `stateDiagram-v2`. Stages are composite states; a transition between states of different
 * stages is drawn between the stages (Mermaid cannot draw arrows between the insides of two
 * composites); a transition that changes only the context is drawn as a loop.
 */
export function toMermaid(machine: GuaranteeMachine = guaranteeMachine): string {
  const definition = machineDefinition(machine);
  const byParent = new Map<string | null, StateDefinition[]>();
  for (const state of definition.states) {
    byParent.set(state.parent, [...(byParent.get(state.parent) ?? []), state]);
  }
  const parentOf = (path: string) => definition.states.find((s) => s.path === path)?.parent ?? null;
  const lines: string[] = ['stateDiagram-v2', `  [*] --> ${mermaidId(definition.initial)}`];

  const arrows = new Map<string | null, string[]>();
  const addArrow = (scope: string | null, line: string) => {
    const list = arrows.get(scope) ?? [];
    if (!list.includes(line)) list.push(line);
    arrows.set(scope, list);
  };
  const anyState = definition.transitions.some((t) => t.source === '');
  if (anyState) lines.push('  state "any state (an operator\'s move)" as anyState');
  for (const t of definition.transitions) {
    const label = t.kind === 'done' ? 'all regions done' : t.event;
    if (t.source === '') {
      addArrow(null, `anyState --> anyState : ${label}`);
      continue;
    }
    const targets = t.targets.length > 0 ? t.targets : [t.source];
    for (const target of targets) {
      const sameParent = parentOf(t.source) === parentOf(target);
      const [from, to, scope] = sameParent ? [t.source, target, parentOf(t.source)] : [t.source.split('.')[0], target.split('.')[0], null];
      addArrow(scope, `${mermaidId(from)} --> ${mermaidId(to)} : ${label}`);
    }
  }

  const render = (parent: string | null, indent: string) => {
    for (const state of byParent.get(parent) ?? []) {
      const children = byParent.get(state.path) ?? [];
      if (children.length === 0) {
        lines.push(`${indent}state "${state.key}" as ${mermaidId(state.path)}`);
        continue;
      }
      lines.push(`${indent}state ${mermaidId(state.path)} {`);
      if (state.type === 'parallel') {
        // Mermaid draws concurrent regions as groups separated by `--`; each region's own states
        // are listed flat inside its group.
        children.forEach((region, index) => {
          if (index > 0) lines.push(`${indent}  --`);
          lines.push(`${indent}  [*] --> ${mermaidId(region.initial ?? region.path)}`);
          render(region.path, `${indent}  `);
          finals(region.path, `${indent}  `);
          for (const arrow of arrows.get(region.path) ?? []) lines.push(`${indent}  ${arrow}`);
        });
      } else {
        lines.push(`${indent}  [*] --> ${mermaidId(state.initial ?? state.path)}`);
        render(state.path, `${indent}  `);
        finals(state.path, `${indent}  `);
        for (const arrow of arrows.get(state.path) ?? []) lines.push(`${indent}  ${arrow}`);
      }
      lines.push(`${indent}}`);
    }
  };
  const finals = (parent: string | null, indent: string) => {
    for (const state of byParent.get(parent) ?? []) {
      if (state.type === 'final') lines.push(`${indent}${mermaidId(state.path)} --> [*]`);
    }
  };

  render(null, '  ');
  for (const arrow of arrows.get(null) ?? []) lines.push(`  ${arrow}`);
  finals(null, '  ');
  return `${lines.join('\n')}\n`;
}
