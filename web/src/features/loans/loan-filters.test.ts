import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filterIssues, toLoanFilters } from './loan-filters';
import { LIST_CONFIGS, statusOptions } from './lists';

describe('loan list filters', () => {
  it('sends only what is filled in', () => {
    expect(toLoanFilters(EMPTY_FILTERS)).toEqual({});
    expect(
      toLoanFilters({ ...EMPTY_FILTERS, companyName: ' 申芯 ', amountMin: '100', amountMax: 2000, stage: 'collection', createdFrom: '2026-11-01' }),
    ).toEqual({
      companyName: '申芯',
      amountMin: 100,
      amountMax: 2000,
      stage: 'collection',
      createdFrom: '2026-11-01',
    });
  });

  it('refuses ranges the wrong way round, as the server does', () => {
    expect(filterIssues({ ...EMPTY_FILTERS, amountMin: 10, amountMax: 5 })).toEqual({ amountMax: 'amountRange' });
    expect(filterIssues({ ...EMPTY_FILTERS, createdFrom: '2026-11-02', createdTo: '2026-11-01' })).toEqual({ createdTo: 'dateRange' });
    expect(filterIssues({ ...EMPTY_FILTERS, amountMin: 5, amountMax: 5, createdFrom: '2026-11-01', createdTo: '2026-11-01' })).toEqual({});
  });

  it("offers the statuses a list's stages can show", () => {
    expect(statusOptions(['preReview']).map((s) => s.key)).toEqual(['WAIT_EXAMINE', 'EXAMINE_PASS', 'EXAMINE_FAIL']);
    expect(statusOptions(['collection']).map((s) => s.key)).toEqual(['TO_BE_IMPROVED', 'REJECT', 'SUBMITTED', 'RECEIPT']);
    expect(statusOptions(LIST_CONFIGS.loanList.stages).length).toBeGreaterThan(10);
  });

  it("links each list to the data pages with the list's own permission codes", () => {
    const risk = LIST_CONFIGS.riskControlList.links.map((l) => [l.key, l.to('L1')]);
    expect(risk).toContainEqual(['perfect', '/detail/riskControlListEdit/L1']);
    expect(risk).toContainEqual(['aReport', '/detail/viewReport?encryptId=L1']);
    expect(LIST_CONFIGS.loanList.links.find((l) => l.key === 'perfect')).toMatchObject({ perms: ['sys:loan:perfect'] });
    expect(LIST_CONFIGS.loanList.links[0].to('L1')).toBe('/company/node/L1');
  });
});
