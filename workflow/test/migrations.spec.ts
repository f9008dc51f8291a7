/**
 * Versioning, end to end. First the real step, version 1 to 2 (the bad-loan path): every state a
 * version-1 history reaches, migrated, is the state version 2 reaches on the same history, and a migrated
 * loan goes on down the bad-loan path. Then the procedure with a made-up version 3 (one sub-state
 * renamed, one context field added): an instance migrated and continued, its history still replayed on
 * the version it ran on.
 */

import {
  createEngine,
  engineForVersion,
  eventsToStage,
  guaranteeMachine,
  guaranteeMachineConfig,
  guaranteeSetup,
  initialContext,
  MACHINE_VERSION,
  migrateSnapshot,
  MigrationError,
  MIGRATIONS,
  type GuaranteeContext,
  type GuaranteeMachine,
  type Migration,
  type PersistedSnapshot,
  type VersionedSnapshot,
  badLoanCompensation,
  badLoanPathEvents,
  canonicalJson,
  guaranteeMachineV1,
  happyPathEvents,
  MACHINE_VERSIONS,
} from '../src/index';
import { A_POST, actors, CLERK, ev, testInput } from './support';

// A made-up version 3: collection.received is called collection.accepted, and loans carry a risk grade.
type ContextV3 = GuaranteeContext & { riskGrade: string };

const { collection } = guaranteeMachineConfig.states;
const { received, ...otherCollectionStates } = collection.states;
const collectionV3 = {
  ...collection,
  states: {
    ...otherCollectionStates,
    submitted: {
      on: { ...collection.states.submitted.on, CONFIRM_RECEIPT: { ...collection.states.submitted.on.CONFIRM_RECEIPT, target: 'accepted' } },
    },
    accepted: received,
  },
};

const machineV3 = guaranteeSetup.createMachine({
  ...guaranteeMachineConfig,
  version: '3',
  context: ({ input }) => ({ ...initialContext(input), riskGrade: 'UNRATED' }) as ContextV3,
  states: { ...guaranteeMachineConfig.states, collection: collectionV3 } as Record<string, object>,
}) as unknown as GuaranteeMachine;
const engineV3 = createEngine(machineV3, 3);

const renameReceived = (value: VersionedSnapshot['value']) =>
  typeof value === 'object' && value.collection === 'received' ? { ...value, collection: 'accepted' } : value;

const v2ToV3: Migration = {
  from: 2,
  to: 3,
  description: 'collection.received is now collection.accepted; loans get a risk grade (UNRATED until graded)',
  migrate: (snapshot) => ({ ...snapshot, value: renameReceived(snapshot.value), context: { ...snapshot.context, riskGrade: 'UNRATED' } }),
};

describe('the procedure, with a made-up version 3', () => {
  const input = testInput();
  const toReceived = eventsToStage(input, 'preReview', actors).slice(0, -1);
  const v2 = engineForVersion(2).replay(input, toReceived);

  it('a version-2 snapshot does not fit version 3 as it is', () => {
    expect(v2.value).toEqual({ collection: 'received' });
    expect(() => engineV3.restore(v2)).toThrow();
  });

  it('migrates a running version-2 instance to version 3 and continues it there', () => {
    const v3 = migrateSnapshot(v2, 2, 3, [v2ToV3]);
    expect(v3.value).toEqual({ collection: 'accepted' });
    expect(v3.context).toMatchObject({ riskGrade: 'UNRATED', loanId: input.loanId, submittedBy: { materials: A_POST } });
    expect(v2.value).toEqual({ collection: 'received' }); // the original is untouched

    const next = engineV3.applyEvent(v3 as unknown as PersistedSnapshot, ev('SUBMIT_TO_PRE_REVIEW', A_POST));
    expect(next).toMatchObject({ accepted: true, stage: 'preReview', snapshot: { value: { preReview: 'awaitingApproval' } } });
    expect(next.accepted && (next.snapshot.context as ContextV3).riskGrade).toBe('UNRATED');
    // The guards still hold on version 3.
    expect(engineV3.applyEvent(v3 as unknown as PersistedSnapshot, ev('SUBMIT_TO_PRE_REVIEW', CLERK))).toMatchObject({
      accepted: false,
      reason: { code: 'NOT_A_POST_OFFICER' },
    });
  });

  it('new instances of version 3 start with the new field and use the new state', () => {
    const events = eventsToStage(input, 'preReview', actors).slice(0, -1);
    const fresh = engineV3.replay(input, events);
    expect(fresh.value).toEqual({ collection: 'accepted' });
    expect((fresh.context as ContextV3).riskGrade).toBe('UNRATED');
  });

  it('leaves instances elsewhere in the pipeline where they are', () => {
    const inPreReview = engineForVersion(2).replay(input, eventsToStage(input, 'preReview', actors));
    const migrated = migrateSnapshot(inPreReview, 2, 3, [v2ToV3]);
    expect(migrated.value).toEqual(inPreReview.value);
    expect(engineV3.restore(migrated as unknown as PersistedSnapshot).value).toEqual({ preReview: 'awaitingApproval' });
  });

  it('keeps replaying version-2 histories on version 2', () => {
    expect(engineForVersion(2).replay(input, toReceived)).toEqual(v2);
    expect(engineForVersion(2).machine).toBe(guaranteeMachine);
  });

  it('refuses impossible migrations', () => {
    expect(migrateSnapshot(v2, 2, 2)).toEqual(v2);
    expect(() => migrateSnapshot(v2, 2, 3)).toThrow(MigrationError);
    expect(() => migrateSnapshot(v2, 2, 4, [v2ToV3])).toThrow(/no migration from version 3 to 4/);
    expect(() => migrateSnapshot(v2, 3, 2, [v2ToV3])).toThrow(/backwards/);
    expect(() => migrateSnapshot(v2, 2, 3, [v2ToV3, v2ToV3])).toThrow(/more than one/);
  });
});

describe('version 1 to 2: the bad-loan path', () => {
  const input = testInput();
  const v1 = engineForVersion(1);
  const v2 = engineForVersion(2);
  const happy = happyPathEvents(input, actors);

  it('ships as the one migration, to the current version', () => {
    expect(MACHINE_VERSION).toBe(2);
    expect(MACHINE_VERSIONS).toEqual([1, 2]);
    expect(MIGRATIONS.map((m) => [m.from, m.to])).toEqual([[1, 2]]);
  });

  it('replays version-1 histories on version 1 as they were stored: without the new fields', () => {
    const last = v1.replay(input, happy);
    expect(last.value).toBe('closed');
    expect(Object.keys(last.context)).not.toContain('compensation');
    expect(v1.machine).toBe(guaranteeMachineV1);
  });

  it('migrates every state of the happy path to exactly the snapshot version 2 reaches on the same history', () => {
    const before = v1.replaySteps(input, happy);
    const after = v2.replaySteps(input, happy);
    expect(before).toHaveLength(after.length);
    before.forEach((snapshot, i) => {
      expect(canonicalJson(migrateSnapshot(snapshot, 1, 2))).toBe(canonicalJson(after[i]));
    });
    // the creation snapshot too, and a second run changes nothing
    const created = v1.createInitialSnapshot(input);
    expect(migrateSnapshot(created, 1, 2)).toEqual(v2.createInitialSnapshot(input));
    const once = migrateSnapshot(created, 1, 2);
    expect(MIGRATIONS[0].migrate(once)).toEqual(once);
  });

  it('lets a migrated loan after guarantee go down the bad-loan path to the end', () => {
    const bad = badLoanPathEvents(input, actors);
    const split = bad.findIndex((e) => e.type === 'EXTENSION_APPLY');
    let snapshot = migrateSnapshot(v1.replay(input, bad.slice(0, split)), 1, 2) as unknown as PersistedSnapshot;
    expect(v1.applyEvent(snapshot, bad[split]).accepted).toBe(false);
    for (const event of bad.slice(split)) {
      const result = v2.applyEvent(snapshot, event);
      if (!result.accepted) throw new Error(`${event.type}: ${result.reason.en}`);
      snapshot = result.snapshot;
    }
    expect(snapshot.value).toBe('closed');
    const { totalFen } = badLoanCompensation(input.amount);
    const recoveredFen = Math.floor((totalFen * 30) / 100) + Math.floor((totalFen * 10) / 100);
    expect(snapshot.context.compensation).toMatchObject({ outcome: 'WRITTEN_OFF', recoveredFen, writtenOffFen: totalFen - recoveredFen });
  });
});
