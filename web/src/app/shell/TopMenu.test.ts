import { describe, expect, it } from 'vitest';
import { countFitting } from './TopMenu';

describe('top menu fitting', () => {
  it('shows every entry when all fit, without "More"', () => {
    expect(countFitting([100, 100, 100], 80, 304, 2)).toBe(3);
  });

  it('leaves room for "More" when some entries fold away', () => {
    // 3 x 100 fit in 310, but the 4th does not, and "More" (80) needs space too.
    expect(countFitting([100, 100, 100, 100], 80, 310, 2)).toBe(2);
    expect(countFitting([100, 100, 100, 100], 80, 400, 2)).toBe(3);
  });

  it('folds everything when even one entry and "More" do not fit', () => {
    expect(countFitting([100, 100], 80, 150, 2)).toBe(0);
  });
});
