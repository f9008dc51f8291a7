import type * as engine from '@app/workflow';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { HOOK_ORDER, type HookFeature, type HookOrder } from './hook-order';

/**
 * The one extension point of the pipeline. A feature reacts to an event in three ways only:
 * - an effect (workflow/src/effects.ts): declared on the machine's transition, done after the commit by
 *   a worker job;
 * - a preparer: fills or checks the payload before the machine judges it (or refuses with a 4xx);
 * - a writer: rows written with the event, in its transaction, after the machine accepted it.
 * Each feature declares its preparers and writers in `<feature>/<feature>.hooks.ts` (no decorators: a
 * function of the feature's services answering FeatureHooks); hook-order.ts fixes their order per
 * event; WorkflowService reads both at start and refuses to start when they disagree.
 */

/**
 * Stage data a feature puts into an event from what the server stores (or refuses the event with a
 * 4xx): called once before the shape check, and again inside the step's transaction with the loan's
 * workflow instance locked, so that what is committed is what the feature's tables say at that moment.
 */
export type EventPreparer = (em: EntityManager, loanId: string, payload: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** What a preparer checked by the commit reads: the fields and the loan-data versions they came from. */
export interface CheckedFields {
  fields: Record<string, unknown>;
  /** Type -> loan_data.version read; the commit statement refuses the step if any type was saved since. */
  loanDataVersions: Record<string, number>;
}

/**
 * A preparer whose reads the commit statement itself checks (SUBMIT_MATERIALS' completeness: the
 * loan-data versions), so it runs once, needs no lock and keeps the one-statement hot path. It reads
 * the loan's rows only (never the payload): with the instance this process kept, the engine may
 * answer it from what it read then; a stale answer only makes the commit refuse and the step be
 * judged again on stored rows.
 */
export interface CommitCheckedPreparer {
  commitChecked: (em: EntityManager, loanId: string) => Promise<CheckedFields>;
}

/** What a feature that writes its own rows with an event gets, inside the event's transaction. */
export interface EventWriteContext {
  em: EntityManager;
  loanId: string;
  event: engine.GuaranteeEvent;
  user: AuthUser;
  /** The machine's snapshot after the event. */
  snapshot: engine.PersistedSnapshot;
  /** Runs when the transaction fails (e.g. removes bytes written to the file storage). */
  onRollback(undo: () => Promise<void>): void;
  /** Runs once the transaction has committed (e.g. removes bytes whose rows were deleted). */
  onCommit(after: () => Promise<void>): void;
}

/**
 * Rows a feature writes with an event (generated contracts with CONTRACT_GENERATE, ...): run after the
 * machine accepted the event, in the same transaction, so that the step and its data commit or fail
 * together. It may refuse with an AppError (the event is then not recorded either).
 */
export type EventWriter = (ctx: EventWriteContext) => Promise<void>;

/** One feature's hooks, by event. */
export interface FeatureHooks {
  preparers?: Partial<Record<engine.EventType, EventPreparer | CommitCheckedPreparer>>;
  writers?: Partial<Record<engine.EventType, EventWriter>>;
}

/** Every feature's declared hooks (the compiler insists on one entry per feature of the order list). */
export type DeclaredHooks = Readonly<Record<HookFeature, FeatureHooks>>;

/** The Nest token of the DeclaredHooks (provided beside the app module, read by WorkflowService). */
export const PIPELINE_HOOKS = 'PIPELINE_HOOKS';

/** The hooks of one event, in their order. */
export interface EventHooks {
  /** Run before the shape check and again in the step's transaction with the instance locked. */
  locked: readonly EventPreparer[];
  /** Run once; what they read is checked by the commit statement. */
  checked: readonly { feature: HookFeature; prepare: CommitCheckedPreparer['commitChecked'] }[];
  writers: readonly EventWriter[];
}

export const NO_HOOKS: EventHooks = { locked: [], checked: [], writers: [] };

const isChecked = (p: EventPreparer | CommitCheckedPreparer): p is CommitCheckedPreparer => typeof p !== 'function';

/**
 * The declared hooks arranged by the order list; throws, naming every disagreement, when a feature
 * declares a hook the list does not place, or the list places one no feature declares.
 */
export function resolveHooks(declared: DeclaredHooks, order: HookOrder = HOOK_ORDER): Map<engine.EventType, EventHooks> {
  const problems: string[] = [];
  const resolved = new Map<engine.EventType, EventHooks>();
  for (const [type, places] of Object.entries(order) as [engine.EventType, HookOrder[engine.EventType]][]) {
    const hooks = { locked: [] as EventPreparer[], checked: [] as EventHooks['checked'][number][], writers: [] as EventWriter[] };
    for (const kind of ['preparers', 'writers'] as const) {
      const names = places?.[kind] ?? [];
      if (new Set(names).size !== names.length) problems.push(`hook-order.ts names a feature twice among the ${kind} of ${type}`);
      for (const feature of names) {
        const hook = declared[feature]?.[kind]?.[type];
        if (!hook) problems.push(`hook-order.ts places ${feature}'s ${kind.slice(0, -1)} of ${type}, which ${feature} does not declare`);
        else if (kind === 'writers') hooks.writers.push(hook as EventWriter);
        else if (isChecked(hook as EventPreparer | CommitCheckedPreparer))
          hooks.checked.push({ feature, prepare: (hook as CommitCheckedPreparer).commitChecked });
        else hooks.locked.push(hook as EventPreparer);
      }
    }
    resolved.set(type, hooks);
  }
  for (const [feature, hooks] of Object.entries(declared) as [HookFeature, FeatureHooks][]) {
    for (const kind of ['preparers', 'writers'] as const) {
      for (const type of Object.keys(hooks[kind] ?? {}) as engine.EventType[]) {
        if (!order[type]?.[kind]?.includes(feature)) problems.push(`${feature} declares a ${kind.slice(0, -1)} of ${type} that hook-order.ts does not place`);
      }
    }
  }
  if (problems.length) throw new Error(`The pipeline's hooks disagree with their order list:\n- ${problems.join('\n- ')}`);
  return resolved;
}
