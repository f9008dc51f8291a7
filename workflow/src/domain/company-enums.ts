/**
 * A company's record: the enumerations of spec section 3 (qualifications, property types, bank
 * categories, Shanghai districts, listing types, strategic industries, honours, enterprise kinds) as
 * data with zh/en labels, the unified social credit code check, and the field rules. The server
 * validates with these and the web builds its selects and its client-side checks from them, so the
 * two cannot disagree.
 */

export interface CompanyEnumOption<K extends string = string> {
  key: K;
  zh: string;
  en: string;
}

const o = <K extends string>(key: K, zh: string, en: string): CompanyEnumOption<K> => ({ key, zh, en });

export const COMPANY_QUALIFICATIONS = [
  o('HIGH_TECH', '高新技术企业', 'High-tech enterprise'),
  o('SOFTWARE', '软件企业', 'Software enterprise'),
  o('LITTLE_GIANT', '小巨人企业', 'Little giant enterprise'),
  o('SPECIALIZED_NEW', '专精特新中小企业', 'Specialised-and-new SME'),
] as const;

export const PROPERTY_TYPES = [
  o('SELF_USE_RESIDENCE', '自用住宅', 'Self-use residence'),
  o('OFFICE_BUILDING', '办公楼', 'Office building'),
  o('FACTORY', '厂房', 'Factory'),
] as const;

export const BANK_CATEGORIES = [
  o('STATE_OWNED', '国有商业银行', 'State-owned commercial bank'),
  o('JOINT_STOCK', '股份制商业银行', 'Joint-stock commercial bank'),
  o('LOCAL_COMMERCIAL', '地方性商业银行', 'Local commercial bank'),
  o('RURAL_FINANCIAL', '农村金融机构', 'Rural financial institution'),
] as const;

/** Shanghai district codes, in the spec's order (OTHER first). */
export const DISTRICT_CODES = [
  o('OTHER', '其他', 'Other'),
  o('PDXQ', '浦东新区', 'Pudong New Area'),
  o('HPQ', '黄浦区', 'Huangpu'),
  o('JAQ', '静安区', "Jing'an"),
  o('XHQ', '徐汇区', 'Xuhui'),
  o('CNQ', '长宁区', 'Changning'),
  o('HKQ', '虹口区', 'Hongkou'),
  o('YPQ', '杨浦区', 'Yangpu'),
  o('PTQ', '普陀区', 'Putuo'),
  o('MHQ', '闵行区', 'Minhang'),
  o('BSQ', '宝山区', 'Baoshan'),
  o('JDQ', '嘉定区', 'Jiading'),
  o('JSQ', '金山区', 'Jinshan'),
  o('SJQ', '松江区', 'Songjiang'),
  o('QPQ', '青浦区', 'Qingpu'),
  o('FXQ', '奉贤区', 'Fengxian'),
  o('CMQ', '崇明区', 'Chongming'),
] as const;

/** Main board, SME board and ChiNext each with a planned (pre-IPO) variant; then the two exchanges. */
export const LISTING_TYPES = [
  o('MAIN_BOARD', '主板上市', 'Main board'),
  o('MAIN_BOARD_PLANNED', '拟主板上市', 'Main board (planned)'),
  o('SME_BOARD', '中小板上市', 'SME board'),
  o('SME_BOARD_PLANNED', '拟中小板上市', 'SME board (planned)'),
  o('CHINEXT', '创业板上市', 'ChiNext'),
  o('CHINEXT_PLANNED', '拟创业板上市', 'ChiNext (planned)'),
  o('NEEQ', '全国中小企业股份转让系统（新三板）', 'National equity exchange (NEEQ)'),
  o('SHANGHAI_EQUITY', '上海股权托管交易中心', 'Shanghai equity exchange'),
] as const;

export const STRATEGIC_INDUSTRIES = [
  o('ENERGY_SAVING', '节能环保', 'Energy saving and environmental protection'),
  o('NEW_IT', '新一代信息技术', 'New-generation information technology'),
  o('BIOLOGY', '生物', 'Biology'),
  o('NEW_ENERGY', '新能源', 'New energy'),
  o('NEW_ENERGY_VEHICLES', '新能源汽车', 'New-energy vehicles'),
  o('HIGH_END_EQUIPMENT', '高端装备制造', 'High-end equipment'),
  o('NEW_MATERIALS', '新材料', 'New materials'),
  o('DIGITAL_CREATIVE', '数字创意', 'Digital creative'),
  o('RELATED_SERVICES', '相关服务业', 'Related services'),
  o('EDUCATION', '教育', 'Education'),
  o('HEALTH', '健康', 'Health'),
] as const;

export const HONOURS = [
  o('INNOVATION_FUND', '国家或上海创新基金项目', 'National or Shanghai innovation fund project'),
  o('INNOVATIVE_ENTERPRISE', '创新型企业', 'Innovative enterprise'),
  o('LITTLE_GIANT', '小巨人企业', 'Little giant'),
  o('LITTLE_GIANT_CULTIVATION', '小巨人培育企业', 'Little giant cultivation'),
  o('HIGH_TECH', '高新技术企业', 'High-tech enterprise'),
  o('HIGH_TECH_CONVERSION', '高新技术成果转化项目', 'High-tech achievement conversion'),
  o('SPECIALIZED_NEW', '专精特新企业', 'Specialised-and-new enterprise'),
] as const;

export const ENTERPRISE_KINDS = [
  o('TECH_INNOVATION', '科技创新型企业', 'Technology innovation'),
  o('STRATEGIC_EMERGING_OTHER', '战略新兴及其他企业', 'Strategic emerging and other'),
  o('LISTED', '上市企业', 'Listed'),
] as const;

type KeyOf<T extends readonly CompanyEnumOption[]> = T[number]['key'];
export type CompanyQualification = KeyOf<typeof COMPANY_QUALIFICATIONS>;
export type PropertyType = KeyOf<typeof PROPERTY_TYPES>;
export type BankCategory = KeyOf<typeof BANK_CATEGORIES>;
export type DistrictCode = KeyOf<typeof DISTRICT_CODES>;
export type ListingType = KeyOf<typeof LISTING_TYPES>;
export type StrategicIndustry = KeyOf<typeof STRATEGIC_INDUSTRIES>;
export type Honour = KeyOf<typeof HONOURS>;
export type EnterpriseKind = KeyOf<typeof ENTERPRISE_KINDS>;

/** Every enumerated field of the company record and its options (single choice or a list). */
export const COMPANY_ENUM_FIELDS = {
  districtCode: { options: DISTRICT_CODES, multiple: false },
  propertyType: { options: PROPERTY_TYPES, multiple: false },
  bankCategory: { options: BANK_CATEGORIES, multiple: false },
  listingType: { options: LISTING_TYPES, multiple: false },
  enterpriseKinds: { options: ENTERPRISE_KINDS, multiple: true },
  qualifications: { options: COMPANY_QUALIFICATIONS, multiple: true },
  strategicIndustries: { options: STRATEGIC_INDUSTRIES, multiple: true },
  honours: { options: HONOURS, multiple: true },
} as const;
export type CompanyEnumField = keyof typeof COMPANY_ENUM_FIELDS;

export function companyEnumKeys(field: CompanyEnumField): string[] {
  return COMPANY_ENUM_FIELDS[field].options.map((option) => option.key);
}

/** The words of one enumerated value, or null when the key is not one of the field's options. */
export function companyEnumOption(field: CompanyEnumField, key: string | null | undefined): CompanyEnumOption | null {
  if (!key) return null;
  return (COMPANY_ENUM_FIELDS[field].options as readonly CompanyEnumOption[]).find((option) => option.key === key) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Unified social credit code (GB 32100-2015): 18 characters from a 31-character alphabet (no I, O,
// S, V, Z); the last is a check character computed from the first 17 with weights 3^i mod 31.

export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const CREDIT_CODE_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The check character of 17 code characters, or null when they are not 17 allowed characters. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_ALPHABET.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * CREDIT_CODE_WEIGHTS[i];
  }
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31];
}

export function isValidCreditCode(code: unknown): boolean {
  if (typeof code !== 'string' || !CREDIT_CODE_SHAPE.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** A valid code from any 17 allowed characters (demo data and tests). */
export function withCheckChar(first17: string): string {
  const check = creditCodeCheckChar(first17);
  if (!check) throw new Error(`not 17 credit-code characters: ${first17}`);
  return first17 + check;
}

/** What people type: spaces dropped, upper case (the code is printed in capitals). */
export function normalizeCreditCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Field rules of the company record, checked by the server and by the web form alike.

export const COMPANY_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  legalRepresentativeMax: 50,
  registeredAddressMax: 200,
  contactPersonMax: 50,
  mainBusinessMax: 500,
  /** Registered capital in ten-thousand yuan (万元), two decimals at most. */
  registeredCapitalMax: 100_000_000,
  employeeCountMax: 10_000_000,
} as const;

/** Contact phone: exactly 11 digits (a mobile number, or 021 and an 8-digit landline). */
export const CONTACT_PHONE_PATTERN = /^\d{11}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Only what identifies a company is required: loans are initiated for companies whose other details
 * are filled in later (the rest is validated whenever it is given).
 */
export const COMPANY_REQUIRED_FIELDS = ['name', 'creditCode'] as const;

/** The company record as the API takes it (create and update). */
export interface CompanyInput {
  name: string;
  creditCode: string;
  legalRepresentative?: string | null;
  registeredCapital?: number | null;
  establishedDate?: string | null;
  registeredAddress?: string | null;
  districtCode?: string | null;
  contactPerson?: string | null;
  contactPhone?: string | null;
  enterpriseKinds?: string[];
  qualifications?: string[];
  propertyType?: string | null;
  bankCategory?: string | null;
  listingType?: string | null;
  strategicIndustries?: string[];
  honours?: string[];
  employeeCount?: number | null;
  mainBusiness?: string | null;
}

export type CompanyField = keyof CompanyInput;

export type CompanyIssueKey =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'creditCode'
  | 'phone'
  | 'date'
  | 'futureDate'
  | 'number'
  | 'positive'
  | 'decimals'
  | 'tooLarge'
  | 'integer'
  | 'option'
  | 'distinct';

/** One problem with one field, language-free: the web and the server word it themselves. */
export interface CompanyIssue {
  field: CompanyField;
  key: CompanyIssueKey;
}

const TEXT_MAX: Partial<Record<CompanyField, number>> = {
  name: COMPANY_LIMITS.nameMax,
  legalRepresentative: COMPANY_LIMITS.legalRepresentativeMax,
  registeredAddress: COMPANY_LIMITS.registeredAddressMax,
  contactPerson: COMPANY_LIMITS.contactPersonMax,
  mainBusiness: COMPANY_LIMITS.mainBusinessMax,
};

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A real calendar date written YYYY-MM-DD (2023-02-30 is not one). */
function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Every problem of a company record. `today` (YYYY-MM-DD) comes from the caller because this package
 * reads no clock: an establishment date after it is refused.
 */
export function validateCompany(input: Partial<Record<CompanyField, unknown>>, today: string): CompanyIssue[] {
  const issues: CompanyIssue[] = [];
  const add = (field: CompanyField, key: CompanyIssueKey) => issues.push({ field, key });

  for (const field of COMPANY_REQUIRED_FIELDS) if (isBlank(input[field])) add(field, 'required');
  const has = (field: CompanyField) => issues.some((issue) => issue.field === field);

  for (const [field, max] of Object.entries(TEXT_MAX) as [CompanyField, number][]) {
    const value = input[field];
    if (isBlank(value) || has(field)) continue;
    if (typeof value !== 'string') add(field, 'tooLong');
    else if (value.trim().length > max) add(field, 'tooLong');
    else if (field === 'name' && value.trim().length < COMPANY_LIMITS.nameMin) add(field, 'tooShort');
  }

  if (!has('creditCode') && !isValidCreditCode(input.creditCode)) add('creditCode', 'creditCode');
  if (!isBlank(input.contactPhone) && !(typeof input.contactPhone === 'string' && CONTACT_PHONE_PATTERN.test(input.contactPhone))) {
    add('contactPhone', 'phone');
  }

  if (!isBlank(input.establishedDate)) {
    const date = input.establishedDate;
    if (typeof date !== 'string' || !isCalendarDate(date)) add('establishedDate', 'date');
    else if (date > today) add('establishedDate', 'futureDate');
  }

  if (!isBlank(input.registeredCapital)) {
    const capital = input.registeredCapital;
    if (typeof capital !== 'number' || !Number.isFinite(capital)) add('registeredCapital', 'number');
    else if (capital <= 0) add('registeredCapital', 'positive');
    else if (Math.abs(capital * 100 - Math.round(capital * 100)) > 1e-6) add('registeredCapital', 'decimals');
    else if (capital > COMPANY_LIMITS.registeredCapitalMax) add('registeredCapital', 'tooLarge');
  }

  if (!isBlank(input.employeeCount)) {
    const count = input.employeeCount;
    if (typeof count !== 'number' || !Number.isInteger(count)) add('employeeCount', 'integer');
    else if (count < 0) add('employeeCount', 'positive');
    else if (count > COMPANY_LIMITS.employeeCountMax) add('employeeCount', 'tooLarge');
  }

  for (const [field, spec] of Object.entries(COMPANY_ENUM_FIELDS) as [CompanyEnumField, (typeof COMPANY_ENUM_FIELDS)[CompanyEnumField]][]) {
    const value = input[field];
    if (isBlank(value) || has(field)) continue;
    const allowed = new Set<string>(spec.options.map((option) => option.key));
    if (spec.multiple) {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && allowed.has(v))) add(field, 'option');
      else if (new Set(value).size !== value.length) add(field, 'distinct');
    } else if (typeof value !== 'string' || !allowed.has(value)) add(field, 'option');
  }
  return issues;
}
