import type { CheckedFields } from './hooks';
import type { InstanceRow } from './workflow.repository';

/** Loans kept; a snapshot is a few kB, so this bounds the cache to a few tens of MB. */
const MAX_LOANS = 2000;

/**
 * The instances (and what commit-checked preparers read with them: SUBMIT_MATERIALS' completeness)
 * this process last read or committed, so
 * that an event on a loan in use costs one statement instead of a read and a write. Never trusted on
 * its own: the committing statement moves the instance only if its version and last hash (and the
 * loan-data versions the completeness came from) are still those cached, so an entry made stale by
 * another process or a direct edit only costs a fallback to reading the rows.
 */
export class InstanceCache {
  private readonly rows = new Map<string, InstanceRow>();
  /** Loan -> preparer (event and feature) -> what it read. */
  private readonly checked = new Map<string, Map<string, CheckedFields>>();

  constructor(private readonly maxLoans = MAX_LOANS) {}

  instance(loanId: string): InstanceRow | undefined {
    return touch(this.rows, loanId);
  }

  rememberInstance(row: InstanceRow): void {
    remember(this.rows, row.loanId, row, this.maxLoans);
  }

  checkedFields(loanId: string, preparer: string): CheckedFields | undefined {
    return touch(this.checked, loanId)?.get(preparer);
  }

  rememberChecked(loanId: string, preparer: string, value: CheckedFields): void {
    const kept = touch(this.checked, loanId) ?? new Map<string, CheckedFields>();
    kept.set(preparer, value);
    remember(this.checked, loanId, kept, this.maxLoans);
  }

  forget(loanId: string): void {
    this.rows.delete(loanId);
    this.checked.delete(loanId);
  }
}

/** Least recently used first: a Map iterates in insertion order, so a hit moves to the end. */
function touch<T>(map: Map<string, T>, key: string): T | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}

function remember<T>(map: Map<string, T>, key: string, value: T, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as string);
}
