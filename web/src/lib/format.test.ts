import { describe, expect, it } from 'vitest';
import { formatAmount, formatCurrency, formatDate, formatSize, formatTime, formatTimeWithSeconds } from './format';

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

  it('writes days and moments in local time, nothing for a missing one', () => {
    const at = new Date(2026, 2, 1, 9, 5, 7);
    expect(formatDate(at)).toBe('2026-03-01');
    expect(formatTime(at)).toBe('2026-03-01 09:05');
    expect(formatTimeWithSeconds(at)).toBe('2026-03-01 09:05:07');
    expect(formatTime(at.toISOString())).toBe('2026-03-01 09:05');
    expect(formatTime(null)).toBe('');
    expect(formatDate('')).toBe('');
  });

  it('writes sizes in B, KB and MB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(2 * 1024 * 1024)).toBe('2.0 MB');
  });
});
