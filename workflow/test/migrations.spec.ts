/**
 * Versioning, end to end: a version 2 of the machine made here (one sub-state renamed, one context
 * field added), a migration from version 1, a version-1 instance migrated and continued on version 2,
 * and its version-1 history still replaying on version 1.
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
} from '../src/index';
import { A_POST, actors, CLERK, ev, testInput } from './support';

// Version 2: collection.received is called collection.accepted, and loans carry a risk grade.
type ContextV2 = GuaranteeContext & { riskGrade: string };

const { collection } = guaranteeMachineConfig.states;
const { received, ...otherCollectionStates } = collection.states;
const collectionV2 = {
  ...collection,
  states: {
    ...otherCollectionStates,
    submitted: {
      on: { ...collection.states.submitted.on, CONFIRM_RECEIPT: { ...collection.states.submitted.on.CONFIRM_RECEIPT, target: 'accepted' } },
    },
    accepted: received,
  },
};

const machineV2 = guaranteeSetup.createMachine({
  ...guaranteeMachineConfig,
  version: '2',
  context: ({ input }) => ({ ...initialContext(input), riskGrade: 'UNRATED' }) as ContextV2,
  states: { ...guaranteeMachineConfig.states, collection: collectionV2 } as Record<string, object>,
}) as unknown as GuaranteeMachine;
const engineV2 = createEngine(machineV2, 2);

const renameReceived = (value: VersionedSnapshot['value']) =>
  typeof value === 'object' && value.collection === 'received' ? { ...value, collection: 'accepted' } : value;

const v1ToV2: Migration = {
  from: 1,
  to: 2,
  description: 'collection.received is now collection.accepted; loans get a risk grade (UNRATED until graded)',
  migrate: (snapshot) => ({ ...snapshot, value: renameReceived(snapshot.value), context: { ...snapshot.context, riskGrade: 'UNRATED' } }),
};

describe('migrations', () => {
  const input = testInput();
  const toReceived = eventsToStage(input, 'preReview', actors).slice(0, -1);
  const v1 = engineForVersion(1).replay(input, toReceived);

  it('version 1 ships without migrations', () => {
    expect(MACHINE_VERSION).toBe(1);
    expect(MIGRATIONS).toEqual([]);
  });

  it('a version-1 snapshot does not fit version 2 as it is', () => {
    expect(v1.value).toEqual({ collection: 'received' });
    expect(() => engineV2.restore(v1)).toThrow();
  });

  it('migrates a running version-1 instance to version 2 and continues it there', () => {
    const v2 = migrateSnapshot(v1, 1, 2, [v1ToV2]);
    expect(v2.value).toEqual({ collection: 'accepted' });
    expect(v2.context).toMatchObject({ riskGrade: 'UNRATED', loanId: input.loanId, submittedBy: { materials: A_POST } });
    expect(v1.value).toEqual({ collection: 'received' }); // the original is untouched

    const next = engineV2.applyEvent(v2 as unknown as PersistedSnapshot, ev('SUBMIT_TO_PRE_REVIEW', A_POST));
    expect(next).toMatchObject({ accepted: true, stage: 'preReview', snapshot: { value: { preReview: 'awaitingApproval' } } });
    expect(next.accepted && (next.snapshot.context as ContextV2).riskGrade).toBe('UNRATED');
    // The guards still hold on version 2.
    expect(engineV2.applyEvent(v2 as unknown as PersistedSnapshot, ev('SUBMIT_TO_PRE_REVIEW', CLERK))).toMatchObject({
      accepted: false,
      reason: { code: 'NOT_A_POST_OFFICER' },
    });
  });

  it('new instances of version 2 start with the new field and use the new state', () => {
    const events = eventsToStage(input, 'preReview', actors).slice(0, -1);
    const fresh = engineV2.replay(input, events);
    expect(fresh.value).toEqual({ collection: 'accepted' });
    expect((fresh.context as ContextV2).riskGrade).toBe('UNRATED');
  });

  it('leaves instances elsewhere in the pipeline where they are', () => {
    const inPreReview = engineForVersion(1).replay(input, eventsToStage(input, 'preReview', actors));
    const migrated = migrateSnapshot(inPreReview, 1, 2, [v1ToV2]);
    expect(migrated.value).toEqual(inPreReview.value);
    expect(engineV2.restore(migrated as unknown as PersistedSnapshot).value).toEqual({ preReview: 'awaitingApproval' });
  });

  it('keeps replaying version-1 histories on version 1', () => {
    expect(engineForVersion(1).replay(input, toReceived)).toEqual(v1);
    expect(engineForVersion(1).machine).toBe(guaranteeMachine);
  });

  it('refuses impossible migrations', () => {
    expect(migrateSnapshot(v1, 1, 1)).toEqual(v1);
    expect(() => migrateSnapshot(v1, 1, 2)).toThrow(MigrationError);
    expect(() => migrateSnapshot(v1, 1, 3, [v1ToV2])).toThrow(/no migration from version 2 to 3/);
    expect(() => migrateSnapshot(v1, 2, 1, [v1ToV2])).toThrow(/backwards/);
    expect(() => migrateSnapshot(v1, 1, 2, [v1ToV2, v1ToV2])).toThrow(/more than one/);
  });
});
