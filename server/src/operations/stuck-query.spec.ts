import { MACHINE_VERSIONS } from '@app/workflow';
import { movableStatesOf, stuckKeysetStatement, stuckPageStatement, type StuckCursor } from './stuck-query';

const cutoffs = { preReview: '2026-01-01T00:00:00.000Z' };
const movable = movableStatesOf([{ id: 'u1', roles: ['ROLE_APOST'], authorityList: ['sys:review:submit-general-office'] }]);
const cursor = (unmovable: boolean): StuckCursor => ({ unmovable, at: '2026-01-01 00:00:00.123456+00', id: '00000000-0000-4000-8000-000000000001' });

/** A page of 20 rows for these accounts. */
const page = (stage: string | null, after: StuckCursor | null) => ({ cutoffs, stage, after, size: 20, movable, versions: MACHINE_VERSIONS });

/** The $n written into a text, in order of first use. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);

describe('the stuck list statements', () => {
  const shapes: [string, string | null, StuckCursor | null][] = [
    ['first page', null, null],
    ['one stage', 'preReview', null],
    ['after a cursor among the unmovable', null, cursor(true)],
    ['after a cursor among the movable, one stage', 'preReview', cursor(false)],
  ];

  it.each(shapes)('%s: every value has its placeholder and no placeholder lacks a value (a prepared statement needs both)', (_, stage, after) => {
    for (const make of [stuckKeysetStatement, stuckPageStatement]) {
      const { text, values } = make({ cutoffs, stage, after, size: 20, movable, versions: MACHINE_VERSIONS });
      expect(placeholders(text)).toEqual(values.map((_, i) => i + 1));
      // the page size is written into the text, for the generic plan to see it
      expect(text).toMatch(/LIMIT 20\b/);
      expect(text).not.toMatch(/IS NULL OR/);
    }
  });

  it('leaves the unmovable part out after a cursor among the movable, and keeps it (with the cursor) before', () => {
    expect(stuckKeysetStatement(page(null, cursor(false))).text).not.toContain('true AS unmovable');
    const before = stuckKeysetStatement(page(null, cursor(true))).text;
    expect(before).toContain('true AS unmovable');
    // the cursor bounds the unmovable part only: every movable loan comes after it
    expect(before.match(/\(wi\.updated_at, wi\.loan_id\) >/g)).toHaveLength(1);
  });

  it('refuses a page size that is not a whole number from 1 to 1000 (it is written into the text)', () => {
    for (const size of [0, -1, 1001, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => stuckKeysetStatement({ ...page(null, null), size })).toThrow(RangeError);
  });
});
