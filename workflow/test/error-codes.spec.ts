import { ERROR_CODE_GROUPS, ERROR_CODES, SUCCESS_CODES, type ErrorCodeRange } from '../src/error-codes';

/** Codes compare by kind (bare HTTP-like or A-prefixed), then by number. */
const inRange = (code: string, { from, to }: ErrorCodeRange) =>
  /^A\d{5}$/.test(code) === /^A\d{5}$/.test(from) && code.length === from.length && code >= from && code <= to;

const groups = Object.entries(ERROR_CODE_GROUPS);
const all = groups.flatMap(([feature, { codes }]) => Object.entries(codes).map(([name, code]) => ({ feature, name, code: code as string })));

describe('the error-code catalogue', () => {
  it('gives every code one name and every name one code', () => {
    const codes = all.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    const names = all.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    // nothing lost or overwritten when the groups are spread into one object
    expect(Object.keys(ERROR_CODES)).toHaveLength(all.length);
  });

  it.each(all)('keeps $name ($code) in the range of $feature', ({ feature, code }) => {
    expect(inRange(code, ERROR_CODE_GROUPS[feature as keyof typeof ERROR_CODE_GROUPS].range)).toBe(true);
  });

  it('has ranges that do not overlap, so a code tells its feature', () => {
    const ranges = groups.map(([, { range }]) => range);
    for (const [i, a] of ranges.entries())
      for (const b of ranges.slice(i + 1)) expect(inRange(a.from, b) || inRange(a.to, b) || inRange(b.from, a)).toBe(false);
  });

  it('notices a code outside its range', () => {
    expect(inRange('A02001', ERROR_CODE_GROUPS.events.range)).toBe(false);
    expect(inRange('409', ERROR_CODE_GROUPS.events.range)).toBe(false);
    expect(inRange('A10070', ERROR_CODE_GROUPS.repayment.range)).toBe(false);
  });

  it('keeps the values clients rely on', () => {
    expect(SUCCESS_CODES).toEqual(['A00000', 'A00103']);
    expect(ERROR_CODES).toMatchObject({ session: '401', captchaRequired: 'A01002', staleVersion: 'A03002', dataInvalid: 'A06002' });
    expect(all).toHaveLength(144);
  });
});
