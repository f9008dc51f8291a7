import { describe, expect, it } from 'vitest';
import { defaultPeriod, periodError, readPeriod } from './period';

describe('statistics period', () => {
  it('defaults to the year so far and ignores malformed days', () => {
    expect(defaultPeriod('2026-11-24')).toEqual({ start: '2026-01-01', end: '2026-11-24' });
    expect(readPeriod(new URLSearchParams('start=2026-13-45&end=2026-03-01'), '2026-11-24')).toEqual({ start: '2026-01-01', end: '2026-03-01' });
    expect(readPeriod(new URLSearchParams('start=2025-02-01'), '2026-11-24')).toEqual({ start: '2025-02-01', end: '2026-11-24' });
  });

  it('refuses a start after the end, as the server does', () => {
    expect(periodError({ start: '2026-02-01', end: '2026-01-01' })).toBe('startAfterEnd');
    expect(periodError({ start: '2026-01-01', end: '2026-01-01' })).toBeNull();
    expect(periodError({ start: '', end: '2026-01-01' })).toBe('missing');
  });
});
