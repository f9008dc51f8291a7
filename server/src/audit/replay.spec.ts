import * as engine from '@app/workflow';
import { buildTemplate, People } from '../demo/seed-scale';
import { eventHash, genesisHash } from '../workflow/hash-chain';
import { fold, foldEventByEvent, ReplayEvent, ReplayInstance, verifyLoan } from './replay';

// fold takes a quick path when a history holds; these check it answers exactly what the
// event-by-event fold answers, on histories that hold and on histories broken in each way.

const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const people: People = {
  apost: user(1),
  bpost: user(2),
  admin: user(3),
  prereview: user(4),
  leader: user(5),
  finance: user(6),
  zb: [user(7), user(8), user(9)],
  bs: [user(10), user(11), user(12)],
};
const key = Buffer.alloc(32, 9);
const loanId = 'a1b2c3d4-0000-4000-8000-000000000001';

type Draft = Omit<ReplayEvent, 'prevHash' | 'hash'>;

/** Chains the events with the key, as the application writes them. */
function chain(input: unknown, drafts: Draft[]): ReplayEvent[] {
  let prev = genesisHash(loanId, input, key);
  return drafts.map((d) => {
    const hash = eventHash({ loanId, ...d, prevHash: prev }, key);
    const e = { ...d, prevHash: prev, hash };
    prev = hash;
    return e;
  });
}

/** A loan's history to `target` through the machine (seed:scale's templates), its instance row and its events. */
function history(target: Parameters<typeof buildTemplate>[0]) {
  const t = buildTemplate(target, 5, people);
  const input = JSON.parse(t.inputJson.split('00000000-0000-4000-8000-00000000feed').join(loanId));
  const drafts: Draft[] = t.events.map((e, i) => ({
    seq: i + 1,
    type: e.type,
    payload: JSON.parse(e.payloadJson.split('00000000-0000-4000-8000-00000000feed').join(loanId)),
    actorId: e.actorId,
    at: e.at,
    from: JSON.parse(e.fromJson),
    to: JSON.parse(e.toJson),
    machineVersion: engine.MACHINE_VERSION,
  }));
  const events = chain(input, drafts);
  const row: ReplayInstance = {
    loanId,
    machineVersion: engine.MACHINE_VERSION,
    input,
    snapshot: JSON.parse(t.snapshotJson.split('00000000-0000-4000-8000-00000000feed').join(loanId)),
    version: events.length,
    lastHash: events.length ? events[events.length - 1].hash : genesisHash(loanId, input, key),
  };
  return { row, drafts, events };
}

describe('replay: the quick fold answers what the event-by-event fold answers', () => {
  it.each(['collection', 'riskControl', 'afterGuarantee', 'closed', 'discontinued'] as const)('a history to %s that holds', (target) => {
    const { row, events } = history(target);
    const quick = fold(row, events, key);
    expect(quick.firstBadSeq).toBeNull();
    expect(quick).toEqual(foldEventByEvent(row, events, key));
    expect(verifyLoan(row, events, null, key)).toEqual({ ok: true, checked: events.length, firstBadSeq: null, reason: null });
  });

  it('a state after changed and re-chained with the key: caught by the replay at that event', () => {
    const { row, drafts } = history('closed');
    const changed = drafts.map((d) => (d.seq === 7 ? { ...d, to: { collection: 'tampered' } } : d));
    const events = chain(row.input, changed);
    const quick = fold(row, events, key);
    expect(quick).toEqual(foldEventByEvent(row, events, key));
    expect(quick).toMatchObject({ firstBadSeq: 7, reason: 'state after does not match the replay' });
  });

  it('an event the machine refuses, re-chained with the key: caught with the machine refusal', () => {
    const { row, drafts } = history('closed');
    // the sequence with a later step moved first: the machine refuses it where it now stands
    const moved = [drafts[10], ...drafts.slice(0, 10), ...drafts.slice(11)].map((d, i) => ({ ...d, seq: i + 1, from: drafts[i].from, to: drafts[i].to }));
    const events = chain(row.input, moved);
    const quick = fold(row, events, key);
    expect(quick).toEqual(foldEventByEvent(row, events, key));
    expect(quick.firstBadSeq).toBe(1);
    expect(quick.reason).toBe('the machine refuses the event on replay');
  });

  it('a hash, a previous hash, a sequence or a machine version that does not fit', () => {
    const { row, events } = history('afterGuarantee');
    const cases: [ReplayEvent[], string][] = [
      [events.map((e) => (e.seq === 4 ? { ...e, hash: 'f'.repeat(64) } : e)), 'hash does not match the event'],
      [events.map((e) => (e.seq === 5 ? { ...e, prevHash: '0'.repeat(64) } : e)), 'previous hash does not match'],
      [events.filter((e) => e.seq !== 3), 'sequence gap'],
      [events.map((e) => (e.seq === 2 ? { ...e, machineVersion: engine.MACHINE_VERSION + 1 } : e)), 'hash does not match the event'],
    ];
    for (const [broken, reason] of cases) {
      const quick = fold(row, broken, key);
      expect(quick).toEqual(foldEventByEvent(row, broken, key));
      expect(quick.reason).toBe(reason);
    }
  });
});
