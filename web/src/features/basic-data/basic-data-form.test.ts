import { describe, expect, it } from 'vitest';
import { bankFormErrors, loanTypeFormErrors, toBankDto, toLoanTypeDto } from './basic-data-form';

describe('bank form', () => {
  it('needs a name and a category, and checks phone and address as the server does', () => {
    expect(bankFormErrors({ name: ' ', category: null, phone: 'call me', address: 'x'.repeat(201) })).toEqual({
      name: 'name',
      category: 'category',
      phone: 'phone',
      address: 'address',
    });
    const ok = { name: ' 浦发银行 ', category: 'JOINT_STOCK', phone: '', address: '' };
    expect(bankFormErrors(ok)).toEqual({});
    expect(toBankDto(ok)).toEqual({ name: '浦发银行', category: 'JOINT_STOCK', phone: null, address: null });
  });
});

describe('loan type form', () => {
  it('takes a rate with at most two decimals between 0 and 100, and whole days up to 365', () => {
    const base = { name: '流动资金贷款', feeRate: 1.5, repaymentReminderDays: 7, maturityReminderDays: 30 };
    expect(loanTypeFormErrors(base)).toEqual({});
    expect(toLoanTypeDto(base)).toEqual(base);
    expect(loanTypeFormErrors({ ...base, feeRate: 1.255 })).toEqual({ feeRate: 'feeRate' });
    expect(loanTypeFormErrors({ ...base, feeRate: 100.5 })).toEqual({ feeRate: 'feeRate' });
    expect(loanTypeFormErrors({ ...base, feeRate: '' })).toEqual({ feeRate: 'feeRate' });
    expect(loanTypeFormErrors({ ...base, repaymentReminderDays: 1.5, maturityReminderDays: 366 })).toEqual({
      repaymentReminderDays: 'days',
      maturityReminderDays: 'days',
    });
  });
});
