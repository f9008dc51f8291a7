import type { StoredCompleteness } from '../loan-data/loan-data.repository';
import type { InstanceRow } from './workflow.repository';

/** Loans kept; a snapshot is a few kB, so this bounds the cache to a few tens of MB. */
const MAX_LOANS = 2000;

/**
 * The instances (and SUBMIT_MATERIALS' stored completeness) this process last read or committed, so
 * that an event on a loan in use costs one statement instead of a read and a write. Never trusted on
 * its own: the committing statement moves the instance only if its version and last hash (and the
 * loan-data versions the completeness came from) are still those cached, so an entry made stale by
 * another process or a direct edit only costs a fallback to reading the rows.
 */
export class InstanceCache {
  private readonly rows = new Map<string, InstanceRow>();
  private readonly completeness = new Map<string, StoredCompleteness>();

  constructor(private readonly maxLoans = MAX_LOANS) {}

  instance(loanId: string): InstanceRow | undefined {
    return touch(this.rows, loanId);
  }

  rememberInstance(row: InstanceRow): void {
    remember(this.rows, row.loanId, row, this.maxLoans);
  }

  storedCompleteness(loanId: string): StoredCompleteness | undefined {
    return touch(this.completeness, loanId);
  }

  rememberCompleteness(loanId: string, value: StoredCompleteness): void {
    remember(this.completeness, loanId, value, this.maxLoans);
  }

  forget(loanId: string): void {
    this.rows.delete(loanId);
    this.completeness.delete(loanId);
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
