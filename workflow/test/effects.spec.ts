import {
  applyEvent,
  canonicalJson,
  EFFECT_NAMES,
  effectsOf,
  guaranteeMachine,
  happyPathEvents,
  legalActions,
  replay,
  restoreSnapshot,
  type Effect,
  type GuaranteeEvent,
  type PersistedSnapshot,
} from '../src/index';
import { A_POST, actors, applyAll, CLERK, ev, initial, OUTSIDER, snapshotEntering, testInput, VOTERS } from './support';

function accepted(snapshot: PersistedSnapshot, event: GuaranteeEvent) {
  const result = applyEvent(snapshot, event);
  if (!result.accepted) throw new Error(`${event.type} refused: ${result.reason.code}`);
  return result;
}

const notify = (event: GuaranteeEvent): Effect => ({ type: 'notifyNextActors', params: { event: event.type, actorId: event.actorId } });

describe('effects declared by the machine', () => {
  it('submitting materials returns the next snapshot and one to-do effect naming the event and its actor', () => {
    const event = ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] });
    const result = accepted(initial(), event);
    expect(result.snapshot.value).toEqual({ collection: 'submitted' });
    expect(result.effects).toEqual([{ type: 'notifyNextActors', params: { event: 'SUBMIT_MATERIALS', actorId: A_POST } }]);
  });

  it('a transition that changes only the context (a vote) declares the same effect', () => {
    let snapshot = snapshotEntering('generalOffice');
    snapshot = applyAll(snapshot, [
      ev('GENERAL_OFFICE_ALLOCATE', CLERK, { meetingId: 'm-1', attendees: [...VOTERS] }),
      ev('GENERAL_OFFICE_MEETING_STARTED', CLERK, { meetingId: 'm-1' }),
    ]);
    const vote = ev('GENERAL_OFFICE_CAST_VOTE', VOTERS[0], { meetingId: 'm-1', opinion: 'AGREE' });
    expect(accepted(snapshot, vote).effects).toEqual([notify(vote)]);
  });

  it('every accepted event of a whole pipeline returns exactly one to-do effect (a visit report also its downgrade check), also where onDone moves on in the same step', () => {
    const input = testInput();
    const events = happyPathEvents(input, actors);
    let snapshot = initial(input);
    const stages = new Set<string>();
    for (const event of events) {
      const result = accepted(snapshot, event);
      const downgradeCheck =
        event.type === 'VISIT_SUBMIT_REPORT'
          ? [{ type: 'notifyRiskDowngrade', params: { classification: event.classification ?? null, actorId: event.actorId } }]
          : [];
      expect(result.effects).toEqual([...downgradeCheck, notify(event)]);
      stages.add(result.stage);
      snapshot = result.snapshot;
    }
    // The walk went through the parallel stage's onDone (the last region done -> disbursement) to the end.
    expect([...stages]).toEqual(expect.arrayContaining(['duringGuarantee', 'disbursement', 'closed']));
  });

  it('a refused event has no effects', () => {
    const result = applyEvent(initial(), ev('CONFIRM_RECEIPT', CLERK));
    expect(result.accepted).toBe(false);
    expect('effects' in result).toBe(false);
  });

  it('effects are returned, never stored: replay, snapshots and legal actions are as before', () => {
    const input = testInput();
    const events = happyPathEvents(input, actors).slice(0, 12);
    const stepped = applyAll(initial(input), events);
    expect(canonicalJson(replay(input, events))).toBe(canonicalJson(stepped));
    expect(JSON.stringify(stepped)).not.toContain('notifyNextActors');
    // An outsider still has nothing to do (a transition is offered for its target or context change, not for its effects).
    expect(legalActions(stepped, { id: OUTSIDER, roles: [], authorityList: [] })).toEqual([]);
  });

  it('every declared effect name is referenced by the machine, and only effects come out of effectsOf', () => {
    const referenced = new Set<string>();
    const walk = (node: (typeof guaranteeMachine)['root']) => {
      for (const child of Object.values(node.states)) {
        for (const definitions of child.transitions.values())
          for (const t of definitions) for (const a of t.actions) referenced.add(String((a as { type?: string }).type ?? a));
        walk(child);
      }
    };
    walk(guaranteeMachine.root);
    for (const name of EFFECT_NAMES) expect(referenced).toContain(name);
    expect(effectsOf([{ type: 'xstate.assign' }, { type: 'notifyNextActors', params: { event: 'X', actorId: 'u' } }])).toEqual([
      { type: 'notifyNextActors', params: { event: 'X', actorId: 'u' } },
    ]);
    expect(restoreSnapshot(initial()).can(ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] }))).toBe(true);
  });
});
