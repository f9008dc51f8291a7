/**
 * What the server calls: create an instance, apply an event, replay a history. Everything works on
 * persisted snapshots (plain JSON, as stored in `workflow_instance.snapshot`) and returns new ones;
 * nothing here has side effects.
 *
 * A persisted snapshot does not carry its machine version: the instance row does. Use
 * `engineForVersion(version)` to apply or replay with the machine an instance runs on.
 */

import { createActor, getNextTransitions, initialTransition, type AnyActorScope, type AnyStateMachine, type StateValue } from 'xstate';
import { validateInput, type GuaranteeContext, type GuaranteeInput, type StageKey } from './context';
import { effectsOf, type Effect } from './effects';
import { validateEvent, type FieldError, type GuaranteeEvent } from './events';
import { explainRefusal, type GuardName, type Refusal } from './guards';
import { guaranteeMachine, guaranteeMachineV1, MACHINE_VERSION, type GuaranteeMachine, type GuaranteeSnapshot } from './machine';
import { operatorMoveRefusal, targetStateValue } from './operator-move';
import { stageOfValue } from './paths';
import { statusLabels, type SnapshotLike, type StatusLabels } from './status';

export { STAGES, stageInfo, type StageInfo } from './labels';
export { statusLabels, statusOfPath, statusOfValue, type StatusLabels, type RegionStatus, type SnapshotLike } from './status';
export { timelineFromHistory, type HistoryEntry, type TimelineNode } from './timeline';
export { machineDefinition, toMermaid, type MachineDefinition, type StateDefinition, type TransitionDefinitionJson } from './diagram';

/** A snapshot as stored: JSON only (no functions, no undefined). */
export interface PersistedSnapshot {
  status: 'active' | 'done' | 'error' | 'stopped';
  value: StateValue;
  context: GuaranteeContext;
  historyValue?: Record<string, unknown>;
  children?: Record<string, unknown>;
  output?: unknown;
  error?: unknown;
}

/** Engine-level refusals (the guards' own reasons are in guards.ts REFUSALS). */
export const ENGINE_REFUSALS = {
  INVALID_EVENT: { code: 'INVALID_EVENT', zh: '事件格式无效', en: 'The event is malformed' },
  INSTANCE_FINISHED: { code: 'INSTANCE_FINISHED', zh: '流程已结束', en: 'The workflow has finished' },
  NOT_ACCEPTED_IN_STATE: { code: 'NOT_ACCEPTED_IN_STATE', zh: '当前节点不能执行此操作', en: 'This action is not possible at the current step' },
} as const satisfies Record<string, Refusal>;

export type ApplyResult =
  | {
      accepted: true;
      snapshot: PersistedSnapshot;
      stage: StageKey;
      statusLabels: StatusLabels;
      /** What must happen outside the machine (effects.ts), in declaration order; never run here. */
      effects: Effect[];
    }
  | {
      accepted: false;
      /** The main reason, for a message. */
      reason: Refusal;
      /** Every reason found (guards may give several). */
      refusals: Refusal[];
      /** Shape problems, when reason is INVALID_EVENT. */
      fieldErrors: FieldError[];
    };

export class InvalidInputError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid workflow input: ${problems.join('; ')}`);
    this.name = 'InvalidInputError';
  }
}

export class ReplayError extends Error {
  constructor(
    /** 0-based index of the event that the machine refused. */
    readonly index: number,
    readonly refusal: Extract<ApplyResult, { accepted: false }>,
  ) {
    super(`event ${index} was refused on replay: ${refusal.reason.code} (${refusal.reason.en})`);
    this.name = 'ReplayError';
  }
}

/** Anything the functions below accept as a snapshot: a live one or a persisted one. */
export type AnySnapshot = GuaranteeSnapshot | PersistedSnapshot;

function isLiveSnapshot(snapshot: AnySnapshot): snapshot is GuaranteeSnapshot {
  return typeof (snapshot as GuaranteeSnapshot).can === 'function';
}

export interface Engine {
  machine: GuaranteeMachine;
  version: number;
  createInitialSnapshot(input: GuaranteeInput): PersistedSnapshot;
  /** A live snapshot (with `can`, `matches`) from a persisted one; runs no entry actions. */
  restore(snapshot: AnySnapshot): GuaranteeSnapshot;
  persist(snapshot: GuaranteeSnapshot): PersistedSnapshot;
  /**
   * The next snapshot and the effects the transition declares (returned, never executed), or a refusal.
   * `shapeChecked`: the caller already ran validateEvent on this very event (skips a second pass).
   */
  applyEvent(snapshot: AnySnapshot, event: GuaranteeEvent, options?: { shapeChecked?: boolean }): ApplyResult;
  /** Folds a history into the snapshot it produces; throws ReplayError on a refused event. */
  replay(input: GuaranteeInput, events: readonly GuaranteeEvent[]): PersistedSnapshot;
  /** The snapshot after each event (index i: after events[0..i]); throws ReplayError like replay. */
  replaySteps(input: GuaranteeInput, events: readonly GuaranteeEvent[]): PersistedSnapshot[];
  /**
   * What an audit compares: the state value at the start and after each event (values[i + 1]: after
   * events[0..i]), and the persisted snapshot after the last (the initial one when there is none); throws
   * ReplayError like replay. Cheaper than replaySteps, which copies the whole snapshot at every step.
   */
  replayValues(input: GuaranteeInput, events: readonly GuaranteeEvent[]): { values: unknown[]; last: PersistedSnapshot };
}

/** The engine of one machine version (the current one, or an older one kept for its instances). */
export function createEngine(machine: GuaranteeMachine, version: number): Engine {
  const persist = (snapshot: GuaranteeSnapshot): PersistedSnapshot =>
    // Through JSON so that what we hand out is exactly what comes back from the database.
    JSON.parse(JSON.stringify(machine.getPersistedSnapshot(snapshot))) as PersistedSnapshot;

  /**
   * One inert actor scope for every transition of this engine. xstate's `transition()` builds a
   * throwaway actor per call (which computes the machine's initial state from no input, failing inside);
   * this machine spawns, invokes and schedules nothing, so the scope only collects the actions of the
   * call under way (transitions are synchronous: one call at a time).
   */
  const scopeActor = createActor(machine as AnyStateMachine);
  let collected: { type: string; params?: unknown }[] = [];
  const scope = {
    self: scopeActor,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: scopeActor.system,
    emit: () => {},
    actionExecutor: (action: { type: string; params?: unknown }) => {
      collected.push(action);
    },
  } as unknown as AnyActorScope;
  const transition = (current: GuaranteeSnapshot, event: GuaranteeEvent): [GuaranteeSnapshot, { type: string; params?: unknown }[]] => {
    collected = [];
    try {
      const next = machine.transition(current, event, scope as never) as GuaranteeSnapshot;
      // An operator's move: the machine took the event (and declared its effects) without a target;
      // the loan now stands where the event says, with its context unchanged.
      if (event.type === 'OPERATOR_MOVE') {
        const moved = machine.resolveState({ value: targetStateValue(event.target), context: next.context, status: 'active' }) as GuaranteeSnapshot;
        return [moved, collected];
      }
      return [next, collected];
    } finally {
      collected = [];
    }
  };

  const restore = (snapshot: AnySnapshot): GuaranteeSnapshot => {
    if (isLiveSnapshot(snapshot)) return snapshot;
    return machine.resolveState({
      value: snapshot.value,
      context: snapshot.context,
      status: snapshot.status,
      output: snapshot.output,
      error: snapshot.error,
    }) as GuaranteeSnapshot;
  };

  const createInitialSnapshot = (input: GuaranteeInput): PersistedSnapshot => {
    const problems = validateInput(input);
    if (problems.length > 0) throw new InvalidInputError(problems);
    const [snapshot] = initialTransition(machine, input);
    return persist(snapshot);
  };

  type Refused = Extract<ApplyResult, { accepted: false }>;
  const refuse = (reason: Refusal, refusals: Refusal[] = [reason], fieldErrors: FieldError[] = []): Refused => ({
    accepted: false,
    reason,
    refusals,
    fieldErrors,
  });

  /** Why `event` cannot be applied to `current`, or null when it can. */
  const refusalOf = (current: GuaranteeSnapshot, event: GuaranteeEvent, shapeChecked = false): Refused | null => {
    const fieldErrors = shapeChecked ? [] : validateEvent(event);
    if (fieldErrors.length > 0) return refuse(ENGINE_REFUSALS.INVALID_EVENT, [ENGINE_REFUSALS.INVALID_EVENT], fieldErrors);
    if (current.status !== 'active') return refuse(ENGINE_REFUSALS.INSTANCE_FINISHED);
    if (event.type === 'OPERATOR_MOVE') {
      // the target against this machine's own state tree, named in the refusal
      const wrongTarget = operatorMoveRefusal(machine, current.value, event.target);
      if (wrongTarget) return refuse(wrongTarget);
    }
    if (current.can(event)) return null;
    const candidates = getNextTransitions(current).filter((t) => t.eventType === event.type);
    if (candidates.length === 0) return refuse(ENGINE_REFUSALS.NOT_ACCEPTED_IN_STATE);
    const reasons = explainRefusal(
      candidates.map((t) => (typeof t.guard === 'string' ? (t.guard as GuardName) : undefined)),
      current.context,
      event,
    );
    return reasons.length > 0 ? refuse(reasons[0], reasons) : refuse(ENGINE_REFUSALS.NOT_ACCEPTED_IN_STATE);
  };

  const applyEvent = (snapshot: AnySnapshot, event: GuaranteeEvent, options: { shapeChecked?: boolean } = {}): ApplyResult => {
    const current = restore(snapshot);
    const refused = refusalOf(current, event, options.shapeChecked);
    if (refused) return refused;
    const [next, actions] = transition(current, event);
    return { accepted: true, snapshot: persist(next), stage: stageOfValue(next.value), statusLabels: statusLabels(next), effects: effectsOf(actions) };
  };

  /** Calls `visit` with the live snapshot after each event; throws ReplayError on a refusal. */
  const fold = (input: GuaranteeInput, events: readonly GuaranteeEvent[], visit?: (snapshot: GuaranteeSnapshot) => void, visitStart = false) => {
    let current = restore(createInitialSnapshot(input));
    if (visitStart) visit?.(current);
    events.forEach((event, index) => {
      const refused = refusalOf(current, event);
      if (refused) throw new ReplayError(index, refused);
      [current] = transition(current, event);
      visit?.(current);
    });
    return current;
  };

  const replay = (input: GuaranteeInput, events: readonly GuaranteeEvent[]): PersistedSnapshot => persist(fold(input, events));

  const replaySteps = (input: GuaranteeInput, events: readonly GuaranteeEvent[]): PersistedSnapshot[] => {
    const steps: PersistedSnapshot[] = [];
    fold(input, events, (snapshot) => steps.push(persist(snapshot)));
    return steps;
  };

  const replayValues = (input: GuaranteeInput, events: readonly GuaranteeEvent[]) => {
    const values: unknown[] = [];
    const last = fold(input, events, (snapshot) => values.push(snapshot.value), true);
    return { values, last: persist(last) };
  };

  return { machine, version, createInitialSnapshot, restore, persist, applyEvent, replay, replaySteps, replayValues };
}

/** The engine of the current machine version. */
export const currentEngine: Engine = createEngine(guaranteeMachine, MACHINE_VERSION);

/**
 * Machines by version, so that each event is applied and replayed on the version it ran on. Version 1
 * stays for the histories recorded on it; its running instances move on by the migration in migrations.ts.
 */
const ENGINES: ReadonlyMap<number, Engine> = new Map([
  [1, createEngine(guaranteeMachineV1, 1)],
  [MACHINE_VERSION, currentEngine],
]);

/** The versions this package can apply and replay, oldest first. */
export const MACHINE_VERSIONS: readonly number[] = [...ENGINES.keys()].sort((a, b) => a - b);

export function engineForVersion(version: number): Engine {
  const engine = ENGINES.get(version);
  if (!engine) throw new Error(`no workflow machine for version ${version}`);
  return engine;
}

/** A new instance at the start of collection (throws InvalidInputError on bad input). */
export function createInitialSnapshot(input: GuaranteeInput): PersistedSnapshot {
  return currentEngine.createInitialSnapshot(input);
}

/** The next snapshot after `event`, or why the machine refuses it. */
export function applyEvent(snapshot: AnySnapshot, event: GuaranteeEvent, options?: { shapeChecked?: boolean }): ApplyResult {
  return currentEngine.applyEvent(snapshot, event, options);
}

/** Folds a history into its snapshot, without side effects. */
export function replay(input: GuaranteeInput, events: readonly GuaranteeEvent[]): PersistedSnapshot {
  return currentEngine.replay(input, events);
}

/** The snapshot after each event of a history (for time travel and per-event verification). */
export function replaySteps(input: GuaranteeInput, events: readonly GuaranteeEvent[]): PersistedSnapshot[] {
  return currentEngine.replaySteps(input, events);
}

export function restoreSnapshot(snapshot: AnySnapshot): GuaranteeSnapshot {
  return currentEngine.restore(snapshot);
}

/** The top-level state (stage) of a snapshot. */
export function stageOf(snapshot: SnapshotLike | { value: StateValue }): StageKey {
  return stageOfValue(snapshot.value);
}

/**
 * JSON with object keys sorted, so that two equal snapshots give the same text whatever order their
 * keys come in (PostgreSQL JSONB reorders keys). Use it to compare or hash snapshots.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function snapshotsEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
