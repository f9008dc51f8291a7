/**
 * A generated walk of the machine's graph: breadth-first from the initial state, trying at every
 * state each event the state has a transition for, from each of a pool of actors, with a few
 * representative payloads. Every state must be reached and every transition taken at least once.
 */

import { getNextTransitions, initialTransition, transition, type AnyTransitionDefinition } from 'xstate';
import {
  activePaths,
  guaranteeMachine,
  isEventType,
  machineDefinition,
  stageOfValue,
  type GuaranteeContext,
  type GuaranteeEvent,
  type GuaranteeSnapshot,
  type TransitionDefinitionJson,
} from '../src/index';
import { A_POST, APPROVER, AT, B_POST, B_POST_2, CLERK, payloads, testInput, VOTERS } from './support';

const ACTOR_POOL = [A_POST, B_POST, B_POST_2, CLERK, APPROVER, ...VOTERS];
/** What tells two contexts apart for the graph (who did what does not). */
function projection(context: GuaranteeContext) {
  return [
    context.visitRound,
    context.outstandingPrincipal,
    context.releasedItems.length,
    context.contractSealed,
    context.extension !== null,
    context.extendedMaturityOn,
    context.overdueNotice !== null,
    context.compensation && [context.compensation.resumeVisitsAt, context.compensation.recoveredFen, context.compensation.recoveryStage],
    context.meeting
      ? Object.entries(context.meeting.votes)
          .map(([who, vote]) => `${who}:${vote.opinion}`)
          .sort()
      : null,
  ];
}

const idOfJson = (t: TransitionDefinitionJson) => `${t.source}|${t.event}|${t.targets.join(',')}|${t.guard ?? ''}`;
const idOfDefinition = (t: AnyTransitionDefinition) =>
  `${t.source.path.join('.')}|${t.eventType}|${(t.target ?? []).map((n) => n.path.join('.')).join(',')}|${typeof t.guard === 'string' ? t.guard : ''}`;

describe('graph walk', () => {
  const definition = machineDefinition();
  const allStates = new Set(definition.states.map((s) => s.path));
  const allTransitions = new Set(definition.transitions.map(idOfJson));
  const doneTransition = definition.transitions.find((t) => t.kind === 'done');

  const reachedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  const finalStatuses = new Set<string>();
  let explored = 0;

  beforeAll(() => {
    const [start] = initialTransition(guaranteeMachine, testInput({ amount: 4 }));
    const seen = new Set<string>();
    const queue: GuaranteeSnapshot[] = [start];
    const keyOf = (s: GuaranteeSnapshot) => JSON.stringify([s.value, projection(s.context)]);
    seen.add(keyOf(start));
    activePaths(start.value).forEach((p) => reachedStates.add(p));

    while (queue.length > 0) {
      const snapshot = queue.shift()!;
      explored += 1;
      if (snapshot.status === 'done') {
        finalStatuses.add(stageOfValue(snapshot.value));
        continue;
      }
      // Only the package's own events: the machine's internal done events are not sent from outside
      // (applyEvent refuses them as unknown types).
      const types = [...new Set(getNextTransitions(snapshot).map((t) => t.eventType))].filter(isEventType);
      for (const type of types) {
        for (const payload of payloads(type, snapshot.context)) {
          for (const actorId of ACTOR_POOL) {
            const event = { ...payload, type, actorId, at: AT } as GuaranteeEvent;
            if (!snapshot.can(event)) continue;
            guaranteeMachine.getTransitionData(snapshot, event).forEach((t) => takenTransitions.add(idOfDefinition(t)));
            const [next] = transition(guaranteeMachine, snapshot, event);
            if (doneTransition && stageOfValue(snapshot.value) === 'duringGuarantee' && stageOfValue(next.value) === 'disbursement')
              takenTransitions.add(idOfJson(doneTransition));
            activePaths(next.value).forEach((p) => reachedStates.add(p));
            const key = keyOf(next);
            if (!seen.has(key)) {
              seen.add(key);
              queue.push(next);
            }
          }
        }
      }
    }
  });

  it('identifies every transition of the definition uniquely', () => {
    expect(allTransitions.size).toBe(definition.transitions.length);
    expect(allStates.size).toBe(definition.states.length);
    expect(doneTransition).toMatchObject({ source: 'duringGuarantee', targets: ['disbursement'] });
  });

  it('reaches every state', () => {
    expect([...allStates].filter((s) => !reachedStates.has(s))).toEqual([]);
    expect([...reachedStates].filter((s) => !allStates.has(s))).toEqual([]);
    expect(reachedStates).toEqual(allStates);
  });

  it('takes every transition', () => {
    expect([...allTransitions].filter((t) => !takenTransitions.has(t))).toEqual([]);
    expect([...takenTransitions].filter((t) => !allTransitions.has(t))).toEqual([]);
    expect(takenTransitions).toEqual(allTransitions);
  });

  it('ends in both final states, and the walk stays small', () => {
    expect(finalStatuses).toEqual(new Set(['closed', 'discontinued']));
    expect(explored).toBeGreaterThan(100);
    expect(explored).toBeLessThan(20000);
  });
});
