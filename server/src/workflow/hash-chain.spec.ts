import { canonicalJson } from './hash-chain';

/** The first definition, kept here as the reference: stored hashes were computed with it, so its output must not change. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : reference(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
}

/** A small deterministic generator (no dependency), so a failure names its seed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const KEYS = ['a', 'b', 'B', '_', 'z', 'é', '中文', '𝒳', 'aa', '10', '9', '', 'type', '\u0000', '"q"'];

function value(next: () => number, depth: number): unknown {
  const r = next();
  if (depth > 3 || r < 0.35) {
    const leaves = [null, undefined, true, false, 0, -1.5, 1e21, 123456789012, 'x', '贷款', '\ud83d\ude00', 'a"b\\c\n'];
    return leaves[Math.floor(next() * leaves.length)];
  }
  if (r < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(next() * 5); i > 0; i--) out[KEYS[Math.floor(next() * KEYS.length)]] = value(next, depth + 1);
  return out;
}

describe('canonicalJson', () => {
  it('writes exactly what the first definition wrote, on 5,000 generated values', () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const v = value(random(seed), 0);
      expect([seed, canonicalJson(v)]).toEqual([seed, reference(v)]);
    }
  });

  it('sorts keys at every level and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, a: { d: [undefined, 2], c: undefined } })).toBe('{"a":{"d":[null,2]},"b":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });
});
