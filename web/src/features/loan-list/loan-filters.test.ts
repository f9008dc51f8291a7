import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filterIssues, fromFilterParams, toFilterParams, toLoanFilters } from './loan-filters';

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

  it('refuses a negative or non-numeric amount with a message instead of dropping the sign', () => {
    expect(filterIssues({ ...EMPTY_FILTERS, amountMin: -100 })).toEqual({ amountMin: 'amountNegative' });
    expect(filterIssues({ ...EMPTY_FILTERS, amountMin: -100, amountMax: -200 })).toEqual({ amountMin: 'amountNegative', amountMax: 'amountNegative' });
    expect(filterIssues({ ...EMPTY_FILTERS, amountMax: '-' })).toEqual({ amountMax: 'amountNotNumber' });
    expect(filterIssues({ ...EMPTY_FILTERS, amountMin: 0, amountMax: '0' })).toEqual({});
  });

  it('keeps the filters in the URL as strings and reads them back', () => {
    const values = { ...EMPTY_FILTERS, companyName: '申芯', status: 'WAIT_EXAMINE', amountMin: 100, createdTo: '2026-11-30' };
    const params = toFilterParams(values);
    expect(params).toEqual({ companyName: '申芯', status: 'WAIT_EXAMINE', amountMin: '100', createdTo: '2026-11-30' });
    expect(fromFilterParams(params)).toEqual({ ...values, amountMin: '100' });
    expect(fromFilterParams({})).toEqual(EMPTY_FILTERS);
  });

  it('sends the overdue bucket chosen and keeps it in the URL', () => {
    expect(toLoanFilters({ ...EMPTY_FILTERS, overdueBucket: 'D31_60' })).toEqual({ overdueBucket: 'D31_60' });
    expect(toFilterParams({ ...EMPTY_FILTERS, overdueBucket: 'D90_PLUS' })).toEqual({ overdueBucket: 'D90_PLUS' });
    expect(fromFilterParams({ overdueBucket: 'D1_30' })).toEqual({ ...EMPTY_FILTERS, overdueBucket: 'D1_30' });
  });
});
