/**
 * Effects: what must happen outside the machine when a loan moves (a to-do today; reminders and
 * documents with the stages that need them). The machine declares each as a named xstate action with
 * typed params on its transitions; `transition()` hands them back without running them, the engine
 * returns them beside the next snapshot, and the server writes one outbox row per effect in the
 * statement that commits the event. A worker handler registered under the effect's name does it.
 *
 * Adding an effect: one entry in `EffectParams` (and `EFFECT_NAMES`), its reference on the
 * transitions in machine.ts, and its handler in the server's job registry (which refuses to start
 * without one). Declare an effect only together with its real handler.
 */

import type { EventType, GuaranteeEvent, RiskClassification } from './events';

/** Effect name -> its params, as the machine declares them and the handler receives them. */
export interface EffectParams {
  /** Everyone who can act on the loan after this step, except whoever took it, gets a to-do. */
  notifyNextActors: { event: EventType; actorId: string };
  /**
   * A visit report was submitted with this classification: when the server's visit record says it is a
   * downgrade to substandard or worse, every leader gets one message (null: a report from before the
   * classification existed, nothing to tell).
   */
  notifyRiskDowngrade: { classification: RiskClassification | null; actorId: string };
}

export type EffectName = keyof EffectParams;

/** One effect as the engine returns it, in the order the machine declared them. */
export type Effect = { [K in EffectName]: { type: K; params: EffectParams[K] } }[EffectName];

/** Every effect name (checked against EffectParams by the type below). */
export const EFFECT_NAMES = ['notifyNextActors', 'notifyRiskDowngrade'] as const satisfies readonly EffectName[];
// Fails to compile when a name of EffectParams is missing from EFFECT_NAMES.
const allNamesListed: Exclude<EffectName, (typeof EFFECT_NAMES)[number]> extends never ? true : false = true;
void allNamesListed;

export function isEffectName(name: string): name is EffectName {
  return (EFFECT_NAMES as readonly string[]).includes(name);
}

/**
 * The implementations given to `setup({ actions })`: none does anything. The machine only declares
 * effects; whoever runs it (the engine's pure `transition()`) collects them, and the server does them.
 */
export function effectActions(): { [K in EffectName]: (args: unknown, params: EffectParams[K]) => void } {
  return { notifyNextActors: () => undefined, notifyRiskDowngrade: () => undefined };
}

/** The effect references of a transition, as its `actions` entries (params computed from the event). */
export const EFFECT_REFS = {
  notifyNextActors: {
    type: 'notifyNextActors',
    params: ({ event }: { event: GuaranteeEvent }): EffectParams['notifyNextActors'] => ({ event: event.type, actorId: event.actorId }),
  },
  notifyRiskDowngrade: {
    type: 'notifyRiskDowngrade',
    params: ({ event }: { event: GuaranteeEvent }): EffectParams['notifyRiskDowngrade'] => ({
      classification: event.type === 'VISIT_SUBMIT_REPORT' ? (event.classification ?? null) : null,
      actorId: event.actorId,
    }),
  },
} as const;

/** The effects among the actions `transition()` returned, as plain JSON, in order. */
export function effectsOf(actions: readonly { type: string; params?: unknown }[]): Effect[] {
  return actions
    .filter((action) => isEffectName(action.type))
    .map((action) => JSON.parse(JSON.stringify({ type: action.type, params: action.params ?? {} })) as Effect);
}
