import { happyPathEvents, leafPaths, openWindows, possibleEventTypes, replaySteps, STATE_WINDOW_KEYS, STATE_WINDOWS, windowOpen } from '../src/index';
import { actors, initial, snapshotEntering, testInput } from './support';

/** The windows open at each step of the happy path, by the leaf the step stands in. */
function windowsAlongTheHappyPath(): { leaves: string[]; open: string[] }[] {
  const input = testInput();
  return replaySteps(input, happyPathEvents(input, actors)).map((s) => ({ leaves: leafPaths(s.value), open: openWindows(s) }));
}

describe('state windows (uploads and edits beside the events)', () => {
  it('every window names events of the machine', () => {
    const all = new Set(STATE_WINDOW_KEYS.flatMap((k) => STATE_WINDOWS[k]));
    expect(all.size).toBeGreaterThan(0);
    // each named event is possible somewhere along the happy path (no typo, no dead window)
    const seen = new Set(windowsAlongTheHappyPath().flatMap((s) => s.open));
    expect([...seen].sort()).toEqual([...STATE_WINDOW_KEYS].sort());
  });

  it('nothing is open at the start of collection', () => {
    expect(openWindows(initial())).toEqual([]);
    expect(possibleEventTypes(initial()).has('SUBMIT_MATERIALS')).toBe(true);
  });

  it('on entering the guarantee: signed contract not yet (nothing generated), collateral and premium open, letter not yet', () => {
    const s = snapshotEntering('duringGuarantee');
    expect(windowOpen('COLLATERAL_EDIT', s)).toBe(true);
    expect(windowOpen('PREMIUM_VOUCHER_UPLOAD', s)).toBe(true);
    expect(windowOpen('SIGNED_CONTRACT_UPLOAD', s)).toBe(false);
    expect(windowOpen('SEALED_LETTER_UPLOAD', s)).toBe(false);
    expect(windowOpen('DISBURSEMENT_VOUCHER_UPLOAD', s)).toBe(false);
    expect(windowOpen('DISBURSEMENT_REMINDER', s)).toBe(false);
  });

  it('the same answers as the state values the services used to read by hand', () => {
    for (const { leaves, open } of windowsAlongTheHappyPath()) {
      const has = (leaf: string) => leaves.includes(leaf);
      expect(open.includes('SIGNED_CONTRACT_UPLOAD')).toBe(has('duringGuarantee.contract.generated'));
      expect(open.includes('SEALED_LETTER_UPLOAD')).toBe(has('duringGuarantee.letter.sealed'));
      expect(open.includes('COLLATERAL_EDIT')).toBe(has('duringGuarantee.counterGuarantee.pending'));
      expect(open.includes('DISBURSEMENT_VOUCHER_UPLOAD')).toBe(leaves.some((l) => l.startsWith('disbursement.')));
      expect(open.includes('DISBURSEMENT_REMINDER')).toBe(leaves.some((l) => l.startsWith('disbursement.')));
      const premium = leaves.find((l) => l.startsWith('duringGuarantee.premium.'));
      expect(open.includes('PREMIUM_VOUCHER_UPLOAD')).toBe(premium !== undefined && premium !== 'duringGuarantee.premium.done');
    }
  });

  it('the disbursement stage: voucher and reminder open, nothing of the guarantee region', () => {
    const s = snapshotEntering('disbursement');
    expect(openWindows(s)).toEqual(['DISBURSEMENT_VOUCHER_UPLOAD', 'DISBURSEMENT_REMINDER']);
    expect(openWindows(snapshotEntering('afterGuarantee'))).toEqual([]);
  });

  it('a plain state value (as the web gets it) answers the same; unknown or missing values open nothing', () => {
    const s = snapshotEntering('disbursement');
    expect(openWindows({ value: JSON.parse(JSON.stringify(s.value)) })).toEqual(openWindows(s));
    expect(openWindows({ value: 'noSuchState' })).toEqual([]);
    expect(openWindows({ value: null })).toEqual([]);
    expect(openWindows(undefined)).toEqual([]);
    expect(openWindows({ value: s.value, status: 'done' })).toEqual([]);
  });
});
