import { bucketsProblem, DEFAULT_OVERDUE_BUCKETS } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import { bucketErrors, fromDays, toBuckets, toRows } from './bucket-settings-form';

describe('the overdue bucket settings form', () => {
  it('round-trips the default buckets', () => {
    const rows = toRows(DEFAULT_OVERDUE_BUCKETS);
    expect(bucketErrors(rows)).toEqual({});
    expect(toBuckets(rows)).toEqual(DEFAULT_OVERDUE_BUCKETS);
  });

  it('derives each first day from the last day before, from day 1, the last open: what the server accepts', () => {
    const rows = [
      { key: 'A', toDay: 15, zh: '甲', en: 'A' },
      { key: 'B', toDay: '45', zh: '乙', en: 'B' },
      { key: 'C', toDay: 99, zh: '丙', en: 'C' },
    ];
    expect(fromDays(rows)).toEqual([1, 16, 46]);
    const buckets = toBuckets(rows);
    expect(buckets.map((b) => [b.fromDay, b.toDay])).toEqual([
      [1, 15],
      [16, 45],
      [46, null],
    ]);
    expect(bucketsProblem(buckets)).toBeNull();
  });

  it('names each wrong field: key, repeated key, a last day before the first, missing words', () => {
    const rows = [
      { key: 'A-1', toDay: 10, zh: '甲', en: 'A' },
      { key: 'B', toDay: 5, zh: '', en: 'B' },
      { key: 'B', toDay: '', zh: '丙', en: ' ' },
    ];
    expect(bucketErrors(rows)).toEqual({ '0.key': 'key', '1.toDay': 'toDay', '1.zh': 'zh', '2.key': 'keyRepeated', '2.en': 'en' });
    expect(
      bucketErrors([
        { key: 'A', toDay: 'x', zh: '甲', en: 'A' },
        { key: 'B', toDay: '', zh: '乙', en: 'B' },
      ]),
    ).toEqual({ '0.toDay': 'toDay' });
  });
});
