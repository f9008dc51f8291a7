/** The placeholder vocabulary's helpers: amounts in capital numerals, fen and rate formatting, the premium, unknown tags. */

import { amountInWords, formatBasisPoints, formatFen, percentToBasisPoints, premiumFen, unknownPlaceholders } from '../src/index';

const yuan = (n: number) => n * 100;

describe('amountInWords', () => {
  it.each([
    [0, '零元整'],
    [yuan(1), '壹元整'],
    [yuan(10), '壹拾元整'],
    [yuan(15), '壹拾伍元整'],
    [yuan(100), '壹佰元整'],
    [yuan(101), '壹佰零壹元整'],
    [yuan(110), '壹佰壹拾元整'],
    [yuan(1001), '壹仟零壹元整'],
    [yuan(1010), '壹仟零壹拾元整'],
    [yuan(1680), '壹仟陆佰捌拾元整'],
  ])('whole yuan below ten thousand: %i fen -> %s', (fen, words) => expect(amountInWords(fen)).toBe(words));

  it.each([
    [yuan(10_000), '壹万元整'],
    [yuan(10_001), '壹万零壹元整'],
    [yuan(10_100), '壹万零壹佰元整'],
    [yuan(11_000), '壹万壹仟元整'],
    [yuan(100_000), '壹拾万元整'],
    [yuan(1_000_000), '壹佰万元整'],
    [yuan(1_000_010), '壹佰万零壹拾元整'],
    [yuan(2_050_000), '贰佰零伍万元整'],
    [yuan(6_000_000), '陆佰万元整'],
    [yuan(99_999_999), '玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
  ])('the 万 boundary: %i fen -> %s', (fen, words) => expect(amountInWords(fen)).toBe(words));

  it.each([
    [yuan(100_000_000), '壹亿元整'],
    [yuan(100_000_001), '壹亿零壹元整'],
    [yuan(100_010_000), '壹亿零壹万元整'],
    [yuan(200_500_000), '贰亿零伍拾万元整'],
    [yuan(200_050_000), '贰亿零伍万元整'],
    [yuan(110_000_000), '壹亿壹仟万元整'],
    [yuan(1_000_000_001), '壹拾亿零壹元整'],
    [yuan(1_000_000_000_000), '壹万亿元整'],
    [yuan(1_000_100_000_000), '壹万亿零壹亿元整'],
    [yuan(1_000_050_000_000), '壹万亿零伍仟万元整'],
    [yuan(10_000_000_000_000), '壹拾万亿元整'],
  ])('the 亿 and 万亿 boundaries: %i fen -> %s', (fen, words) => expect(amountInWords(fen)).toBe(words));

  it.each([
    [5, '伍分'],
    [50, '伍角整'],
    [15, '壹角伍分'],
    [105, '壹元零伍分'],
    [150, '壹元伍角整'],
    [1_050, '壹拾元伍角整'],
    [1_005, '壹拾元零伍分'],
    [168_032, '壹仟陆佰捌拾元叁角贰分'],
    [10_000_005, '壹拾万元零伍分'],
    [100_000_099, '壹佰万元玖角玖分'],
  ])('角 and 分: %i fen -> %s', (fen, words) => expect(amountInWords(fen)).toBe(words));

  it('refuses what is not a whole, non-negative number of fen in range', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    // the pipeline's largest amount (10^13 yuan) less one fen, and the largest safe number of fen
    expect(amountInWords(10 ** 15 - 1)).toBe('玖万亿玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分');
    expect(amountInWords(Number.MAX_SAFE_INTEGER)).toBe('玖拾万亿零柒佰壹拾玖亿玖仟贰佰伍拾肆万柒仟肆佰零玖元玖角壹分');
  });
});

describe('formatFen, rates and the premium', () => {
  it('formats fen as yuan with two decimals and separators, exactly', () => {
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(600_000_000)).toBe('6,000,000.00');
    expect(formatFen(123_456_789)).toBe('1,234,567.89');
    expect(formatFen(-150)).toBe('-1.50');
  });

  it('reads an annual percent with at most two decimals as basis points', () => {
    expect(percentToBasisPoints(1.5)).toBe(150);
    expect(percentToBasisPoints('1.25')).toBe(125);
    expect(percentToBasisPoints(2)).toBe(200);
    expect(percentToBasisPoints(0.07)).toBe(7);
    expect(percentToBasisPoints(1.255)).toBeNull();
    expect(percentToBasisPoints(-1)).toBeNull();
    expect(percentToBasisPoints('abc')).toBeNull();
    expect(formatBasisPoints(150)).toBe('1.50');
    expect(formatBasisPoints(7)).toBe('0.07');
  });

  it('computes amount x rate x term / 12 rounded half up to the fen', () => {
    expect(premiumFen(yuan(6_000_000), 150, 18)).toBe(yuan(135_000));
    expect(premiumFen(yuan(1_000_000), 150, 12)).toBe(yuan(15_000));
    // 1 yuan at 1% for 1 month = 0.0833 fen -> 0; 6 yuan -> 0.5 fen -> rounds up to 1
    expect(premiumFen(100, 100, 1)).toBe(0);
    expect(premiumFen(600, 100, 1)).toBe(1);
    // exact where float math would not be: 10^13 yuan at 3.33% for 7 months
    expect(premiumFen(10 ** 15, 333, 7)).toBe(Number((10n ** 15n * 333n * 7n * 2n + 120000n) / 240000n));
  });
});

describe('unknownPlaceholders', () => {
  it('accepts the vocabulary and the collateral loop', () => {
    expect(unknownPlaceholders({ companyName: {}, amountInWords: {}, collaterals: { owner: {}, appraisedValue: {} } })).toEqual([]);
  });
  it('names unknown tags, unknown tags in the loop and plain tags used as loops', () => {
    expect(unknownPlaceholders({ companyNmae: {}, collaterals: { owner: {}, colour: {} }, amount: { x: {} } })).toEqual([
      'companyNmae',
      'collaterals.colour',
      'amount',
    ]);
  });
});
