import { canonicalJson, eventHash, genesisHash } from '../workflow/hash-chain';
import { migrateSnapshot } from '@app/workflow';
import { runtimeFor } from '../workflow/machine-registry';

/**
 * The version a history starts on: its first event's (an instance migrated before any event of the new
 * version keeps its old events), or the instance's own when it has none.
 */
function startVersion(row: ReplayInstance, events: ReplayEvent[]): number {
  return events[0]?.machineVersion ?? row.machineVersion;
}

/** A snapshot of `from` in the shape of `to` (the workflow package's migrations), unchanged when equal. */
function upTo(snapshot: any, from: number, to: number): any {
  return from === to ? snapshot : migrateSnapshot(snapshot, from, to);
}

/** What replay needs of an instance row. */
export interface ReplayInstance {
  loanId: string;
  machineVersion: number;
  input: unknown;
  snapshot: unknown;
  version: number;
  lastHash: string;
}

/** What replay needs of an event row. */
export interface ReplayEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  actorId: string;
  at: string;
  from: unknown;
  to: unknown;
  machineVersion: number;
  prevHash: string;
  hash: string;
}

/** A chain head as a signed checkpoint recorded it. */
export interface Head {
  version: number;
  hash: string;
}

export interface FoldResult {
  snapshot: any;
  firstBadSeq: number | null;
  reason: string | null;
  /** The hash of the last event that held (the genesis hash when none did). */
  prev: string;
}

export interface LoanVerdict {
  ok: boolean;
  checked: number;
  firstBadSeq: number | null;
  reason: string | null;
}

/**
 * Replays events through the machine version they ran on, checking each keyed hash; stops at the first that does not fit.
 * A history that holds takes the quick path (one live fold); any doubt goes to the event-by-event fold,
 * which alone says where and why a history fails.
 */
export function fold(row: ReplayInstance, events: ReplayEvent[], key?: Buffer): FoldResult {
  return foldWhenAllHold(row, events, key) ?? foldEventByEvent(row, events, key);
}

/**
 * The same checks as foldEventByEvent, but the machine folds the whole history once with its live
 * snapshot (Engine.replayValues: the same refusals as applyEvent, without restoring the persisted snapshot,
 * labelling and listing effects at every event), then each step's state is compared with the log.
 * Returns null at the first thing that does not hold (or a history spanning machine versions), never a failure.
 */
function foldWhenAllHold(row: ReplayInstance, events: ReplayEvent[], key?: Buffer): FoldResult | null {
  // One version for the whole history (an instance migrated since ends on its own, newer one).
  const version = startVersion(row, events);
  if (events.some((e) => e.machineVersion !== version) || version > row.machineVersion) return null;
  let prev = genesisHash(row.loanId, row.input, key);
  for (const [i, e] of events.entries()) {
    if (e.seq !== i + 1 || e.prevHash !== prev) return null;
    const recomputed = eventHash(
      {
        loanId: row.loanId,
        seq: e.seq,
        type: e.type,
        payload: e.payload,
        actorId: e.actorId,
        at: e.at,
        from: e.from,
        to: e.to,
        machineVersion: e.machineVersion,
        prevHash: e.prevHash,
      },
      key,
    );
    if (recomputed !== e.hash) return null;
    prev = e.hash;
  }
  const runtime = runtimeFor(version);
  let replayed: { values: unknown[]; last: unknown };
  try {
    replayed = runtime.replayValues(
      row.input as any,
      events.map((e) => ({ ...e.payload, type: e.type, actorId: e.actorId, at: e.at }) as any),
    );
  } catch {
    return null;
  }
  // Each event's states against the replay's: the state before is the one after the event before it.
  let before = canonicalJson(replayed.values[0]);
  for (const [i, e] of events.entries()) {
    if (before !== canonicalJson(e.from)) return null;
    const after = canonicalJson(replayed.values[i + 1]);
    if (after !== canonicalJson(e.to)) return null;
    before = after;
  }
  return { snapshot: upTo(replayed.last, version, row.machineVersion), firstBadSeq: null, reason: null, prev };
}

export function foldEventByEvent(row: ReplayInstance, events: ReplayEvent[], key?: Buffer): FoldResult {
  let version = startVersion(row, events);
  let snapshot: any = JSON.parse(JSON.stringify(runtimeFor(version).createInitialSnapshot(row.input as any)));
  let prev = genesisHash(row.loanId, row.input, key);
  for (const [i, e] of events.entries()) {
    const bad = (reason: string) => ({ snapshot, firstBadSeq: e.seq, reason, prev });
    if (e.seq !== i + 1) return bad('sequence gap');
    if (e.prevHash !== prev) return bad('previous hash does not match');
    const recomputed = eventHash(
      {
        loanId: row.loanId,
        seq: e.seq,
        type: e.type,
        payload: e.payload,
        actorId: e.actorId,
        at: e.at,
        from: e.from,
        to: e.to,
        machineVersion: e.machineVersion,
        prevHash: e.prevHash,
      },
      key,
    );
    if (recomputed !== e.hash) return bad('hash does not match the event');
    if (canonicalJson(snapshot.value) !== canonicalJson(e.from)) return bad('state before does not match the replay');
    // The instance was migrated between two events: the snapshot moves on as the migration moved it.
    if (e.machineVersion < version) return bad('the machine version goes backwards');
    snapshot = upTo(snapshot, version, e.machineVersion);
    version = e.machineVersion;
    const result = runtimeFor(e.machineVersion).applyEvent(snapshot, { ...e.payload, type: e.type, actorId: e.actorId, at: e.at } as any);
    if (!result.accepted) return bad('the machine refuses the event on replay');
    snapshot = JSON.parse(JSON.stringify(result.snapshot));
    if (canonicalJson(snapshot.value) !== canonicalJson(e.to)) return bad('state after does not match the replay');
    prev = e.hash;
  }
  if (row.machineVersion < version) return { snapshot, firstBadSeq: events.length, reason: 'the instance is on an older version than its events', prev };
  return { snapshot: upTo(snapshot, version, row.machineVersion), firstBadSeq: null, reason: null, prev };
}

/**
 * One loan: the keyed chain and the replay, the instance against the end of the log, and (when a
 * signed checkpoint holds the loan) the log against the checkpointed head, so that a deleted tail
 * with the instance rolled back to match is caught even though what is left chains correctly.
 */
export function verifyLoan(row: ReplayInstance, events: ReplayEvent[], head: Head | null, key?: Buffer): LoanVerdict {
  const folded = fold(row, events, key);
  if (folded.firstBadSeq !== null) {
    return { ok: false, checked: folded.firstBadSeq - 1, firstBadSeq: folded.firstBadSeq, reason: folded.reason };
  }
  const lastSeq = events.length ? events[events.length - 1].seq : 0;
  if (head) {
    if (head.version > lastSeq) {
      return {
        ok: false,
        checked: events.length,
        firstBadSeq: lastSeq + 1,
        reason: `the log ends at event ${lastSeq}, before the signed checkpoint's head (event ${head.version}): events were deleted`,
      };
    }
    const hashThere = head.version === 0 ? genesisHash(row.loanId, row.input, key) : events[head.version - 1].hash;
    if (hashThere !== head.hash) {
      return { ok: false, checked: head.version - 1, firstBadSeq: head.version || 1, reason: `event ${head.version} differs from the signed checkpoint` };
    }
  }
  if (row.version !== events.length || row.lastHash !== folded.prev) {
    return { ok: false, checked: events.length, firstBadSeq: lastSeq + 1, reason: 'the instance does not match the end of the log' };
  }
  if (canonicalJson(folded.snapshot) !== canonicalJson(row.snapshot)) {
    return { ok: false, checked: events.length, firstBadSeq: lastSeq || 1, reason: 'the stored snapshot differs from the replay' };
  }
  return { ok: true, checked: events.length, firstBadSeq: null, reason: null };
}
