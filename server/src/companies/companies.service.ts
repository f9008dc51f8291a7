import { HttpStatus, Injectable, Logger, StreamableFile } from '@nestjs/common';
import * as engine from '@app/workflow';
import { companyEnumOption, type CompanyEnumField, type Label, type CompanyIssue, type CompanyIssueKey, validateCompany } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import { FIELD_LABELS, pickLabel, type Lang } from '../common/i18n';
import { exportSheet, formatTime, type SheetColumn } from '../common/spreadsheet';
import { CompaniesRepository, type CompanyRow } from './companies.repository';
import { CompanyDto, CompanyListQuery, CompanyView } from './company.dto';
import { companyDay } from '../common/company-time';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Words of a rule's refusal, with the field's name filled in. */
const ISSUE_WORDS: Record<CompanyIssueKey, Label> = {
  required: { zh: '{field}不能为空', en: '{field} is required' },
  tooShort: { zh: '{field}过短', en: '{field} is too short' },
  tooLong: { zh: '{field}过长', en: '{field} is too long' },
  creditCode: { zh: '{field}无效（应为 18 位且校验位正确）', en: '{field} is not valid (18 characters with a correct check character)' },
  phone: { zh: '{field}须为 11 位数字', en: '{field} must be 11 digits' },
  date: { zh: '{field}不是有效日期', en: '{field} is not a valid date' },
  futureDate: { zh: '{field}不能晚于今天', en: '{field} cannot be after today' },
  number: { zh: '{field}必须是数字', en: '{field} must be a number' },
  positive: { zh: '{field}必须大于 0', en: '{field} must be greater than 0' },
  decimals: { zh: '{field}最多两位小数', en: '{field} allows two decimals at most' },
  tooLarge: { zh: '{field}过大', en: '{field} is too large' },
  integer: { zh: '{field}必须是整数', en: '{field} must be a whole number' },
  option: { zh: '{field}取值无效', en: '{field} has a value that is not allowed' },
  distinct: { zh: '{field}有重复项', en: '{field} lists a value twice' },
};

function issueText(issue: CompanyIssue, lang: Lang): string {
  const label = FIELD_LABELS[issue.field];
  return pickLabel(ISSUE_WORDS[issue.key], lang).replace('{field}', label ? pickLabel(label, lang) : issue.field);
}

/** The day it is for the company (its time zone), YYYY-MM-DD. */
export function businessDate(now: Date): string {
  return companyDay(now);
}

function toView(r: CompanyRow): CompanyView {
  return {
    id: r.id,
    name: r.name,
    creditCode: r.credit_code,
    legalRepresentative: r.legal_representative,
    registeredCapital: r.registered_capital,
    establishedDate: r.established_date,
    registeredAddress: r.registered_address,
    districtCode: r.district_code,
    contactPerson: r.contact_person,
    contactPhone: r.contact_phone,
    enterpriseKinds: r.enterprise_kinds ?? [],
    qualifications: r.qualifications ?? [],
    propertyType: r.property_type,
    bankCategory: r.bank_category,
    listingType: r.listing_type,
    strategicIndustries: r.strategic_industries ?? [],
    honours: r.honours ?? [],
    employeeCount: r.employee_count,
    mainBusiness: r.main_business,
    loanCount: r.loan_count,
    openLoanCount: r.open_loan_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

const label = (zh: string, en: string) => ({ zh, en });
const words = (field: CompanyEnumField, key: string | null, lang: Lang) => {
  const option = companyEnumOption(field, key);
  return option ? (lang === 'en' ? option.en : option.zh) : (key ?? '');
};
const wordList = (field: CompanyEnumField, keys: string[], lang: Lang) => keys.map((key) => words(field, key, lang)).join(lang === 'en' ? ', ' : '、');

const EXPORT_COLUMNS: SheetColumn<CompanyView>[] = [
  { header: label('企业名称', 'Company name'), width: 32, value: (c) => c.name },
  { header: label('统一社会信用代码', 'Unified social credit code'), width: 22, value: (c) => c.creditCode },
  { header: label('法定代表人', 'Legal representative'), value: (c) => c.legalRepresentative },
  { header: label('注册资本（万元）', 'Registered capital (10k yuan)'), value: (c) => c.registeredCapital },
  { header: label('成立日期', 'Established'), value: (c) => c.establishedDate },
  { header: label('所属区县', 'District'), value: (c, lang) => words('districtCode', c.districtCode, lang) },
  { header: label('注册地址', 'Registered address'), width: 30, value: (c) => c.registeredAddress },
  { header: label('联系人', 'Contact person'), value: (c) => c.contactPerson },
  { header: label('联系电话', 'Contact phone'), width: 14, value: (c) => c.contactPhone },
  { header: label('企业类型', 'Enterprise kinds'), width: 24, value: (c, lang) => wordList('enterpriseKinds', c.enterpriseKinds, lang) },
  { header: label('企业资质', 'Qualifications'), width: 24, value: (c, lang) => wordList('qualifications', c.qualifications, lang) },
  { header: label('房产类型', 'Property type'), value: (c, lang) => words('propertyType', c.propertyType, lang) },
  { header: label('主办银行类别', 'Main bank category'), value: (c, lang) => words('bankCategory', c.bankCategory, lang) },
  { header: label('上市类型', 'Listing type'), value: (c, lang) => words('listingType', c.listingType, lang) },
  { header: label('战略新兴产业类型', 'Strategic industries'), width: 24, value: (c, lang) => wordList('strategicIndustries', c.strategicIndustries, lang) },
  { header: label('企业荣誉', 'Honours'), width: 24, value: (c, lang) => wordList('honours', c.honours, lang) },
  { header: label('职工人数', 'Employees'), value: (c) => c.employeeCount },
  { header: label('主营业务', 'Main business'), width: 30, value: (c) => c.mainBusiness },
  { header: label('贷款笔数', 'Loans'), value: (c) => c.loanCount },
  { header: label('创建时间', 'Created'), time: true, value: (c) => formatTime(c.createdAt) },
];

/** Companies: the record with the spec's enumerations, soft deletion guarded by the company's loans. */
@Injectable()
export class CompaniesService {
  private readonly logger = new Logger(CompaniesService.name);

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly companies: CompaniesRepository,
  ) {}

  /** The shared rules; a refusal names every field (400, nothing written). */
  private check(dto: CompanyDto): void {
    const issues = validateCompany(dto as unknown as Record<string, unknown>, businessDate(this.clock.now()));
    if (!issues.length) return;
    const detail = {
      zh: issues.map((i) => issueText(i, 'zh-CN')).join('；'),
      en: issues.map((i) => issueText(i, 'en')).join('; '),
    };
    // The credit code keeps its own code (A04001) since it was the first rule the API had.
    const code = issues.some((i) => i.field === 'creditCode') ? CODES.creditCodeInvalid : CODES.companyInvalid;
    throw new AppError(HttpStatus.BAD_REQUEST, code, 'companyInvalid', { detail }, { fieldErrors: issues }, 'CompanyInvalid');
  }

  /** 409 for a code another live company has; the unique index still decides a race between two saves. */
  private async uniqueCode<T>(creditCode: string, selfId: string | null, work: () => Promise<T>): Promise<T> {
    const duplicate = () => AppError.ofField(HttpStatus.CONFLICT, CODES.creditCodeDuplicate, 'creditCodeDuplicate', 'creditCode', 'CreditCodeDuplicate');
    if (await this.companies.creditCodeTaken(creditCode, selfId)) throw duplicate();
    try {
      return await work();
    } catch (error: unknown) {
      if ((error as { code?: string })?.code === '23505') throw duplicate();
      throw error;
    }
  }

  async create(dto: CompanyDto, user: AuthUser): Promise<CompanyView> {
    this.check(dto);
    const id = await this.uniqueCode(dto.creditCode, null, () => this.companies.insert(dto, user.id));
    return this.get(id);
  }

  async update(id: string, dto: CompanyDto, user: AuthUser): Promise<CompanyView> {
    if (!UUID.test(id)) throw AppError.notFound('companyNotFound');
    this.check(dto);
    if (!(await this.companies.exists(id))) throw AppError.notFound('companyNotFound');
    const updated = await this.uniqueCode(dto.creditCode, id, () => this.companies.update(id, dto, user.id));
    if (!updated) throw AppError.notFound('companyNotFound');
    return this.get(id);
  }

  /** The company with its loans (newest first), each with where it stands. */
  async get(id: string) {
    if (!UUID.test(id)) throw AppError.notFound('companyNotFound');
    const row = await this.companies.company(id);
    if (!row) throw AppError.notFound('companyNotFound');
    const loans = await this.companies.loans(id);
    return {
      ...toView(row),
      loans: loans.map((l) => ({
        id: l.id,
        amount: l.amount,
        termMonths: l.term_months,
        bank: l.bank,
        createdAt: new Date(l.created_at).toISOString(),
        statusLabels: engine.statusLabels(l.snapshot),
      })),
    };
  }

  private async search(q: CompanyListQuery, page: { limit: number; offset: number }): Promise<{ rows: CompanyView[]; total: number }> {
    const { rows, total } = await this.companies.page(q, page.limit, page.offset);
    return { rows: rows.map(toView), total };
  }

  async list(q: CompanyListQuery): Promise<Page<CompanyView>> {
    const { rows, total } = await this.search(q, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
    return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  /** What the list shows under the same filters and sort, every row, read from a cursor as written. */
  async export(q: CompanyListQuery, lang: Lang): Promise<StreamableFile> {
    const cursor = this.companies.cursor(q);
    async function* companies() {
      for await (const row of cursor) yield toView(row);
    }
    return exportSheet(
      { name: label('企业列表', 'Companies'), columns: EXPORT_COLUMNS, rows: companies() },
      lang,
      label('企业列表', 'companies'),
      this.clock.now(),
    );
  }

  /**
   * Soft delete, refused while a loan of the company is still under way. The company row is locked
   * first: a loan being initiated for it at the same moment waits, then finds it gone.
   */
  async remove(id: string, user: AuthUser): Promise<{ id: string }> {
    if (!UUID.test(id)) throw AppError.notFound('companyNotFound');
    await this.db.transaction(async (em: EntityManager) => {
      if (!(await this.companies.lock(em, id))) throw AppError.notFound('companyNotFound');
      const open = await this.companies.openLoanCount(em, id);
      if (open > 0) {
        throw new AppError(
          HttpStatus.CONFLICT,
          CODES.companyHasOpenLoans,
          'companyHasOpenLoans',
          { count: open },
          { openLoanCount: open },
          'CompanyHasOpenLoans',
        );
      }
      await this.companies.markDeleted(em, id, user.id);
    });
    this.logger.log(`company ${id} deleted by ${user.username}`);
    return { id };
  }
}
