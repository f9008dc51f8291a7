import {
  actorsWhoCanAct,
  activePaths,
  ALL_PERMISSION_KEYS,
  applyEvent,
  createInitialSnapshot,
  EVENT_PERMISSIONS,
  happyPathEvents,
  legalActions,
  offeredEventsByLeaf,
  replaySteps,
  representativeEvent,
  restoreSnapshot,
  ROLE_ADMIN,
  ROLE_ROOT,
  type Actor,
  type EventType,
} from '../src/index';
import { A_POST, actors, applyAll, APPROVER, CLERK, ev, initial, OUTSIDER, snapshotEntering, testInput, VOTERS } from './support';

const [V1, V2] = VOTERS;
const user = (id: string, authorityList: string[], roles: string[] = ['ROLE_USER']): Actor => ({ id, roles, authorityList });
/** Someone holding every action code (but not ROOT). */
const everyCode = (id: string) => user(id, [...ALL_PERMISSION_KEYS]);
const types = (list: { type: EventType }[]) => list.map((a) => a.type);

describe('legalActions', () => {
  it('at the start: the A-post officer may submit; others with the same code may not', () => {
    const start = initial();
    const code = [EVENT_PERMISSIONS.SUBMIT_MATERIALS];
    expect(legalActions(start, user(A_POST, code))).toEqual([
      { type: 'SUBMIT_MATERIALS', permission: 'sys:loan:perfect', label: { zh: '提交资料', en: 'Submit materials' } },
    ]);
    expect(legalActions(start, user(CLERK, code))).toEqual([]);
    expect(types(legalActions(start, user(CLERK, [], [ROLE_ROOT])))).toEqual(['COLLECTION_DISCONTINUE']);
    expect(legalActions(start, user(A_POST, [], [ROLE_ADMIN]))).toEqual([]);
  });

  it('maker-checker: the submitter sees no check actions, the receiver sees both', () => {
    const submitted = applyAll(initial(), [ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] })]);
    expect(types(legalActions(submitted, everyCode(A_POST)))).toEqual(['COLLECTION_DISCONTINUE']);
    expect(types(legalActions(submitted, everyCode(CLERK)))).toEqual(['RETURN_MATERIALS', 'CONFIRM_RECEIPT', 'COLLECTION_DISCONTINUE']);
    expect(types(legalActions(submitted, user(CLERK, ['sys:loan:confirm-receipt'])))).toEqual(['CONFIRM_RECEIPT']);
  });

  it('voting: attendees who have not voted see the vote; others do not', () => {
    const voting = applyAll(snapshotEntering('generalOffice'), [
      ev('GENERAL_OFFICE_ALLOCATE', CLERK, { meetingId: 'zb-1', attendees: [V1, V2] }),
      ev('GENERAL_OFFICE_MEETING_STARTED', CLERK, { meetingId: 'zb-1' }),
    ]);
    const voteCode = [EVENT_PERMISSIONS.GENERAL_OFFICE_CAST_VOTE];
    expect(types(legalActions(voting, user(V1, voteCode)))).toEqual(['GENERAL_OFFICE_CAST_VOTE']);
    expect(types(legalActions(voting, user(OUTSIDER, voteCode)))).toEqual([]);
    expect(types(legalActions(voting, user(V1, [EVENT_PERMISSIONS.INSURANCE_REVIEW_CAST_VOTE])))).toEqual([]);
    const voted = applyAll(voting, [ev('GENERAL_OFFICE_CAST_VOTE', V1, { meetingId: 'zb-1', opinion: 'AGREE' })]);
    expect(types(legalActions(voted, user(V1, voteCode)))).toEqual([]);
    expect(types(legalActions(voted, user(V2, voteCode)))).toEqual(['GENERAL_OFFICE_CAST_VOTE']);
    expect(types(legalActions(voted, everyCode(CLERK)))).toEqual([
      'GENERAL_OFFICE_MEETING_CANCELLED',
      'GENERAL_OFFICE_MEETING_ENDED',
      'GENERAL_OFFICE_DISCONTINUE',
    ]);
  });

  it('two users, same loan, different buttons (during the guarantee)', () => {
    const s = snapshotEntering('duringGuarantee');
    expect(types(legalActions(s, everyCode(A_POST)))).toEqual(['CONTRACT_GENERATE', 'PREMIUM_ADD', 'DURING_GUARANTEE_DISCONTINUE']);
    // The B-post officer also confirms the counter-guarantee.
    expect(types(legalActions(s, everyCode(actors.bPost)))).toEqual([
      'CONTRACT_GENERATE',
      'PREMIUM_ADD',
      'COUNTER_GUARANTEE_CONFIRM',
      'DURING_GUARANTEE_DISCONTINUE',
    ]);
  });

  it('a finished loan offers nothing, even to ROOT', () => {
    const events = happyPathEvents(testInput(), actors);
    const closed = replaySteps(testInput(), events).at(-1)!;
    expect(closed.value).toBe('closed');
    expect(legalActions(closed, user('root', [], [ROLE_ROOT]))).toEqual([]);
  });

  it('accepts live and persisted snapshots alike', () => {
    const s = snapshotEntering('preReview');
    expect(legalActions(restoreSnapshot(s), everyCode(APPROVER))).toEqual(legalActions(s, everyCode(APPROVER)));
    expect(types(legalActions(s, everyCode(APPROVER)))).toEqual([
      'PRE_REVIEW_APPROVE',
      'PRE_REVIEW_REJECT',
      'PRE_REVIEW_RETURN',
      'PRE_REVIEW_MODIFY_AMOUNT',
      'PRE_REVIEW_DISCONTINUE',
    ]);
  });

  it('agrees with applyEvent all along the happy path, for every participant', () => {
    const input = testInput();
    const events = happyPathEvents(input, actors);
    const snapshots = [createInitialSnapshot(input), ...replaySteps(input, events)];
    const people = [actors.aPost, actors.bPost, actors.clerk, actors.approver, actors.leader, actors.finance, ...actors.voters, OUTSIDER];
    events.forEach((event, i) => {
      const before = snapshots[i];
      // The event actually taken is among its actor's legal actions.
      expect(types(legalActions(before, everyCode(event.actorId)))).toContain(event.type);
      for (const person of people) {
        for (const action of legalActions(before, everyCode(person))) {
          // Every listed action is accepted when sent with a valid payload.
          const sent = representativeEvent(action.type, before.context, person, '2024-06-01T00:00:00.000Z');
          expect({ type: action.type, person, accepted: applyEvent(before, sent).accepted }).toEqual({
            type: action.type,
            person,
            accepted: true,
          });
        }
      }
    });
  });

  it('actorsWhoCanAct names exactly those with a legal action, and every leaf offers what the machine accepts there', () => {
    const input = testInput();
    const events = happyPathEvents(input, actors);
    const snapshots = [createInitialSnapshot(input), ...replaySteps(input, events)];
    const people = [actors.aPost, actors.bPost, actors.clerk, actors.approver, actors.leader, actors.finance, ...actors.voters, OUTSIDER].map(everyCode);
    const leaves = offeredEventsByLeaf();
    for (const snapshot of snapshots) {
      expect(actorsWhoCanAct(snapshot, people).map((p) => p.id)).toEqual(people.filter((p) => legalActions(snapshot, p).length > 0).map((p) => p.id));
      // whatever someone may do here is offered by one of the loan's active leaves
      const offered = new Set(activePaths(snapshot.value).flatMap((path) => leaves.get(path) ?? []));
      for (const p of people) for (const action of legalActions(snapshot, p)) expect(offered.has(action.type)).toBe(true);
    }
    expect(leaves.get('preReview.awaitingApproval')).toContain('PRE_REVIEW_APPROVE');
    expect(leaves.get('duringGuarantee.contract.done')).toEqual([]);
    expect([...leaves.values()].flat()).not.toContain('OPERATOR_MOVE');
  });
});
