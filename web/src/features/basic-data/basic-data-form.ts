/** The bank and loan-type forms: the server's rules checked before sending, and the bodies sent. */
import { percentToBasisPoints } from '@app/workflow';
import type { BankDto, LoanTypeDto } from '@/api/schema.gen';

export interface BankFormValues {
  name: string;
  category: string | null;
  phone: string;
  address: string;
  /** The share of each loan's risk the bank carries, percent (0 to 100, two decimals at most); riskShareBp on the wire. */
  riskShare: number | string;
}

export type BankFormErrors = Partial<Record<keyof BankFormValues, 'name' | 'category' | 'phone' | 'address' | 'riskShare'>>;

/** The risk share typed in percent as basis points (12.5 -> 1250); null unless 0 to 100 with at most two decimals. */
export function riskShareBpOf(percent: number | string): number | null {
  if (percent === '') return null;
  const bp = percentToBasisPoints(percent);
  return bp !== null && bp <= 10000 ? bp : null;
}

/** Basis points as the percent the form shows (1250 -> 12.5). */
export const riskSharePercent = (bp: number) => bp / 100;

export function bankFormErrors(values: BankFormValues): BankFormErrors {
  const errors: BankFormErrors = {};
  const name = values.name.trim();
  if (!name || name.length > 100) errors.name = 'name';
  if (!values.category) errors.category = 'category';
  const phone = values.phone.trim();
  if (phone && !/^[0-9+\-() ]{5,30}$/.test(phone)) errors.phone = 'phone';
  if (values.address.trim().length > 200) errors.address = 'address';
  if (riskShareBpOf(values.riskShare) === null) errors.riskShare = 'riskShare';
  return errors;
}

export function toBankDto(values: BankFormValues): BankDto {
  return {
    name: values.name.trim(),
    category: values.category as BankDto['category'],
    phone: values.phone.trim() || null,
    address: values.address.trim() || null,
    riskShareBp: riskShareBpOf(values.riskShare) ?? 0,
  };
}

export interface LoanTypeFormValues {
  name: string;
  feeRate: number | string;
  repaymentReminderDays: number | string;
  maturityReminderDays: number | string;
  /** Days before maturity of each maturity reminder, comma separated ("30, 15, 7, 1"); empty: unchanged. */
  maturityReminderOffsets?: string;
}

export type LoanTypeFormErrors = Partial<Record<keyof LoanTypeFormValues, 'name' | 'feeRate' | 'days' | 'offsets'>>;

/** "30, 15, 7, 1" as [30, 15, 7, 1]; undefined when empty; null when not 1 to 10 whole days of 0..365. */
export function parseReminderOffsets(text: string | undefined): number[] | undefined | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return undefined;
  const parts = trimmed.split(/[,，\s]+/).filter(Boolean);
  if (parts.length < 1 || parts.length > 10 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const days = parts.map(Number);
  return days.every((d) => d <= 365) ? days : null;
}

const isDays = (value: number | string) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 365;

export function loanTypeFormErrors(values: LoanTypeFormValues): LoanTypeFormErrors {
  const errors: LoanTypeFormErrors = {};
  const name = values.name.trim();
  if (!name || name.length > 100) errors.name = 'name';
  const bp = values.feeRate === '' ? null : percentToBasisPoints(values.feeRate);
  if (bp === null || bp > 10000) errors.feeRate = 'feeRate';
  if (!isDays(values.repaymentReminderDays)) errors.repaymentReminderDays = 'days';
  if (!isDays(values.maturityReminderDays)) errors.maturityReminderDays = 'days';
  if (parseReminderOffsets(values.maturityReminderOffsets) === null) errors.maturityReminderOffsets = 'offsets';
  return errors;
}

export function toLoanTypeDto(values: LoanTypeFormValues): LoanTypeDto {
  return {
    name: values.name.trim(),
    feeRate: Number(values.feeRate),
    repaymentReminderDays: Number(values.repaymentReminderDays),
    maturityReminderDays: Number(values.maturityReminderDays),
    maturityReminderOffsets: parseReminderOffsets(values.maturityReminderOffsets) ?? undefined,
  };
}
