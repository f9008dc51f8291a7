/**
 * The list filters as data: what the inputs hold, what is sent (empty ones left out), and the two
 * checks the server makes too (a range the wrong way round is refused there with 400).
 */
import type { LoanFilters } from './loan-list-api';

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
  /** A bucket key of the buckets in force (the lists with the bucket column). */
  overdueBucket: string | null;
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
  overdueBucket: null,
};

export type FilterIssue = 'amountRange' | 'dateRange' | 'amountNotNumber' | 'amountNegative';

const amountOf = (value: number | string): number | null => {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export type FilterIssueField = 'amountMin' | 'amountMax' | 'createdTo';

/** What the input holds but cannot be sent (the server refuses a negative amount too): said, never rewritten. */
function amountIssue(value: number | string): FilterIssue | null {
  if (typeof value === 'string' && value.trim() !== '' && amountOf(value) === null) return 'amountNotNumber';
  const n = amountOf(value);
  return n !== null && n < 0 ? 'amountNegative' : null;
}

export function filterIssues(values: LoanFilterValues): Partial<Record<FilterIssueField, FilterIssue>> {
  const issues: Partial<Record<FilterIssueField, FilterIssue>> = {};
  const minIssue = amountIssue(values.amountMin);
  const maxIssue = amountIssue(values.amountMax);
  if (minIssue) issues.amountMin = minIssue;
  if (maxIssue) issues.amountMax = maxIssue;
  const min = amountOf(values.amountMin);
  const max = amountOf(values.amountMax);
  if (!minIssue && !maxIssue && min !== null && max !== null && min > max) issues.amountMax = 'amountRange';
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
  if (values.overdueBucket) filters.overdueBucket = values.overdueBucket;
  return filters;
}

/** The filter fields a loan list keeps in its URL. */
export const LOAN_FILTER_KEYS = [
  'companyName',
  'stage',
  'status',
  'amountMin',
  'amountMax',
  'createdFrom',
  'createdTo',
  'aPostOfficerId',
  'bPostOfficerId',
  'overdueBucket',
] as const;
export type LoanFilterKey = (typeof LOAN_FILTER_KEYS)[number];

/** The applied filters as URL parameters (strings, only what is filled in). */
export function toFilterParams(values: LoanFilterValues): Partial<Record<LoanFilterKey, string>> {
  const params: Partial<Record<LoanFilterKey, string>> = {};
  for (const [key, value] of Object.entries(toLoanFilters(values))) if (value !== undefined && value !== null) params[key as LoanFilterKey] = String(value);
  return params;
}

/** The inputs' values for the filters a URL holds. */
export function fromFilterParams(params: Partial<Record<LoanFilterKey, string>>): LoanFilterValues {
  return {
    companyName: params.companyName ?? '',
    stage: params.stage ?? null,
    status: params.status ?? null,
    amountMin: params.amountMin ?? '',
    amountMax: params.amountMax ?? '',
    createdFrom: params.createdFrom ?? '',
    createdTo: params.createdTo ?? '',
    aPostOfficerId: params.aPostOfficerId ?? null,
    bPostOfficerId: params.bPostOfficerId ?? null,
    overdueBucket: params.overdueBucket ?? null,
  };
}
