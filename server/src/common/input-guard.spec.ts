import { ArgumentMetadata } from '@nestjs/common';
import { AppError } from './errors';
import { translate } from './i18n';
import {
  findFault,
  hasBadCharacter,
  inputGuard,
  InputGuardPipe,
  inputRejected,
  jsonTooDeep,
  jsonTooWide,
  MAX_JSON_DEPTH,
  MAX_JSON_ITEMS,
  MAX_JSON_KEYS,
  MAX_JSON_VALUES,
  parseQuery,
  verifyJsonDepth,
} from './input-guard';
import { isCalendarDay } from './validation';

const nest = (open: string, close: string, n: number, inner = '1') => open.repeat(n) + inner + close.repeat(n);

describe('jsonTooDeep', () => {
  it('measures arrays and objects alike, and stops at the limit', () => {
    expect(jsonTooDeep(nest('[', ']', MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nest('[', ']', MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(nest('{"a":', '}', MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('[{"a":[{"b":1}]}]', 3)).toBe(true);
    expect(jsonTooDeep('[{"a":[{"b":1}]}]', 4)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonTooDeep(JSON.stringify({ a: '[[[[[[[[[[' }), 2)).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ a: 'say \\"[[[[' }), 2)).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ a: '"' }) + '[[[', 2)).toBe(true);
  });

  it('takes a million levels without running out of stack', () => {
    expect(jsonTooDeep(nest('[', ']', 1_000_000))).toBe(true);
  });

  it('as the JSON parser`s verify hook throws a 400 AppError', () => {
    expect(() => verifyJsonDepth(null, null, Buffer.from(nest('[', ']', 5000)))).toThrow(AppError);
    expect(() => verifyJsonDepth(null, null, Buffer.from('{"a":[1,2]}'))).not.toThrow();
  });
});

describe('jsonTooWide', () => {
  const object = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
  const array = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => i));

  it('counts keys per object, items per array and values in all, at any depth', () => {
    expect(jsonTooWide(object(MAX_JSON_KEYS))).toBe(false);
    expect(jsonTooWide(object(MAX_JSON_KEYS + 1))).toBe(true);
    expect(jsonTooWide(array(MAX_JSON_ITEMS))).toBe(false);
    expect(jsonTooWide(array(MAX_JSON_ITEMS + 1))).toBe(true);
    expect(jsonTooWide(`{"a":{"b":${object(MAX_JSON_KEYS + 1)}}}`)).toBe(true);
    // many arrays each within its limit, more values than the whole may hold
    const parts = Math.ceil((MAX_JSON_VALUES + 1) / MAX_JSON_ITEMS) + 1;
    expect(jsonTooWide(`[${Array.from({ length: parts }, () => array(MAX_JSON_ITEMS - 1)).join(',')}]`)).toBe(true);
  });

  it('does not count commas inside strings, and takes empty containers and whitespace', () => {
    expect(jsonTooWide(JSON.stringify({ a: ','.repeat(100_000) }))).toBe(false);
    expect(jsonTooWide(' { "a" : [ ] , "b" : { } , "c" : [ 1 , 2 ] } ', { keys: 3, items: 2, values: 10 })).toBe(false);
    expect(jsonTooWide('{"a":[],"b":{},"c":[1,2,3]}', { keys: 3, items: 2, values: 10 })).toBe(true);
    expect(jsonTooWide('{"a":[],"b":{},"c":[1,2],"d":1}', { keys: 3, items: 2, values: 10 })).toBe(true);
  });

  // Its speed is a figure for a bench, not an assertion here (a loaded machine made a timed check fail).
  it('refuses a 60,000-key object and a 499,000-item array before parsing them', () => {
    expect(() => verifyJsonDepth(null, null, Buffer.from(object(60_000)))).toThrow(AppError);
    expect(() => verifyJsonDepth(null, null, Buffer.from(array(499_000)))).toThrow(AppError);
  });
});

describe('findFault on parsed values (multipart bodies)', () => {
  it('refuses an object or array wider than the limits, and too many values in all', () => {
    const wide = Object.fromEntries(Array.from({ length: MAX_JSON_KEYS + 1 }, (_, i) => [`f${i}`, 'x']));
    expect(findFault({ a: wide })).toEqual({ fault: 'tooWide', path: 'a' });
    expect(findFault(Array.from({ length: MAX_JSON_ITEMS + 1 }, () => 1))).toEqual({ fault: 'tooWide', path: '' });
    const many = Array.from({ length: 6 }, () => Array.from({ length: MAX_JSON_ITEMS }, () => 1));
    expect(findFault(many)?.fault).toBe('tooWide');
  });
});

describe('reserved keys', () => {
  it('refuses __proto__, constructor and prototype as keys, naming the field', () => {
    expect(findFault(JSON.parse('{"a":{"__proto__":{"polluted":1}}}'))).toEqual({ fault: 'reservedKey', path: 'a.__proto__' });
    expect(findFault({ list: [{ constructor: 1 }] })).toEqual({ fault: 'reservedKey', path: 'list.0.constructor' });
    expect(findFault(parseQuery('prototype=1'))).toEqual({ fault: 'reservedKey', path: 'prototype' });
    expect(findFault({ protoType: 1, constructorName: 'x' })).toBeNull();
    const error = inputRejected('reservedKey', 'body', 'a.__proto__');
    expect(translate(error.messageKey, 'en', error.params)).toBe(
      'The name "__proto__" in field a.__proto__ of the request body is not allowed (__proto__, constructor and prototype cannot be used as names)',
    );
    expect(translate(error.messageKey, 'zh-CN', error.params)).toContain('“__proto__”');
  });
});

describe('hasBadCharacter', () => {
  it('finds NUL and unpaired surrogates, and lets paired ones and ordinary text by', () => {
    expect(hasBadCharacter('a\u0000b')).toBe(true);
    expect(hasBadCharacter('a\ud800b')).toBe(true);
    expect(hasBadCharacter('a\udc00')).toBe(true);
    expect(hasBadCharacter('\ud800')).toBe(true);
    expect(hasBadCharacter('😀 贷款 ok')).toBe(false);
    expect(hasBadCharacter('')).toBe(false);
  });
});

describe('findFault', () => {
  it('names the field of a bad string, a bad key and an inexact number', () => {
    expect(findFault({ content: { reason: 'a\u0000' } })).toEqual({ fault: 'badCharacter', path: 'content.reason' });
    expect(findFault({ list: ['ok', 'x\ud800'] })).toEqual({ fault: 'badCharacter', path: 'list.1' });
    expect(findFault({ ['k\u0000']: 1 })).toEqual({ fault: 'badCharacter', path: 'k\u0000' });
    expect(findFault({ baseVersion: JSON.parse('9007199254740993') })).toEqual({ fault: 'numberRange', path: 'baseVersion' });
    expect(findFault({ n: 1e300 })).toEqual({ fault: 'numberRange', path: 'n' });
    expect(findFault({ n: -1e308 })?.fault).toBe('numberRange');
    expect(findFault(JSON.parse('[1e400]'))?.fault).toBe('numberRange');
  });

  it('accepts ordinary values: decimals, safe integers, nulls, booleans', () => {
    expect(findFault({ amount: 1234.56, big: Number.MAX_SAFE_INTEGER, small: -Number.MAX_SAFE_INTEGER, tiny: 1e-300, none: null, yes: true })).toBeNull();
    expect(findFault('plain')).toBeNull();
  });

  it('refuses depth beyond the limit without recursion, even on a value built 100 000 deep', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(findFault(deep)?.fault).toBe('tooDeep');
    let ok: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) ok = [ok];
    expect(findFault(ok)).toBeNull();
  });

  it('does not look into buffers (file contents may hold any byte)', () => {
    expect(findFault({ buffer: Buffer.from([0, 0xd8, 0]) })).toBeNull();
  });
});

describe('inputRejected', () => {
  it('is a 400 whose message names the place in both languages', () => {
    const e = inputRejected('badCharacter', 'body', 'content.reason');
    expect(e.status).toBe(400);
    expect(translate(e.messageKey, 'en', e.params)).toBe(
      'The value in field content.reason of the request body contains a character that is not allowed (NUL, U+0000, or an unpaired surrogate)',
    );
    expect(translate(e.messageKey, 'zh-CN', e.params)).toBe('请求体字段“content.reason”含有不允许的字符（空字符 U+0000 或不成对的代理字符）');
    expect(translate(inputRejected('tooDeep', 'body').messageKey, 'en', inputRejected('tooDeep', 'body').params)).toBe(
      `The data in the request body is nested too deep (at most ${MAX_JSON_DEPTH} levels)`,
    );
  });
});

describe('inputGuard middleware', () => {
  const run = (req: Record<string, unknown>) => {
    let passed: unknown = 'not called';
    inputGuard()(req as never, {} as never, (error?: unknown) => (passed = error));
    return passed;
  };

  it('passes clean requests and refuses a bad path, query or body with a 400', () => {
    expect(run({ path: '/server/companies/abc', query: { name: '贷款' }, body: { a: 1 } })).toBeUndefined();
    expect(run({ path: '/server/companies/a%00b', query: {} })).toMatchObject({ status: 400, messageKey: 'inputBadCharacter' });
    expect(run({ path: '/server/companies/a%ED%A0%80', query: {} })).toMatchObject({ status: 400, messageKey: 'inputMalformedUrl' });
    expect(run({ path: '/server/companies', query: { name: 'a\u0000b' } })).toMatchObject({ status: 400, messageKey: 'inputBadCharacter' });
    expect(run({ path: '/server/x', query: {}, body: { baseVersion: 9007199254740992 } })).toMatchObject({ status: 400, messageKey: 'inputNumberRange' });
  });
});

describe('InputGuardPipe', () => {
  const pipe = new InputGuardPipe();
  const meta = (type: ArgumentMetadata['type']): ArgumentMetadata => ({ type });

  it('checks multipart fields, path parameters and uploaded file names', () => {
    expect(() => pipe.transform({ kind: 'a\u0000' }, meta('body'))).toThrow(AppError);
    expect(() => pipe.transform('x\ud800', meta('param'))).toThrow(AppError);
    expect(() => pipe.transform({ originalname: 'a\u0000.pdf', fieldname: 'file', buffer: Buffer.alloc(1) }, meta('custom'))).toThrow(AppError);
    expect(pipe.transform({ originalname: '纪要.pdf', fieldname: 'file', buffer: Buffer.from([0]) }, meta('custom'))).toMatchObject({
      originalname: '纪要.pdf',
    });
  });
});

describe('parseQuery', () => {
  it('never nests: brackets stay in the key, repeats become an array', () => {
    expect(parseQuery('a[b][c]=1&x=1&x=2')).toEqual({ 'a[b][c]': '1', x: ['1', '2'] });
  });

  it('keeps at most 100 keys', () => {
    const text = Array.from({ length: 500 }, (_, i) => `k${i}=1`).join('&');
    expect(Object.keys(parseQuery(text))).toHaveLength(100);
  });
});

describe('isCalendarDay', () => {
  it('takes days that exist and refuses the rest', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-00-10')).toBe(false);
    expect(isCalendarDay('abc')).toBe(false);
    expect(isCalendarDay('2026-1-1')).toBe(false);
    expect(isCalendarDay(20260101)).toBe(false);
  });
});
