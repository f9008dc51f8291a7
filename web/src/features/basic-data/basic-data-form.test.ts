import { describe, expect, it } from 'vitest';
import { bankFormErrors, loanTypeFormErrors, riskShareBpOf, riskSharePercent, toBankDto, toLoanTypeDto } from './basic-data-form';

describe('bank form', () => {
  it('needs a name and a category, and checks phone and address as the server does', () => {
    expect(bankFormErrors({ name: ' ', category: null, phone: 'call me', address: 'x'.repeat(201), riskShare: '' })).toEqual({
      name: 'name',
      category: 'category',
      phone: 'phone',
      address: 'address',
      riskShare: 'riskShare',
    });
    const ok = { name: ' 浦发银行 ', category: 'JOINT_STOCK', phone: '', address: '', riskShare: 0 };
    expect(bankFormErrors(ok)).toEqual({});
    expect(toBankDto(ok)).toEqual({ name: '浦发银行', category: 'JOINT_STOCK', phone: null, address: null, riskShareBp: 0 });
  });

  it('takes the risk share in percent (0 to 100, two decimals) and sends basis points', () => {
    const base = { name: '浦发银行', category: 'JOINT_STOCK', phone: '', address: '' };
    expect(toBankDto({ ...base, riskShare: 20 }).riskShareBp).toBe(2000);
    expect(toBankDto({ ...base, riskShare: 12.55 }).riskShareBp).toBe(1255);
    expect(toBankDto({ ...base, riskShare: 100 }).riskShareBp).toBe(10000);
    for (const bad of [100.01, -1, 12.555, '']) expect(bankFormErrors({ ...base, riskShare: bad })).toEqual({ riskShare: 'riskShare' });
    expect(riskShareBpOf(0.01)).toBe(1);
    expect(riskSharePercent(1255)).toBe(12.55);
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
