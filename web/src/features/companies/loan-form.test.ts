import { describe, expect, it } from 'vitest';
import { emptyLoanForm, loanFormErrors, toLoanInput, type LoanFormValues } from './loan-form';

const ME = 'me-id';
const form = (patch: Partial<LoanFormValues> = {}): LoanFormValues => ({ ...emptyLoanForm(), amount: 5_000_000, termMonths: 12, ...patch });

describe('initiate-loan form: the rules of POST /server/loans', () => {
  it('accepts a plain loan and sends only what is filled in', () => {
    expect(loanFormErrors(form(), ME)).toEqual({});
    expect(toLoanInput(form({ bank: ' 中国银行 ' }), 'c1')).toEqual({ companyId: 'c1', amount: 5_000_000, termMonths: 12, bank: '中国银行' });
  });

  it('checks the amount: required, positive, two decimals, not absurd', () => {
    expect(loanFormErrors(form({ amount: '' }), ME)).toEqual({ amount: 'amountRequired' });
    expect(loanFormErrors(form({ amount: 0 }), ME)).toEqual({ amount: 'amountPositive' });
    expect(loanFormErrors(form({ amount: '12.345' }), ME)).toEqual({ amount: 'amountDecimals' });
    expect(loanFormErrors(form({ amount: 1e14 }), ME)).toEqual({ amount: 'amountTooLarge' });
    expect(loanFormErrors(form({ amount: '0.01' }), ME)).toEqual({});
    // What the input keeps as typed (it no longer drops the minus sign): refused, never turned positive.
    expect(loanFormErrors(form({ amount: -100 }), ME)).toEqual({ amount: 'amountPositive' });
    expect(loanFormErrors(form({ amount: '-' }), ME)).toEqual({ amount: 'amountPositive' });
  });

  it('checks the term: a whole number of months from 1 to 360', () => {
    expect(loanFormErrors(form({ termMonths: '' }), ME)).toEqual({ termMonths: 'termRequired' });
    for (const bad of [0, -3, '-', 361, 1.5]) expect(loanFormErrors(form({ termMonths: bad }), ME)).toEqual({ termMonths: 'termRange' });
    expect(loanFormErrors(form({ termMonths: 360 }), ME)).toEqual({});
  });

  it('refuses the same person as A-post and B-post officer (the caller by default)', () => {
    expect(loanFormErrors(form({ bPostOfficerId: ME }), ME)).toEqual({ bPostOfficerId: 'sameOfficer' });
    expect(loanFormErrors(form({ aPostOfficerId: 'a', bPostOfficerId: 'a' }), ME)).toEqual({ bPostOfficerId: 'sameOfficer' });
    expect(loanFormErrors(form({ aPostOfficerId: 'a', bPostOfficerId: ME }), ME)).toEqual({});
    expect(loanFormErrors(form({ bank: 'x'.repeat(101) }), ME)).toEqual({ bank: 'tooLong' });
  });
});
