import { describe, expect, it } from 'vitest';
import {
  companyTimeZone,
  companyToday,
  companyWallTimeToIso,
  formatAmount,
  formatCurrency,
  formatDate,
  formatSize,
  formatTime,
  formatTimeWithSeconds,
  formatZonedTime,
  setCompanyTimeZone,
} from './format';

describe('format', () => {
  it('writes amounts with separators and two decimals, nothing for a missing one', () => {
    expect(formatAmount(1234567.8)).toBe('1,234,567.80');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
  });

  it('writes yuan with the sign of the language', () => {
    expect(formatCurrency(1234.5, 'zh')).toBe('¥1,234.50');
    expect(formatCurrency(1234.5, 'en')).toBe('CN¥1,234.50');
    expect(formatCurrency(null, 'en')).toBe('');
  });

  it("writes days and moments in the company's zone (not the browser's), nothing for a missing one", () => {
    expect(companyTimeZone()).toBe('Asia/Shanghai');
    const at = new Date('2026-03-01T01:05:07Z'); // 09:05:07 in Shanghai
    expect(formatDate(at)).toBe('2026-03-01');
    expect(formatTime(at)).toBe('2026-03-01 09:05');
    expect(formatTimeWithSeconds(at)).toBe('2026-03-01 09:05:07');
    expect(formatTime(at.toISOString())).toBe('2026-03-01 09:05');
    expect(formatZonedTime(at)).toBe('2026-03-01 09:05 (Asia/Shanghai)');
    // 23:30 UTC is already the next day in Shanghai; a bare day stays the day it names.
    expect(formatDate('2026-03-01T23:30:00Z')).toBe('2026-03-02');
    expect(formatDate('2026-03-01')).toBe('2026-03-01');
    expect(companyToday(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(formatTime(null)).toBe('');
    expect(formatDate('')).toBe('');
  });

  it('follows the zone the server names, and reads picked wall times in it', () => {
    try {
      setCompanyTimeZone('America/New_York');
      expect(formatTime('2026-03-01T01:05:07Z')).toBe('2026-02-28 20:05');
      expect(companyWallTimeToIso('2026-07-01 09:30')).toBe('2026-07-01T13:30:00.000Z');
      setCompanyTimeZone('Not/A_Zone');
      expect(companyTimeZone()).toBe('America/New_York');
    } finally {
      setCompanyTimeZone('Asia/Shanghai');
    }
    expect(companyWallTimeToIso('2026-07-01T09:30')).toBe('2026-07-01T01:30:00.000Z');
    expect(companyWallTimeToIso('2026-02-30 09:30')).toBe('');
    expect(companyWallTimeToIso('09:30')).toBe('');
  });

  it('writes sizes in B, KB and MB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(2 * 1024 * 1024)).toBe('2.0 MB');
  });
});
