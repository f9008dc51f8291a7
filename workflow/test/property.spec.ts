/**
 * Random event sequences (fast-check): start somewhere along the happy path, then send events the
 * current state has transitions for (mostly), or any event at all (sometimes), from random people,
 * with valid or broken payloads. Whatever happens, the invariants hold, and replaying the accepted
 * events gives the snapshot built step by step.
 */

import fc from 'fast-check';
import { getNextTransitions } from 'xstate';
import {
  applyEvent,
  createInitialSnapshot,
  EVENT_TYPES,
  GUARANTEE_ITEM_ID,
  happyPathEvents,
  isEventType,
  legalActions,
  MAX_VISIT_ROUND,
  REGIONS,
  replay,
  replaySteps,
  restoreSnapshot,
  stageOf,
  statusLabels,
  toFen,
  validateEvent,
  type EventType,
  type GuaranteeEvent,
  type GuaranteeInput,
  type PersistedSnapshot,
} from '../src/index';
import { A_POST, actors, APPROVER, B_POST, B_POST_2, CLERK, FINANCE, LEADER, OUTSIDER, payloads, VOTERS } from './support';

const PEOPLE = [A_POST, B_POST, B_POST_2, CLERK, APPROVER, LEADER, FINANCE, OUTSIDER, ...VOTERS];

/** Payloads that some guard or the edge check must refuse. */
function brokenPayloads(type: EventType, snapshot: PersistedSnapshot): Record<string, unknown>[] {
  const { context } = snapshot;
  return [
    { reason: '' },
    { amount: -1 },
    { amount: context.outstandingPrincipal + 1 },
    { meetingId: 'not-this-meeting', opinion: 'AGREE', result: 'PASSED' },
    { itemId: 'not-an-item' },
    { toOfficerId: context.aPostOfficerId },
    { collateral: [{ id: GUARANTEE_ITEM_ID, kind: 'MORTGAGE' }] },
    ...(type === 'SUBMIT_MATERIALS' ? [{ completeDataTypes: [] }] : []),
  ];
}

interface Step {
  wild: boolean;
  broken: boolean;
  pick: number;
  person: number;
  variant: number;
}

function chooseEvent(snapshot: PersistedSnapshot, step: Step, index: number): GuaranteeEvent {
  const live = restoreSnapshot(snapshot);
  const possible = [...new Set(getNextTransitions(live).map((t) => t.eventType))].filter(isEventType);
  const candidates = step.wild || possible.length === 0 ? EVENT_TYPES : possible;
  const type = candidates[step.pick % candidates.length];
  const options = step.broken ? brokenPayloads(type, snapshot) : payloads(type, snapshot.context);
  const payload = options[step.variant % options.length];
  const at = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
  return { ...payload, type, actorId: PEOPLE[step.person % PEOPLE.length], at } as GuaranteeEvent;
}

function checkInvariants(snapshot: PersistedSnapshot): void {
  const c = snapshot.context;
  expect(c.outstandingPrincipal).toBeGreaterThanOrEqual(0);
  expect(c.repaidTotal).toBeGreaterThanOrEqual(0);
  if (c.disbursedAt !== null) expect(toFen(c.outstandingPrincipal) + toFen(c.repaidTotal)).toBe(toFen(c.amount));
  else expect(c.outstandingPrincipal).toBe(0);
  expect(c.visitRound).toBeGreaterThanOrEqual(0);
  expect(c.visitRound).toBeLessThanOrEqual(MAX_VISIT_ROUND);
  if (c.meeting) {
    for (const voter of Object.keys(c.meeting.votes)) expect(c.meeting.attendees).toContain(voter);
    expect(new Set(c.meeting.attendees).size).toBe(c.meeting.attendees.length);
  }
  expect(new Set(c.completedRegions).size).toBe(c.completedRegions.length);
  for (const region of c.completedRegions) expect(REGIONS).toContain(region);
  const stage = stageOf(snapshot);
  if (['disbursement', 'afterGuarantee', 'release', 'closed'].includes(stage)) expect(c.completedRegions).toHaveLength(4);
  const releasable = [GUARANTEE_ITEM_ID, ...c.collateral.map((item) => item.id)];
  expect(new Set(c.releasedItems).size).toBe(c.releasedItems.length);
  for (const item of c.releasedItems) expect(releasable).toContain(item);
  expect(snapshot.status).toBe(stage === 'closed' || stage === 'discontinued' ? 'done' : 'active');
  expect(c.discontinued !== null).toBe(stage === 'discontinued');
  expect(statusLabels(snapshot).stage.key).toBe(stage);
}

const input: GuaranteeInput = { loanId: 'prop-loan', amount: 2500.5, termMonths: 24, aPostOfficerId: A_POST, bPostOfficerId: B_POST };
const happy = happyPathEvents(input, actors, { visitRounds: 3, installments: 3 });
const happySnapshots = [createInitialSnapshot(input), ...replaySteps(input, happy)];

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  wild: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  broken: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  pick: fc.nat(),
  person: fc.nat(),
  variant: fc.nat(),
});

describe('random event sequences', () => {
  it('never break the invariants, and replay to the snapshot built step by step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: happy.length }), fc.array(stepArbitrary, { maxLength: 40 }), (prefix, steps) => {
        const history = happy.slice(0, prefix);
        const built: PersistedSnapshot[] = [];
        let snapshot = happySnapshots[prefix];
        steps.forEach((step, index) => {
          const event = chooseEvent(snapshot, step, index);
          const before = JSON.stringify(snapshot);
          const result = applyEvent(snapshot, event);
          expect(JSON.stringify(snapshot)).toBe(before); // applying never mutates its input
          if (snapshot.status === 'done') {
            // Final states absorb: malformed events are refused as such, valid ones as finished.
            const code = validateEvent(event).length > 0 ? 'INVALID_EVENT' : 'INSTANCE_FINISHED';
            expect(result).toMatchObject({ accepted: false, reason: { code } });
          }
          if (result.accepted) {
            history.push(event);
            snapshot = result.snapshot;
            built.push(snapshot);
            checkInvariants(snapshot);
          }
        });
        expect(replay(input, history)).toEqual(snapshot);
        expect(replaySteps(input, history).slice(prefix)).toEqual(built);
        // What is stored resumes the same.
        const stored = JSON.parse(JSON.stringify(snapshot)) as PersistedSnapshot;
        const everyone = { id: CLERK, roles: ['ROOT'], authorityList: [] };
        expect(legalActions(stored, everyone)).toEqual(legalActions(snapshot, everyone));
      }),
      { numRuns: 150 },
    );
  });

  it('final states absorb every event', () => {
    const closed = happySnapshots.at(-1)!;
    const discontinued = replay(input, [{ type: 'COLLECTION_DISCONTINUE', actorId: CLERK, at: '2025-01-01T00:00:00.000Z', reason: 'stop' }]);
    fc.assert(
      fc.property(fc.constantFrom(closed, discontinued), stepArbitrary, (final, step) => {
        const event = chooseEvent(final, { ...step, wild: true }, 0);
        expect(applyEvent(final, event)).toMatchObject({ accepted: false, reason: { code: expect.stringMatching(/^(INSTANCE_FINISHED|INVALID_EVENT)$/) } });
        expect(legalActions(final, { id: CLERK, roles: ['ROOT'], authorityList: [] })).toEqual([]);
        // xstate's own can() does not look at the status: a root transition (OPERATOR_MOVE, taken in
        // every state) answers true on a finished machine. Every caller checks the status first.
        if (event.type !== 'OPERATOR_MOVE') expect(restoreSnapshot(final).can(event)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
