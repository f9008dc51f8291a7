/**
 * The company form as data: starting values, the conversion to what the API takes, and the checks,
 * which are @app/workflow's `validateCompany` (the server runs the very same rules).
 */
import {
  COMPANY_LIMITS,
  COMPANY_REQUIRED_FIELDS,
  creditCodeCheckChar,
  normalizeCreditCode,
  validateCompany,
  type CompanyField,
  type CompanyInput,
  type CompanyIssueKey,
} from '@app/workflow';
import { companyToday } from '@/lib/format';
import type { CompanyRow } from './companies-api';

/** What the inputs hold: numbers as typed (string or number), lists as lists. */
export interface CompanyFormValues {
  name: string;
  creditCode: string;
  legalRepresentative: string;
  registeredCapital: number | string;
  establishedDate: string;
  registeredAddress: string;
  districtCode: string | null;
  contactPerson: string;
  contactPhone: string;
  enterpriseKinds: string[];
  qualifications: string[];
  propertyType: string | null;
  bankCategory: string | null;
  listingType: string | null;
  strategicIndustries: string[];
  honours: string[];
  employeeCount: number | string;
  mainBusiness: string;
}

export const REQUIRED_COMPANY_FIELDS: readonly CompanyField[] = COMPANY_REQUIRED_FIELDS;
export { COMPANY_LIMITS };

export function emptyCompanyForm(): CompanyFormValues {
  return {
    name: '',
    creditCode: '',
    legalRepresentative: '',
    registeredCapital: '',
    establishedDate: '',
    registeredAddress: '',
    districtCode: null,
    contactPerson: '',
    contactPhone: '',
    enterpriseKinds: [],
    qualifications: [],
    propertyType: null,
    bankCategory: null,
    listingType: null,
    strategicIndustries: [],
    honours: [],
    employeeCount: '',
    mainBusiness: '',
  };
}

export function companyFormOf(company: CompanyRow): CompanyFormValues {
  return {
    name: company.name,
    creditCode: company.creditCode,
    legalRepresentative: company.legalRepresentative ?? '',
    registeredCapital: company.registeredCapital ?? '',
    establishedDate: company.establishedDate ?? '',
    registeredAddress: company.registeredAddress ?? '',
    districtCode: company.districtCode,
    contactPerson: company.contactPerson ?? '',
    contactPhone: company.contactPhone ?? '',
    enterpriseKinds: [...company.enterpriseKinds],
    qualifications: [...company.qualifications],
    propertyType: company.propertyType,
    bankCategory: company.bankCategory,
    listingType: company.listingType,
    strategicIndustries: [...company.strategicIndustries],
    honours: [...company.honours],
    employeeCount: company.employeeCount ?? '',
    mainBusiness: company.mainBusiness ?? '',
  };
}

const text = (value: string) => value.trim() || null;

/** A number input's value: empty -> null, a typed number -> that number, anything else -> NaN (refused). */
function numberOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : NaN;
}

export function toCompanyInput(values: CompanyFormValues): CompanyInput {
  return {
    name: values.name.trim(),
    creditCode: normalizeCreditCode(values.creditCode),
    legalRepresentative: text(values.legalRepresentative),
    registeredCapital: numberOf(values.registeredCapital),
    establishedDate: text(values.establishedDate),
    registeredAddress: text(values.registeredAddress),
    districtCode: values.districtCode || null,
    contactPerson: text(values.contactPerson),
    contactPhone: text(values.contactPhone),
    enterpriseKinds: values.enterpriseKinds,
    qualifications: values.qualifications,
    propertyType: values.propertyType || null,
    bankCategory: values.bankCategory || null,
    listingType: values.listingType || null,
    strategicIndustries: values.strategicIndustries,
    honours: values.honours,
    employeeCount: numberOf(values.employeeCount),
    mainBusiness: text(values.mainBusiness),
  };
}

export type CompanyFormErrors = Partial<Record<CompanyField, CompanyIssueKey>>;

/** The first problem of each field (translated by the form as `companies.issues.<key>`). */
export function companyFormErrors(values: CompanyFormValues, today = companyToday()): CompanyFormErrors {
  const errors: CompanyFormErrors = {};
  for (const issue of validateCompany(toCompanyInput(values) as unknown as Record<string, unknown>, today)) errors[issue.field] ??= issue.key;
  return errors;
}

/**
 * A hint while the code is typed: with 17 valid characters, the check character the 18th must be;
 * with 18, whether it is right. Null when there is nothing to say.
 */
export function creditCodeHint(value: string): { expected: string; complete: boolean; valid: boolean } | null {
  const code = normalizeCreditCode(value);
  if (code.length < 17) return null;
  const expected = creditCodeCheckChar(code.slice(0, 17));
  if (!expected) return null;
  return { expected, complete: code.length === 18, valid: code.length === 18 && code[17] === expected };
}
