import { describe, expect, it } from 'vitest';
import { collateralFormErrors, EMPTY_COLLATERAL, fromFenText, toCollateralDto } from './collateral-form';

describe('collateral form', () => {
  it('requires an owner and a well-formed value', () => {
    expect(collateralFormErrors(EMPTY_COLLATERAL)).toEqual({ owner: 'owner' });
    expect(collateralFormErrors({ ...EMPTY_COLLATERAL, owner: '张三', appraisedValue: '-5' })).toEqual({ appraisedValue: 'appraisedValue' });
    expect(collateralFormErrors({ ...EMPTY_COLLATERAL, owner: '张三', appraisedValue: '1.234' })).toEqual({ appraisedValue: 'appraisedValue' });
    expect(collateralFormErrors({ ...EMPTY_COLLATERAL, owner: '张三', appraisedValue: '3,200,000.5' })).toEqual({});
  });

  it('sends whole fen and empty texts as nothing', () => {
    expect(toCollateralDto({ kind: 'PLEDGE', owner: ' 李四 ', description: ' ', appraisedValue: '0.1', certificateNo: '' })).toEqual({
      kind: 'PLEDGE',
      owner: '李四',
      description: null,
      appraisedValueFen: 10,
      certificateNo: null,
    });
    expect(fromFenText(320000005)).toBe('3200000.05');
    expect(fromFenText(null)).toBe('');
  });
});
