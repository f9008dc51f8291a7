/** OPERATOR_MOVE: an administrator's move of a loan to a state the machine has, with a reason. */
import {
  applyEvent,
  createEngine,
  describeStateValue,
  engineForVersion,
  eventsToStage,
  EVENT_PERMISSIONS,
  guaranteeMachine,
  guaranteeMachineV1,
  legalActions,
  moveTargetTree,
  replay,
  replaySteps,
  snapshotsEqual,
  validateEvent,
  type GuaranteeEvent,
  type OperatorMoveTarget,
  type PersistedSnapshot,
} from '../src/index';
import { actors, applyAll, ev, initial, snapshotEntering, testInput } from './support';

const ADMIN = 'admin-1';
const move = (target: OperatorMoveTarget, reason = 'the meeting was cancelled half-way') => ev('OPERATOR_MOVE', ADMIN, { target, reason });
const DURING_WHOLE = { duringGuarantee: { contract: 'sealed', premium: 'done', counterGuarantee: 'pending', letter: 'approved' } };

function accepted(snapshot: PersistedSnapshot, event: GuaranteeEvent) {
  const result = applyEvent(snapshot, event);
  if (!result.accepted) throw new Error(`refused: ${result.reason.code} ${result.reason.en}`);
  return result;
}

function refusal(snapshot: PersistedSnapshot, event: GuaranteeEvent) {
  const result = applyEvent(snapshot, event);
  if (result.accepted) throw new Error(`accepted ${JSON.stringify(event)}`);
  return result;
}

describe('OPERATOR_MOVE', () => {
  it('needs the operations key and is never offered as a pipeline step', () => {
    expect(EVENT_PERMISSIONS.OPERATOR_MOVE).toBe('sys:operations:move');
    const actions = legalActions(snapshotEntering('preReview'), { id: ADMIN, roles: ['ROLE_ADMIN'], authorityList: [] });
    expect(actions.map((a) => a.type)).not.toContain('OPERATOR_MOVE');
  });

  it('refuses a malformed target or a missing reason before the machine (shape)', () => {
    expect(validateEvent({ type: 'OPERATOR_MOVE', actorId: ADMIN, at: '2024-03-01T08:00:00.000Z', target: 'x', reason: ' ' })).toEqual([
      { field: 'reason', message: 'must be a non-empty string' },
    ]);
    expect(validateEvent({ type: 'OPERATOR_MOVE', actorId: ADMIN, at: '2024-03-01T08:00:00.000Z', target: ['collection'], reason: 'r' })[0].field).toBe(
      'target',
    );
    expect(validateEvent({ type: 'OPERATOR_MOVE', actorId: ADMIN, at: '2024-03-01T08:00:00.000Z', target: { a: 1 }, reason: 'r' })[0].field).toBe('target');
  });

  it('moves a loan back to an earlier state, keeping its context, declaring the next actors’ to-do', () => {
    const before = snapshotEntering('insuranceReview');
    const result = accepted(before, move({ preReview: 'awaitingApproval' }));
    expect(result.snapshot.value).toEqual({ preReview: 'awaitingApproval' });
    expect(result.snapshot.context).toEqual(before.context);
    expect(result.stage).toBe('preReview');
    expect(result.effects).toEqual([{ type: 'notifyNextActors', params: { event: 'OPERATOR_MOVE', actorId: ADMIN } }]);
    // the loan goes on from there as from any arrival: the approver may decide again
    expect(applyEvent(result.snapshot, ev('PRE_REVIEW_APPROVE', 'approver')).accepted).toBe(true);
  });

  it('moves into a parallel state given whole, one state per region', () => {
    const result = accepted(snapshotEntering('withdrawal'), move(DURING_WHOLE));
    expect(result.snapshot.value).toEqual(DURING_WHOLE);
    // the regions go on from where they were put
    const next = accepted(result.snapshot, ev('CONTRACT_ARCHIVE_UPLOAD', 'a-post'));
    expect(next.snapshot.value).toMatchObject({ duringGuarantee: { contract: 'archiveUploaded', premium: 'done' } });
  });

  it.each<[string, OperatorMoveTarget, RegExp]>([
    ['an unknown stage', 'nowhere', /no stage nowhere/],
    ['an unknown state', { preReview: 'nowhere' }, /preReview has no state nowhere/],
    ['a stage with states, not naming one', 'preReview', /preReview has states/],
    ['a parallel state with a region missing', { duringGuarantee: { contract: 'sealed', premium: 'done' } }, /regions counterGuarantee, letter are not given/],
    ['a parallel state given as one region', { duringGuarantee: 'contract' }, /parallel/],
    ['an unknown region', { duringGuarantee: { ...DURING_WHOLE.duringGuarantee, vault: 'x' } }, /no region vault/],
    ['every region done', { duringGuarantee: { contract: 'done', premium: 'done', counterGuarantee: 'done', letter: 'done' } }, /every region done/],
    ['a final stage', 'closed', /final stage/],
    ['a state inside an atomic one', { release: { unresolved: 'deeper' } }, /no states inside it/],
    ['two stages at once', { preReview: 'awaitingApproval', collection: 'submitted' } as OperatorMoveTarget, /exactly one stage/],
  ])('refuses %s, naming it', (_what, target, why) => {
    const result = refusal(snapshotEntering('preReview'), move(target));
    expect(result.reason.code).toBe('OPERATOR_MOVE_UNKNOWN_TARGET');
    expect(result.reason.en).toMatch(why);
    expect(result.reason.en).toContain(describeStateValue(target));
    expect(result.reason.zh).toContain('目标节点');
  });

  it('refuses the state the loan already stands in, and a loan that has finished', () => {
    const here = snapshotEntering('preReview');
    expect(refusal(here, move(here.value as OperatorMoveTarget)).reason.code).toBe('OPERATOR_MOVE_SAME_STATE');
    const discontinued = applyAll(initial(), [ev('COLLECTION_DISCONTINUE', 'clerk', { reason: 'gone' })]);
    expect(refusal(discontinued, move({ collection: 'submitted' })).reason.code).toBe('INSTANCE_FINISHED');
  });

  it('refuses a move without a reason (the machine’s own guard)', () => {
    expect(refusal(snapshotEntering('preReview'), move({ collection: 'submitted' }, '')).reason.code).toBe('INVALID_EVENT');
  });

  it('lists the machine’s targets as a tree: stages without the final ones, regions of parallel states', () => {
    const tree = moveTargetTree(guaranteeMachine);
    expect(tree.map((n) => n.key)).not.toContain('closed');
    expect(tree.map((n) => n.key)).not.toContain('discontinued');
    const during = tree.find((n) => n.key === 'duringGuarantee')!;
    expect(during.type).toBe('parallel');
    expect(during.children.map((r) => r.key)).toEqual(['contract', 'premium', 'counterGuarantee', 'letter']);
    expect(tree.find((n) => n.key === 'preReview')!.label.zh.length).toBeGreaterThan(0);
  });

  it('is not an event of version 1: its histories replay unchanged, and a version 1 engine refuses the move', () => {
    const v1 = engineForVersion(1);
    const snapshot = v1.createInitialSnapshot(testInput());
    const result = v1.applyEvent(snapshot, move({ collection: 'submitted' }));
    expect(result.accepted).toBe(false);
    // an engine built on the same machine again behaves the same (no hidden state in the move)
    const again = createEngine(guaranteeMachineV1, 1).applyEvent(snapshot, move({ collection: 'submitted' }));
    expect(again.accepted).toBe(false);
  });
});

describe('OPERATOR_MOVE in a replayed history', () => {
  it('replays to the snapshot the moves produced, and each step’s state value', () => {
    const input = testInput();
    const lead = eventsToStage(input, 'withdrawal', actors);
    const moves = [move(DURING_WHOLE), move({ withdrawal: 'leaderReview' }, 'back for a recheck')];
    let live = replay(input, lead);
    for (const m of moves) live = accepted(live, m).snapshot;
    const replayed = replay(input, [...lead, ...moves]);
    expect(snapshotsEqual(replayed, live)).toBe(true);
    const steps = replaySteps(input, [...lead, ...moves]);
    expect(steps.at(-2)!.value).toEqual(DURING_WHOLE);
    expect(steps.at(-1)!.value).toEqual({ withdrawal: 'leaderReview' });
  });
});
