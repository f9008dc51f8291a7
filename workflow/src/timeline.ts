/**
 * The node timeline of a loan (spec: "loan nodes"): one node per stay in a stage, with the status it
 * had, when it was entered and left, and who moved it. Computed from the event history alone.
 */

import type { StateValue } from 'xstate';
import type { StageKey } from './context';
import { stageInfo, statusLabel, type Label, type StatusLabel, type StatusRef } from './labels';
import { stageOfValue } from './paths';
import { statusOfValue } from './status';

/** One stored event, as the server's history has it (`from`/`to`: state values before and after). */
export interface HistoryEntry {
  seq: number;
  type: string;
  actorId: string;
  at: string;
  from: StateValue;
  to: StateValue;
}

export interface TimelineNode {
  stage: StageKey;
  code: string | null;
  label: Label;
  status: StatusLabel;
  /** When the loan entered the stage (null for the first node when the creation time is not given). */
  entered: string | null;
  left: string | null;
  /** Who moved the loan into this stage (the creator for the first node, when given). */
  actor: string | null;
  /** Who moved it on, and with which event. */
  leftBy: string | null;
  leftWith: string | null;
}

/** Status shown for a stage left forwards, where the state it was left from would understate it. */
const COMPLETED_STATUS: Partial<Record<StageKey, StatusRef>> = {
  withdrawal: ['approval', 'EXAMINE_PASS'],
  duringGuarantee: ['completion', 'COMPLETED'],
  disbursement: ['disbursement', 'DISBURSED'],
  afterGuarantee: ['repayment', 'DISBURSED'],
  release: ['release', 'RELEASED'],
};

/** Stages whose backward exit is an approver's return (spec approval status RETURN). */
const RETURNED_STATUS: Partial<Record<StageKey, StatusRef>> = {
  preReview: ['approval', 'RETURN'],
  withdrawal: ['approval', 'RETURN'],
};

const order = (stage: StageKey) => stageInfo(stage).order;

function statusWhenLeft(stage: StageKey, from: StateValue, toStage: StageKey): StatusLabel {
  if (toStage !== 'discontinued') {
    if (order(toStage) > order(stage) && COMPLETED_STATUS[stage]) return statusLabel(COMPLETED_STATUS[stage]);
    if (order(toStage) < order(stage) && RETURNED_STATUS[stage]) return statusLabel(RETURNED_STATUS[stage]);
  }
  return statusOfValue(from);
}

function openNode(stage: StageKey, value: StateValue, entered: string | null, actor: string | null): TimelineNode {
  const info = stageInfo(stage);
  return {
    stage,
    code: info.code,
    label: { zh: info.zh, en: info.en },
    status: statusOfValue(value),
    entered,
    left: null,
    actor,
    leftBy: null,
    leftWith: null,
  };
}

export function timelineFromHistory(history: readonly HistoryEntry[], created?: { at: string; actorId: string | null }): TimelineNode[] {
  const entries = [...history].sort((a, b) => a.seq - b.seq);
  const firstValue: StateValue = entries[0]?.from ?? { collection: 'toBeImproved' };
  const nodes = [openNode(stageOfValue(firstValue), firstValue, created?.at ?? null, created?.actorId ?? null)];

  for (const entry of entries) {
    const current = nodes[nodes.length - 1];
    const toStage = stageOfValue(entry.to);
    if (toStage === current.stage) {
      current.status = statusOfValue(entry.to);
      continue;
    }
    current.left = entry.at;
    current.leftBy = entry.actorId;
    current.leftWith = entry.type;
    current.status = statusWhenLeft(current.stage, entry.from, toStage);
    nodes.push(openNode(toStage, entry.to, entry.at, entry.actorId));
  }
  return nodes;
}
