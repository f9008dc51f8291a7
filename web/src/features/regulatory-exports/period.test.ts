import { describe, expect, it } from 'vitest';
import { periodIssue, periodParams } from './period';

describe('regulator report period', () => {
  it('refuses a start after the end, accepts equal or open ends', () => {
    expect(periodIssue('2026-02-01', '2026-01-31')).toBe('periodInverted');
    expect(periodIssue('2026-01-31', '2026-01-31')).toBeNull();
    expect(periodIssue('', '2026-01-31')).toBeNull();
    expect(periodIssue('2026-01-31', null)).toBeNull();
  });

  it('keeps the filled filters, trimmed', () => {
    expect(periodParams({ from: '2026-01-01', to: '', companyName: ' 示例 ' })).toEqual({ from: '2026-01-01', companyName: '示例' });
  });
});
