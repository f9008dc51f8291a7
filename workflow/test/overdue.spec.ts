import fc from 'fast-check';
import {
  bucketOf,
  bucketsProblem,
  classificationNeedsReason,
  dayNumber,
  daysPastDue,
  DEFAULT_OVERDUE_BUCKETS,
  type OverdueBucket,
} from '../src/domain/overdue';

const plan = [
  { dueOn: '2026-01-15', principalFen: 100_000, repaidFen: 100_000 },
  { dueOn: '2026-02-15', principalFen: 100_000, repaidFen: 40_000 },
  { dueOn: '2026-03-15', principalFen: 100_000, repaidFen: 0 },
];

describe('days past due', () => {
  it('counts from the oldest instalment due and not fully repaid; due on its day, one day late the day after', () => {
    expect(daysPastDue(plan, '2026-02-15')).toBe(0);
    expect(daysPastDue(plan, '2026-02-16')).toBe(1);
    // across the month end and the later instalment: still counted from February's
    expect(daysPastDue(plan, '2026-03-20')).toBe(33);
    expect(daysPastDue(plan, '2026-06-01')).toBe(106);
  });

  it('is 0 once every instalment due is repaid, whatever later ones owe', () => {
    const paid = plan.map((i, n) => (n < 2 ? { ...i, repaidFen: i.principalFen } : i));
    expect(daysPastDue(paid, '2026-03-15')).toBe(0);
    expect(daysPastDue(paid, '2026-03-16')).toBe(1);
    expect(daysPastDue([], '2026-03-16')).toBe(0);
  });

  it('never counts an instalment without principal (interest-only months)', () => {
    expect(daysPastDue([{ dueOn: '2026-01-15', principalFen: 0, repaidFen: 0 }], '2026-05-01')).toBe(0);
  });

  it('refuses days that are not calendar days', () => {
    expect(dayNumber('2026-02-30')).toBeNull();
    expect(dayNumber('2026-2-3')).toBeNull();
    expect(dayNumber('2024-02-29')).not.toBeNull();
    expect(() => daysPastDue(plan, '2026-02-30')).toThrow(RangeError);
    expect(() => daysPastDue([{ dueOn: '20260115', principalFen: 1, repaidFen: 0 }], '2026-02-01')).toThrow(/dueOn/);
  });

  it('grows by one a day while nothing is repaid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (offset) => {
        const day = new Date(Date.UTC(2026, 1, 16) + offset * 86_400_000).toISOString().slice(0, 10);
        const next = new Date(Date.UTC(2026, 1, 17) + offset * 86_400_000).toISOString().slice(0, 10);
        expect(daysPastDue(plan, next)).toBe(daysPastDue(plan, day) + 1);
      }),
    );
  });
});

describe('buckets', () => {
  it('places each day in the default buckets, none at 0', () => {
    expect(bucketOf(0)).toBeNull();
    expect([1, 30, 31, 60, 61, 90, 91, 5000].map((d) => bucketOf(d)?.key)).toEqual([
      'D1_30',
      'D1_30',
      'D31_60',
      'D31_60',
      'D61_90',
      'D61_90',
      'D90_PLUS',
      'D90_PLUS',
    ]);
    expect(bucketOf(1.5)).toBeNull();
    expect(bucketsProblem(DEFAULT_OVERDUE_BUCKETS)).toBeNull();
  });

  it('refuses buckets with a gap, an overlap, an open middle, a closed end or a repeated key', () => {
    const b = (key: string, fromDay: number, toDay: number | null): OverdueBucket => ({ key, fromDay, toDay, label: { zh: key, en: key } });
    expect(bucketsProblem([])).toMatch(/no buckets/);
    expect(bucketsProblem([b('a', 2, null)])).toMatch(/start on day 1/);
    expect(bucketsProblem([b('a', 1, 10), b('b', 12, null)])).toMatch(/start on day 11/);
    expect(bucketsProblem([b('a', 1, 10), b('b', 5, null)])).toMatch(/start on day 11/);
    expect(bucketsProblem([b('a', 1, null), b('b', 2, null)])).toMatch(/only the last/);
    expect(bucketsProblem([b('a', 1, 10), b('b', 11, 20)])).toMatch(/must be open/);
    expect(bucketsProblem([b('a', 1, 10), b('a', 11, null)])).toMatch(/repeated/);
    expect(bucketsProblem([b('a', 1, 0), b('b', 1, null)])).toMatch(/not before its first/);
    expect(bucketsProblem([b('a', 1, 7), b('b', 8, null)])).toBeNull();
  });
});

describe('the classification of a loan long past due', () => {
  it('needs a reason to be better than substandard past 90 days', () => {
    expect(classificationNeedsReason(90, 'NORMAL')).toBe(false);
    expect(classificationNeedsReason(91, 'NORMAL')).toBe(true);
    expect(classificationNeedsReason(91, 'SPECIAL_MENTION')).toBe(true);
    expect(classificationNeedsReason(91, 'SUBSTANDARD')).toBe(false);
    expect(classificationNeedsReason(400, 'LOSS')).toBe(false);
  });
});
