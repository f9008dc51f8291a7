/**
 * The list filters as data: what the inputs hold, what is sent (empty ones left out), and the two
 * checks the server makes too (a range the wrong way round is refused there with 400).
 */
import type { LoanFilters } from './loans-api';

export interface LoanFilterValues {
  companyName: string;
  stage: string | null;
  status: string | null;
  amountMin: number | string;
  amountMax: number | string;
  createdFrom: string;
  createdTo: string;
  aPostOfficerId: string | null;
  bPostOfficerId: string | null;
}

export const EMPTY_FILTERS: LoanFilterValues = {
  companyName: '',
  stage: null,
  status: null,
  amountMin: '',
  amountMax: '',
  createdFrom: '',
  createdTo: '',
  aPostOfficerId: null,
  bPostOfficerId: null,
};

export type FilterIssue = 'amountRange' | 'dateRange';

const amountOf = (value: number | string): number | null => {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export function filterIssues(values: LoanFilterValues): Partial<Record<'amountMax' | 'createdTo', FilterIssue>> {
  const issues: Partial<Record<'amountMax' | 'createdTo', FilterIssue>> = {};
  const min = amountOf(values.amountMin);
  const max = amountOf(values.amountMax);
  if (min !== null && max !== null && min > max) issues.amountMax = 'amountRange';
  if (values.createdFrom && values.createdTo && values.createdFrom > values.createdTo) issues.createdTo = 'dateRange';
  return issues;
}

/** The query parameters: only what is filled in. */
export function toLoanFilters(values: LoanFilterValues): LoanFilters {
  const filters: LoanFilters = {};
  if (values.companyName.trim()) filters.companyName = values.companyName.trim();
  if (values.stage) filters.stage = values.stage;
  if (values.status) filters.status = values.status;
  const min = amountOf(values.amountMin);
  const max = amountOf(values.amountMax);
  if (min !== null) filters.amountMin = min;
  if (max !== null) filters.amountMax = max;
  if (values.createdFrom) filters.createdFrom = values.createdFrom;
  if (values.createdTo) filters.createdTo = values.createdTo;
  if (values.aPostOfficerId) filters.aPostOfficerId = values.aPostOfficerId;
  if (values.bPostOfficerId) filters.bPostOfficerId = values.bPostOfficerId;
  return filters;
}
