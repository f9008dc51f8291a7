import { describe, expect, it } from 'vitest';
import { progressSettings } from './progress';

describe('navigation progress bar', () => {
  it('uses the constants of spec section 9 and no spinner', () => {
    expect(progressSettings).toMatchObject({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false, trickleRate: 0.02 });
  });
});
