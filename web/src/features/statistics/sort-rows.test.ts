import { describe, expect, it } from 'vitest';
import { sortRows } from './sort-rows';

describe('sortRows', () => {
  it('sorts numbers and names either way without touching the input', () => {
    const rows = [
      { name: 'b', closingFen: 5 },
      { name: 'a', closingFen: 12 },
      { name: 'c', closingFen: 0 },
    ];
    expect(sortRows(rows, 'closingFen', 'desc').map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, 'name', 'asc').map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect(rows[0].name).toBe('b');
  });
});
