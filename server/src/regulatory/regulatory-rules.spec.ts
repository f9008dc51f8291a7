import { BALANCE_WEIGHTS, weighted, weightFor } from './regulatory-rules';

describe('regulatory weights', () => {
  it('weighs a small/micro client 75% up to and including 5,000,000.00 yuan, 100% above', () => {
    expect(weightFor({ smallMicro: true, agricultural: false, balanceFen: 500_000_000n }).weightBp).toBe(7500);
    expect(weightFor({ smallMicro: true, agricultural: false, balanceFen: 500_000_001n }).weightBp).toBe(10000);
  });

  it('weighs a farmer household 75% up to 2,000,000.00 yuan, and an unclassed client 100% whatever its size', () => {
    expect(weightFor({ smallMicro: false, agricultural: true, balanceFen: 200_000_000n }).key).toBe('AGRICULTURAL');
    expect(weightFor({ smallMicro: false, agricultural: true, balanceFen: 200_000_001n }).key).toBe('OTHER');
    expect(weightFor({ smallMicro: false, agricultural: false, balanceFen: 1n }).key).toBe('OTHER');
    // both classes: the small/micro cap (the larger) decides first
    expect(weightFor({ smallMicro: true, agricultural: true, balanceFen: 300_000_000n }).key).toBe('SMALL_MICRO');
  });

  it('rounds the weighted balance half up to the fen, exactly beyond 2^53', () => {
    expect(weighted(300_000_001n, 7500)).toBe(225_000_001n); // 225,000,000.75
    expect(weighted(2n, 7500)).toBe(2n); // 1.5 -> 2
    expect(weighted(1n, 7500)).toBe(1n); // 0.75 -> 1
    expect(weighted(9_007_199_254_740_993n, 7500)).toBe(6_755_399_441_055_745n);
  });

  it('documents every weight with its source', () => {
    for (const weight of BALANCE_WEIGHTS) expect(weight.source).toMatch(/融资担保责任余额计量办法/);
  });
});
