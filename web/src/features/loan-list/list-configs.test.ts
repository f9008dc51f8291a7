import { STAGES, WORKLIST_NAMES, WORKLISTS } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import { listConfig, statusOptions } from './list-configs';

describe('loan list configs', () => {
  it("offers the statuses a list's states can show", () => {
    expect(statusOptions(['preReview']).map((s) => s.key)).toEqual(['WAIT_EXAMINE', 'EXAMINE_PASS', 'EXAMINE_FAIL']);
    expect(statusOptions(['collection']).map((s) => s.key)).toEqual(['TO_BE_IMPROVED', 'REJECT', 'SUBMITTED', 'RECEIPT']);
    // A state path narrows to its own statuses: the vote list shows only loans awaiting approval.
    expect(statusOptions(['preReview.awaitingApproval']).map((s) => s.key)).toEqual(['WAIT_EXAMINE']);
    expect(statusOptions(listConfig('loanList').states).length).toBeGreaterThan(10);
  });

  it("links each list to the data pages with the list's own permission codes", () => {
    const risk = listConfig('riskControlList').links.map((l) => [l.key, l.to('L1')]);
    expect(risk).toContainEqual(['perfect', '/detail/riskControlListEdit/L1']);
    expect(risk).toContainEqual(['aReport', '/detail/viewReport?encryptId=L1']);
    const loans = listConfig('loanList');
    expect(loans.links.find((l) => l.key === 'perfect')).toMatchObject({ perms: ['sys:loan:perfect'] });
    expect(loans.links[0].to('L1')).toBe('/company/node/L1');
    expect(loans).toMatchObject({ api: null, loanList: true });
    expect(loans.states).toEqual(STAGES.map((s) => s.key));
  });

  it('builds every worklist from its registry entry (its endpoint, states and columns), with at least the node link', () => {
    for (const name of WORKLIST_NAMES) {
      const config = listConfig(name);
      expect(config.api).toBe(name);
      expect(config.states).toEqual(WORKLISTS[name].states);
      expect(config.columns).toEqual(WORKLISTS[name].columns);
      expect(config.links.find((l) => l.key === 'node')?.to('L1'), name).toBe('/company/node/L1');
      expect(statusOptions(config.states).length, name).toBeGreaterThan(0);
    }
    expect(listConfig('bsMeetingProcessList').resolution).toBe(true);
  });
});
