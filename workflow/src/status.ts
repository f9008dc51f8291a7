/** What lists and the timeline show for a snapshot: stage, spec status, the step's words. */

import type { StateValue } from 'xstate';
import { MAX_VISIT_ROUND, REGIONS, type GuaranteeContext, type Region, type StageKey } from './context';
import { STATE_LABELS, stageInfo, statusLabel, type Label, type StateLabel, type StatusLabel } from './labels';
import { leafPaths, stageOfValue } from './paths';

/** Anything with a state value and a context: a live snapshot or a persisted one. */
export interface SnapshotLike {
  value: StateValue;
  context: GuaranteeContext;
}

export interface RegionStatus {
  region: Region;
  label: Label;
  status: StatusLabel;
  step: Label;
  done: boolean;
}

export interface StatusLabels {
  stage: { key: StageKey; code: string | null; zh: string; en: string };
  /** The spec status (section 4) of where the loan stands. */
  status: StatusLabel;
  /** The step in words, e.g. "资料已提交，待接收". */
  step: Label;
  /** Project state: NORMAL, DISCONTINUE once discontinued, ENDED once closed. */
  project: StatusLabel;
  /** The four regions while during guarantee, empty otherwise. */
  regions: RegionStatus[];
}

export function stateLabel(path: string): StateLabel {
  const label = STATE_LABELS[path];
  if (!label) throw new Error(`no label for state ${path}`);
  return label;
}

/** The status of a state path: its own, or its nearest ancestor's. */
export function statusOfPath(path: string): StatusLabel {
  const parts = path.split('.');
  for (let i = parts.length; i > 0; i--) {
    const status = STATE_LABELS[parts.slice(0, i).join('.')]?.status;
    if (status) return statusLabel(status);
  }
  throw new Error(`no status for state ${path}`);
}

/** The status of a whole state value (a parallel state shows its own status). */
export function statusOfValue(value: StateValue): StatusLabel {
  const stage = stageOfValue(value);
  const stageStatus = STATE_LABELS[stage]?.status;
  if (stageStatus) return statusLabel(stageStatus);
  return statusOfPath(leafPaths(value)[0]);
}

const words = (label: Label): Label => ({ zh: label.zh, en: label.en });

export function statusLabels(snapshot: SnapshotLike): StatusLabels {
  const { value, context } = snapshot;
  const stage = stageOfValue(value);
  const info = stageInfo(stage);
  const leaves = leafPaths(value);
  const regions: RegionStatus[] =
    stage === 'duringGuarantee'
      ? REGIONS.map((region) => {
          const leaf = leaves.find((path) => path.startsWith(`duringGuarantee.${region}.`)) ?? `duringGuarantee.${region}`;
          return {
            region,
            label: words(stateLabel(`duringGuarantee.${region}`)),
            status: statusOfPath(leaf),
            step: words(stateLabel(leaf)),
            done: leaf.endsWith('.done'),
          };
        })
      : [];

  let step = words(stateLabel(stage === 'duringGuarantee' ? stage : leaves[0]));
  // Visit steps name their round (1 to 6).
  if (stage === 'afterGuarantee' && leaves[0] !== 'afterGuarantee.visitsCompleted') {
    const round = Math.min(Math.max(context.visitRound, 1), MAX_VISIT_ROUND);
    step = { zh: `第${round}轮：${step.zh}`, en: `Round ${round}: ${step.en}` };
  }

  return {
    stage: { key: stage, code: info.code, zh: info.zh, en: info.en },
    status: statusOfValue(value),
    step,
    project: statusLabel(['project', stage === 'discontinued' ? 'DISCONTINUE' : stage === 'closed' ? 'ENDED' : 'NORMAL']),
    regions,
  };
}
