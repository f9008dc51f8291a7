import { InstanceCache } from './instance-cache';
import type { InstanceRow } from './workflow.repository';

const row = (loanId: string, version = 0): InstanceRow => ({
  loanId,
  machineVersion: 1,
  input: {},
  snapshot: { value: 'x' },
  stage: 'collection',
  status: 'x',
  version,
  lastHash: 'h'.repeat(64),
});

describe('the kept instances', () => {
  it('keeps the latest row of a loan and forgets the least recently used beyond its bound', () => {
    const cache = new InstanceCache(2);
    cache.rememberInstance(row('a'));
    cache.rememberInstance(row('b'));
    cache.rememberInstance(row('a', 1));
    expect(cache.instance('a')?.version).toBe(1);
    // 'b' is now the least recently used: a third loan pushes it out, not 'a'.
    cache.rememberInstance(row('c'));
    expect(cache.instance('b')).toBeUndefined();
    expect(cache.instance('a')?.version).toBe(1);
    expect(cache.instance('c')?.version).toBe(0);
  });

  it('forgets a loan entirely (instance and what its commit-checked preparers read) when a step from it did not apply', () => {
    const cache = new InstanceCache(2);
    cache.rememberInstance(row('a'));
    const read = { fields: { completeDataTypes: ['CLIENT'] }, loanDataVersions: { CLIENT: 1 } };
    cache.rememberChecked('a', 'SUBMIT_MATERIALS:loan-data', read);
    expect(cache.checkedFields('a', 'SUBMIT_MATERIALS:loan-data')).toEqual(read);
    expect(cache.checkedFields('a', 'OTHER:feature')).toBeUndefined();
    cache.forget('a');
    expect(cache.instance('a')).toBeUndefined();
    expect(cache.checkedFields('a', 'SUBMIT_MATERIALS:loan-data')).toBeUndefined();
  });
});
