import { describe, expect, it } from 'vitest';
import { percentToBp, settingsFormErrors, toSettingsDto, toSettingsValues } from './custody-forms';

const good = { MORTGAGE: '12', PLEDGE: '6', OTHER: '3', ltvPercent: '70' };

describe('the custody settings form', () => {
  it('sends months and the threshold in basis points', () => {
    expect(settingsFormErrors(good)).toEqual({});
    expect(toSettingsDto({ ...good, ltvPercent: '72.5' })).toEqual({ ltvThresholdBp: 7250, intervalMonths: { MORTGAGE: 12, PLEDGE: 6, OTHER: 3 } });
  });
  it('refuses months outside 1-120 and thresholds outside 1 %-1000 % or finer than a basis point', () => {
    expect(settingsFormErrors({ ...good, MORTGAGE: '0', PLEDGE: '121', OTHER: '' })).toEqual({ MORTGAGE: 'months', PLEDGE: 'months', OTHER: 'required' });
    for (const bad of ['0.5', '1000.01', '70.123', 'x', '-5']) expect(percentToBp(bad)).toBeNull();
    expect(percentToBp('1')).toBe(100);
    expect(percentToBp('1000')).toBe(100_000);
  });
  it('shows the server’s settings as typed values', () => {
    expect(toSettingsValues({ ltvThresholdBp: 7000, intervalMonths: { MORTGAGE: 12, PLEDGE: 6, OTHER: 24 }, changedByName: null, changedAt: '' })).toEqual({
      MORTGAGE: '12',
      PLEDGE: '6',
      OTHER: '24',
      ltvPercent: '70',
    });
  });
});
