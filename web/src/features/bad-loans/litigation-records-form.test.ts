import { describe, expect, it } from 'vitest';
import { EMPTY_FEE, EMPTY_SEIZURE, feeFormErrors, seizureFormErrors, toFeeDto, toSeizureDto } from './litigation-records-form';

describe('the litigation fee form', () => {
  it('asks for a type of the list, an amount above zero in yuan, a real day; sends fen', () => {
    expect(feeFormErrors(EMPTY_FEE)).toEqual({ feeType: 'required', amount: 'required', paidOn: 'required' });
    expect(feeFormErrors({ feeType: 'BRIBE' as never, amount: '0', paidOn: '2026-02-30', note: '' })).toEqual({
      feeType: 'required',
      amount: 'amount',
      paidOn: 'day',
    });
    expect(feeFormErrors({ feeType: 'LAWYER', amount: '12.345', paidOn: '2026-07-22', note: '' })).toEqual({ amount: 'amount' });
    expect(feeFormErrors({ feeType: 'LAWYER', amount: '10000000000.01', paidOn: '2026-07-22', note: '' })).toEqual({ amount: 'amount' });
    expect(feeFormErrors({ feeType: 'LAWYER', amount: '1', paidOn: '2026-07-22', note: 'x'.repeat(501) })).toEqual({ note: 'tooLong' });
    const ok = { feeType: 'PRESERVATION' as const, amount: '12,000.5', paidOn: '2026-07-22', note: '  ' };
    expect(feeFormErrors(ok)).toEqual({});
    expect(toFeeDto(ok)).toEqual({ feeType: 'PRESERVATION', amountFen: 1_200_050, paidOn: '2026-07-22', note: null });
  });
});

describe('the seizure form', () => {
  it('asks for the court, the asset, the kind and two days, the expiry after the seizure', () => {
    expect(seizureFormErrors(EMPTY_SEIZURE)).toEqual({ court: 'required', asset: 'required', seizedOn: 'required', expiresOn: 'required' });
    const base = { court: ' 浦东法院 ', asset: '厂房', seizureKind: 'SUBSEQUENT' as const, seizedOn: '2026-07-25', expiresOn: '2026-07-25', note: ' 续封 ' };
    expect(seizureFormErrors(base)).toEqual({ expiresOn: 'expiryNotAfter' });
    expect(seizureFormErrors({ ...base, expiresOn: '2026-07-24' })).toEqual({ expiresOn: 'expiryNotAfter' });
    expect(seizureFormErrors({ ...base, seizedOn: '2026-13-01' })).toEqual({ seizedOn: 'day' });
    expect(seizureFormErrors({ ...base, seizureKind: null, court: 'x'.repeat(101) })).toEqual({
      court: 'tooLong',
      seizureKind: 'required',
      expiresOn: 'expiryNotAfter',
    });
    const ok = { ...base, expiresOn: '2029-07-24' };
    expect(seizureFormErrors(ok)).toEqual({});
    expect(toSeizureDto(ok)).toEqual({
      court: '浦东法院',
      asset: '厂房',
      seizureKind: 'SUBSEQUENT',
      seizedOn: '2026-07-25',
      expiresOn: '2029-07-24',
      note: '续封',
    });
  });
});
