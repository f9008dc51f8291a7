/**
 * Initiating a loan: the same rules as the server's CreateLoanDto (amount positive with two decimals
 * at most, term a whole number of months from 1 to 360, bank and loan type 100 characters at most,
 * the B-post officer someone other than the A-post officer).
 */
import { MAX_AMOUNT } from '@app/workflow';

export const MAX_TERM = 360;
export const TEXT_MAX = 100;

export interface LoanFormValues {
  amount: number | string;
  termMonths: number | string;
  bank: string;
  loanType: string;
  aPostOfficerId: string | null;
  bPostOfficerId: string | null;
}

export type LoanIssueKey = 'amountRequired' | 'amountPositive' | 'amountDecimals' | 'amountTooLarge' | 'termRequired' | 'termRange' | 'tooLong' | 'sameOfficer';

export type LoanFormErrors = Partial<Record<keyof LoanFormValues, LoanIssueKey>>;

export function emptyLoanForm(): LoanFormValues {
  return { amount: '', termMonths: 12, bank: '', loanType: '', aPostOfficerId: null, bPostOfficerId: null };
}

const numberOf = (value: number | string): number | null => (typeof value === 'number' ? value : value.trim() === '' ? null : Number(value.trim()));

/** `me`: the signed-in user, the A-post officer when none is chosen. */
export function loanFormErrors(values: LoanFormValues, me: string): LoanFormErrors {
  const errors: LoanFormErrors = {};
  const amount = numberOf(values.amount);
  if (amount === null) errors.amount = 'amountRequired';
  else if (!Number.isFinite(amount) || amount <= 0) errors.amount = 'amountPositive';
  else if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) errors.amount = 'amountDecimals';
  else if (amount > MAX_AMOUNT) errors.amount = 'amountTooLarge';

  const term = numberOf(values.termMonths);
  if (term === null) errors.termMonths = 'termRequired';
  else if (!Number.isInteger(term) || term < 1 || term > MAX_TERM) errors.termMonths = 'termRange';

  if (values.bank.trim().length > TEXT_MAX) errors.bank = 'tooLong';
  if (values.loanType.trim().length > TEXT_MAX) errors.loanType = 'tooLong';
  if (values.bPostOfficerId && values.bPostOfficerId === (values.aPostOfficerId ?? me)) errors.bPostOfficerId = 'sameOfficer';
  return errors;
}

export function toLoanInput(values: LoanFormValues, companyId: string) {
  return {
    companyId,
    amount: numberOf(values.amount) as number,
    termMonths: numberOf(values.termMonths) as number,
    ...(values.bank.trim() ? { bank: values.bank.trim() } : {}),
    ...(values.loanType.trim() ? { loanType: values.loanType.trim() } : {}),
    ...(values.aPostOfficerId ? { aPostOfficerId: values.aPostOfficerId } : {}),
    ...(values.bPostOfficerId ? { bPostOfficerId: values.bPostOfficerId } : {}),
  };
}
