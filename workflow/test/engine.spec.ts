import {
  applyEvent,
  canonicalJson,
  createInitialSnapshot,
  engineForVersion,
  EVENT_TYPES,
  eventFromRecord,
  happyPathEvents,
  InvalidInputError,
  MACHINE_ID,
  MACHINE_VERSION,
  machineDefinition,
  payloadOf,
  replay,
  replaySteps,
  ReplayError,
  snapshotsEqual,
  stageOf,
  STAGES,
  STATE_LABELS,
  statusLabels,
  timelineFromHistory,
  toMermaid,
  validateEvent,
  type GuaranteeEvent,
  type HistoryEntry,
  type PersistedSnapshot,
} from '../src/index';
import { A_POST, actors, applyAll, APPROVER, CLERK, ev, initial, snapshotEntering, testInput } from './support';

/** The history the server would store for `events` (from/to are the state values). */
function historyOf(events: readonly GuaranteeEvent[], input = testInput()): HistoryEntry[] {
  const snapshots = [createInitialSnapshot(input), ...replaySteps(input, events)];
  return events.map((event, i) => ({
    seq: i + 1,
    type: event.type,
    actorId: event.actorId,
    at: event.at,
    from: snapshots[i].value,
    to: snapshots[i + 1].value,
  }));
}

describe('instances', () => {
  it('start at the beginning of collection with the input in the context', () => {
    const s = initial();
    expect(s.status).toBe('active');
    expect(s.value).toEqual({ collection: 'toBeImproved' });
    expect(s.context).toMatchObject({ loanId: 'loan-1', amount: 1000, termMonths: 12, aPostOfficerId: A_POST, outstandingPrincipal: 0 });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('refuse bad input', () => {
    expect(() => createInitialSnapshot(testInput({ amount: -1 }))).toThrow(InvalidInputError);
    expect(() => createInitialSnapshot(testInput({ termMonths: 0 }))).toThrow(/termMonths/);
    expect(() => createInitialSnapshot(testInput({ bPostOfficerId: A_POST }))).toThrow(/B-post officer must not be the A-post/);
    expect(() => createInitialSnapshot(testInput({ loanId: '' }))).toThrow(/loanId/);
  });

  it('applyEvent returns the new snapshot with its stage and words, and leaves the old one alone', () => {
    const s = initial();
    const before = JSON.stringify(s);
    const result = applyEvent(s, ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] }));
    expect(result).toMatchObject({ accepted: true, stage: 'collection' });
    if (!result.accepted) return;
    expect(result.snapshot.value).toEqual({ collection: 'submitted' });
    expect(result.statusLabels.status).toEqual({ enumeration: 'material', key: 'SUBMITTED', zh: '已提交', en: 'Submitted' });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('refuses malformed events before the machine', () => {
    const s = initial();
    const withStray = { ...ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] }), note: 'x' };
    const result = applyEvent(s, withStray);
    expect(result).toMatchObject({ accepted: false, reason: { code: 'INVALID_EVENT' } });
    expect(!result.accepted && result.fieldErrors).toEqual([{ field: 'note', message: 'is not a field of this event' }]);
    expect(validateEvent({ type: 'NOPE', actorId: 'x', at: '2024-01-01T00:00:00Z' })).toEqual([{ field: 'type', message: 'is not a known event type' }]);
    expect(validateEvent({ ...ev('CONFIRM_RECEIPT', CLERK), at: 'yesterday' })).toEqual([{ field: 'at', message: 'must be an ISO-8601 time with a zone' }]);
    expect(validateEvent({ ...ev('CONFIRM_RECEIPT', CLERK), actorId: '' })).toEqual([{ field: 'actorId', message: 'must be a non-empty string' }]);
  });

  it('events round-trip through the parts the server stores', () => {
    const event = ev('GENERAL_OFFICE_CAST_VOTE', 'v', { meetingId: 'm', opinion: 'AGREE' });
    expect(eventFromRecord({ type: event.type, payload: payloadOf(event), actorId: event.actorId, at: event.at })).toEqual(event);
  });
});

describe('replay', () => {
  const input = testInput();
  const events = happyPathEvents(input, actors);

  it('folds a history into the snapshot built step by step', () => {
    let stepwise = createInitialSnapshot(input);
    const stepSnapshots: PersistedSnapshot[] = [];
    for (const event of events) {
      const result = applyEvent(stepwise, event);
      if (!result.accepted) throw new Error(`${event.type} refused: ${result.reason.code}`);
      stepwise = result.snapshot;
      stepSnapshots.push(stepwise);
    }
    expect(stepwise.value).toBe('closed');
    // A closed loan is over: its project no longer reads "in progress" (issue 20).
    expect(statusLabels(stepwise).project).toMatchObject({ key: 'ENDED', zh: '已结束', en: 'Ended' });
    expect(replay(input, events)).toEqual(stepwise);
    expect(replaySteps(input, events)).toEqual(stepSnapshots);
  });

  it('survives JSON at every step: a stored snapshot resumes exactly', () => {
    let s = createInitialSnapshot(input);
    for (const event of events) {
      const stored = JSON.parse(JSON.stringify(s)) as PersistedSnapshot;
      const fromStored = applyEvent(stored, event);
      const fromMemory = applyEvent(s, event);
      expect(fromStored).toEqual(fromMemory);
      if (!fromMemory.accepted) throw new Error('refused');
      s = fromMemory.snapshot;
    }
  });

  it('names the first event a history cannot replay', () => {
    const broken = [...events.slice(0, 3), ev('LEADER_APPROVE', CLERK), ...events.slice(3)];
    expect(() => replay(input, broken)).toThrow(ReplayError);
    try {
      replay(input, broken);
    } catch (error) {
      expect((error as ReplayError).index).toBe(3);
      expect((error as ReplayError).refusal.reason.code).toBe('NOT_ACCEPTED_IN_STATE');
    }
  });

  it('compares snapshots whatever the order of their keys', () => {
    const s = replay(input, events.slice(0, 10));
    const reordered = JSON.parse(canonicalJson(s)) as PersistedSnapshot;
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(s));
    expect(snapshotsEqual(reordered, s)).toBe(true);
    expect(snapshotsEqual(s, replay(input, events.slice(0, 11)))).toBe(false);
  });

  it('is available per machine version', () => {
    expect(engineForVersion(MACHINE_VERSION).replay(input, events)).toEqual(replay(input, events));
    expect(() => engineForVersion(99)).toThrow(/no workflow machine for version 99/);
  });
});

describe('stages and words', () => {
  it('lists the stages in order with the spec process codes', () => {
    expect(STAGES.map((s) => [s.key, s.code])).toEqual([
      ['collection', 'ZLSJYWS'],
      ['preReview', 'YSH'],
      ['generalOffice', 'ZBH'],
      ['riskControl', null],
      ['insuranceReview', 'BSH'],
      ['withdrawal', null],
      ['duringGuarantee', 'DKHT'],
      ['disbursement', 'FKPZ'],
      ['afterGuarantee', 'BHBG'],
      ['release', 'DBDZYJC'],
      ['compensation', null],
      ['recovery', null],
      ['closed', null],
      ['discontinued', null],
    ]);
  });

  it('gives every state words in both languages, and every leaf a spec status', () => {
    const { states } = machineDefinition();
    expect(Object.keys(STATE_LABELS).sort()).toEqual(states.map((s) => s.path).sort());
    for (const state of states) {
      expect(state.label.zh).not.toBe(state.key);
      expect(state.label.en.length).toBeGreaterThan(0);
      if (state.type === 'atomic' || state.type === 'final')
        expect({ path: state.path, status: state.status }).toEqual({ path: state.path, status: expect.objectContaining({ key: expect.any(String) }) });
    }
  });

  it('shows the spec statuses', () => {
    const submitted = applyAll(initial(), [ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] })]);
    expect(statusLabels(submitted)).toEqual({
      stage: { key: 'collection', code: 'ZLSJYWS', zh: '资料收集与完善', en: 'Data collection' },
      status: { enumeration: 'material', key: 'SUBMITTED', zh: '已提交', en: 'Submitted' },
      step: { zh: '资料已提交，待接收', en: 'Materials submitted, awaiting receipt' },
      project: { enumeration: 'project', key: 'NORMAL', zh: '进行中', en: 'In progress' },
      regions: [],
    });
    expect(statusLabels(snapshotEntering('preReview')).status.key).toBe('WAIT_EXAMINE');
    expect(statusLabels(snapshotEntering('riskControl')).status.key).toBe('NOT_COMPLETED');
    expect(statusLabels(snapshotEntering('disbursement')).status).toMatchObject({ key: 'PENDING_LOAN_DISBURSEMENT', zh: '待放款' });
    expect(statusLabels(snapshotEntering('afterGuarantee'))).toMatchObject({
      status: { enumeration: 'repayment', key: 'PENDING_LOAN_DISBURSEMENT', zh: '待还款' },
      step: { zh: '第1轮：保后走访报告待提交' },
    });
    expect(statusLabels(snapshotEntering('release')).status.key).toBe('UNRESOLVED');
  });

  it('shows the four regions during the guarantee', () => {
    const s = snapshotEntering('duringGuarantee');
    const labels = statusLabels(s);
    expect(labels.status).toMatchObject({ enumeration: 'completion', key: 'INCOMPLETE' });
    expect(labels.regions.map((r) => [r.region, r.status.key, r.done])).toEqual([
      ['contract', 'TO_BE_SUBMITTED', false],
      ['premium', 'NOT_UPLOADED', false],
      ['counterGuarantee', 'TO_BE_CONFIRMED', false],
      ['letter', 'TO_BE_SUBMITTED', false],
    ]);
  });

  it('marks a discontinued project', () => {
    const stopped = applyAll(initial(), [ev('COLLECTION_DISCONTINUE', CLERK, { reason: 'withdrawn' })]);
    expect(stageOf(stopped)).toBe('discontinued');
    expect(statusLabels(stopped).project).toMatchObject({ key: 'DISCONTINUE', zh: '已终止' });
  });
});

describe('timeline', () => {
  it('one node per stay in a stage, with times, actors and the status it ended with', () => {
    const events = happyPathEvents(testInput(), actors);
    const nodes = timelineFromHistory(historyOf(events), { at: '2024-01-01T00:00:00.000Z', actorId: A_POST });
    expect(nodes.map((n) => [n.stage, n.code, n.status.key])).toEqual([
      ['collection', 'ZLSJYWS', 'RECEIPT'],
      ['preReview', 'YSH', 'EXAMINE_PASS'],
      ['generalOffice', 'ZBH', 'PASSED'],
      ['riskControl', null, 'COMPLETED'],
      ['insuranceReview', 'BSH', 'PASSED'],
      ['withdrawal', null, 'EXAMINE_PASS'],
      ['duringGuarantee', 'DKHT', 'COMPLETED'],
      ['disbursement', 'FKPZ', 'DISBURSED'],
      ['afterGuarantee', 'BHBG', 'DISBURSED'],
      ['release', 'DBDZYJC', 'RELEASED'],
      ['closed', null, 'RELEASED'],
    ]);
    expect(nodes[0]).toMatchObject({ entered: '2024-01-01T00:00:00.000Z', actor: A_POST, leftBy: A_POST, leftWith: 'SUBMIT_TO_PRE_REVIEW' });
    const submitToPreReview = events.find((e) => e.type === 'SUBMIT_TO_PRE_REVIEW')!;
    expect(nodes[0].left).toBe(submitToPreReview.at);
    expect(nodes[1]).toMatchObject({ entered: submitToPreReview.at, actor: A_POST });
    expect(nodes.at(-1)).toMatchObject({ left: null, leftBy: null });
  });

  it('a return shows as RETURN and opens a new collection node', () => {
    const events = [
      ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] }, '2024-01-01T01:00:00.000Z'),
      ev('CONFIRM_RECEIPT', CLERK, undefined, '2024-01-01T02:00:00.000Z'),
      ev('SUBMIT_TO_PRE_REVIEW', A_POST, undefined, '2024-01-01T03:00:00.000Z'),
      ev('PRE_REVIEW_RETURN', APPROVER, { reason: 'redo' }, '2024-01-01T04:00:00.000Z'),
    ];
    const history = historyOf(events).reverse(); // order comes from seq, not from the array
    const nodes = timelineFromHistory(history);
    expect(nodes.map((n) => [n.stage, n.status.key, n.entered, n.left])).toEqual([
      ['collection', 'RECEIPT', null, '2024-01-01T03:00:00.000Z'],
      ['preReview', 'RETURN', '2024-01-01T03:00:00.000Z', '2024-01-01T04:00:00.000Z'],
      ['collection', 'REJECT', '2024-01-01T04:00:00.000Z', null],
    ]);
    expect(timelineFromHistory([])).toEqual([expect.objectContaining({ stage: 'collection', status: expect.objectContaining({ key: 'TO_BE_IMPROVED' }) })]);
  });
});

describe('definition and diagram', () => {
  const definition = machineDefinition();

  it('describes the machine as JSON with a permission on every event transition', () => {
    expect(definition).toMatchObject({ id: MACHINE_ID, version: MACHINE_VERSION, initial: 'collection' });
    expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
    for (const t of definition.transitions) {
      if (t.kind === 'event') expect(t.permission).toMatch(/^sys:/);
      else expect(t).toMatchObject({ kind: 'done', source: 'duringGuarantee', targets: ['disbursement'], permission: null });
    }
    expect(definition.states.find((s) => s.path === 'duringGuarantee')).toMatchObject({ type: 'parallel', initial: null });
    expect(definition.states.find((s) => s.path === 'release')).toMatchObject({ type: 'compound', initial: 'release.unresolved' });
  });

  it('uses exactly the package events', () => {
    const used = new Set(definition.transitions.filter((t) => t.kind === 'event').map((t) => t.event));
    expect([...used].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('draws a Mermaid diagram with every stage and every event', () => {
    const mermaid = toMermaid();
    expect(mermaid.startsWith('stateDiagram-v2\n')).toBe(true);
    for (const stage of STAGES) expect(mermaid).toContain(stage.key);
    for (const type of EVENT_TYPES) expect(mermaid).toMatch(new RegExp(` : ${type}$`, 'm'));
    expect(mermaid).toContain('duringGuarantee --> disbursement : all regions done');
    expect(mermaid).toContain('collection --> preReview : SUBMIT_TO_PRE_REVIEW');
  });
});
