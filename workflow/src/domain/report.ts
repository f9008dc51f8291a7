/**
 * The four data types of a loan (spec section 3: CLIENT, INQUIRY, AGENT, REPORT) as DATA: sections,
 * fields, kinds, limits, choices and zh/en labels. The server validates saves with it, the web builds
 * its forms, detail pages and previews from it, and completeness (what the submit guard checks) is
 * read from its `required` flags (see loan-data.ts).
 *
 * Stored content of a data type: `{ [sectionKey]: { [fieldKey]: value } }`. Values: text as string,
 * numbers as number, dates as 'YYYY-MM-DD', enum as its value, enumList as an array of values,
 * boolean, table as an array of row objects, financials as FinancialStatements. Empty is null/absent.
 *
 * REPORT is the review report of 17 sections; the first 16 are written by the A-post officer, the
 * last (the B-post conclusion) by the loan's B-post officer in risk control. Sections 5 and 6 show
 * values computed from section 4 beside the analyst's own words.
 */

import type { DataType } from '../events';
import type { Label } from '../labels';
import {
  BANK_CATEGORIES,
  COMPANY_QUALIFICATIONS,
  DISTRICT_CODES,
  ENTERPRISE_KINDS,
  HONOURS,
  LISTING_TYPES,
  PROPERTY_TYPES,
  STRATEGIC_INDUSTRIES,
  type CompanyEnumOption,
} from './company-enums';

export type FieldKind = 'text' | 'textarea' | 'number' | 'integer' | 'date' | 'enum' | 'enumList' | 'boolean' | 'table' | 'financials';

export interface EnumOption extends Label {
  value: string;
}

export interface FieldSpec extends Label {
  key: string;
  kind: FieldKind;
  /** Needed for its section to be complete (a table: at least `minRows` rows, default 1). */
  required?: boolean;
  /** text / textarea: most characters (defaults TEXT_MAX / TEXTAREA_MAX). */
  maxLength?: number;
  /** text: a regular expression (source) the value must match, with words for the mistake. */
  pattern?: { source: string; hint: Label };
  /** number / integer: bounds and decimals (number default 2). */
  min?: number;
  max?: number;
  decimals?: number;
  /** number: the unit shown beside the value. */
  unit?: Label;
  /** enum / enumList. */
  options?: readonly EnumOption[];
  /** table: the columns (scalar kinds only) and row limits. */
  columns?: readonly FieldSpec[];
  minRows?: number;
  maxRows?: number;
  hint?: Label;
}

/** Who writes a section: the loan's A-post officer or its B-post officer. */
export type Post = 'A' | 'B';

export interface SectionSpec extends Label {
  key: string;
  /** Counts towards the data type's completeness. */
  required: boolean;
  post: Post;
  fields: readonly FieldSpec[];
  /** A table computed from the financial statements, shown before the fields (never typed). */
  computed?: 'ratios' | 'cashFlow';
}

export interface DataTypeSpec extends Label {
  type: DataType;
  /** What the type is for, one line. */
  purpose: Label;
  sections: readonly SectionSpec[];
}

export const TEXT_MAX = 200;
export const TEXTAREA_MAX = 5000;
export const TABLE_MAX_ROWS = 50;
/** Largest number accepted in a numeric field unless the field says otherwise. */
export const NUMBER_MAX = 1e13;

const l = (zh: string, en: string): Label => ({ zh, en });
const o = (value: string, zh: string, en: string): EnumOption => ({ value, zh, en });

const WAN = l('万元', '10k yuan');
const PCT = l('%', '%');
const MONTHS = l('个月', 'months');
const PEOPLE = l('人', 'people');
const SQM = l('平方米', 'm²');

// ---------------------------------------------------------------------------------------------
// Choices (spec section 3's business enumerations, and the report's own)
// ---------------------------------------------------------------------------------------------

/** The company record's enumerations (company-enums.ts) as choices: one list of keys for both. */
const fromCompany = (options: readonly CompanyEnumOption[]): EnumOption[] => options.map((opt) => o(opt.key, opt.zh, opt.en));

/** Every choice list the data types use, by name (the web and the preview print the labels). */
export const LOAN_DATA_OPTIONS = {
  qualification: fromCompany(COMPANY_QUALIFICATIONS),
  propertyType: fromCompany(PROPERTY_TYPES),
  bankCategory: fromCompany(BANK_CATEGORIES),
  district: fromCompany(DISTRICT_CODES),
  listingType: fromCompany(LISTING_TYPES),
  strategicIndustry: fromCompany(STRATEGIC_INDUSTRIES),
  honour: fromCompany(HONOURS),
  enterpriseKind: fromCompany(ENTERPRISE_KINDS),
  shareholderKind: [o('NATURAL_PERSON', '自然人', 'Natural person'), o('ENTERPRISE', '企业法人', 'Enterprise'), o('STATE', '国有股东', 'State shareholder')],
  repaymentMethod: [
    o('LUMP_SUM', '到期一次还本付息', 'Principal and interest at maturity'),
    o('MONTHLY_INTEREST', '按月付息、到期还本', 'Monthly interest, principal at maturity'),
    o('INSTALLMENT', '分期还本付息', 'Instalments'),
  ],
  projectSource: [
    o('BANK_REFERRAL', '银行推荐', 'Bank referral'),
    o('GOVERNMENT_REFERRAL', '政府部门推荐', 'Government referral'),
    o('CLIENT_DIRECT', '企业直接申请', 'Direct application'),
    o('OTHER', '其他', 'Other'),
  ],
  preliminaryOpinion: [
    o('RECOMMEND', '建议上会', 'Recommend'),
    o('RECOMMEND_WITH_CONDITIONS', '有条件建议上会', 'Recommend with conditions'),
    o('NOT_RECOMMEND', '不建议上会', 'Do not recommend'),
  ],
  opinionSource: [
    o('NEWS', '新闻媒体', 'News media'),
    o('COURT', '裁判文书与执行信息', 'Court judgments and enforcement'),
    o('CREDIT_CHINA', '信用中国', 'Credit China'),
    o('ENTERPRISE_INFO', '企业信用信息公示系统', 'Enterprise credit information system'),
    o('OTHER', '其他', 'Other'),
  ],
  relation: [
    o('PARENT', '母公司', 'Parent'),
    o('SUBSIDIARY', '子公司', 'Subsidiary'),
    o('SAME_CONTROLLER', '同一实际控制人', 'Same controller'),
    o('OTHER', '其他关联', 'Other relation'),
  ],
  riskLevel: [o('HIGH', '高', 'High'), o('MEDIUM', '中', 'Medium'), o('LOW', '低', 'Low')],
  counterMeasure: [
    o('MORTGAGE', '抵押', 'Mortgage'),
    o('PLEDGE', '质押', 'Pledge'),
    o('PERSONAL', '个人连带责任保证', 'Personal joint guarantee'),
    o('ENTERPRISE', '企业连带责任保证', 'Enterprise joint guarantee'),
    o('OTHER', '其他', 'Other'),
  ],
  cashFlowAssessment: [o('GOOD', '良好', 'Good'), o('ADEQUATE', '一般', 'Adequate'), o('WEAK', '偏弱', 'Weak')],
  rating: [o('A', 'A（优）', 'A (strong)'), o('B', 'B（良）', 'B (good)'), o('C', 'C（一般）', 'C (fair)'), o('D', 'D（差）', 'D (weak)')],
  recommendation: [
    o('APPROVE', '同意担保', 'Approve'),
    o('APPROVE_WITH_CONDITIONS', '有条件同意担保', 'Approve with conditions'),
    o('REJECT', '不同意担保', 'Reject'),
  ],
  bPostOpinion: [o('AGREE', '同意', 'Agree'), o('AGREE_WITH_CONDITIONS', '有条件同意', 'Agree with conditions'), o('DISAGREE', '不同意', 'Disagree')],
} satisfies Record<string, readonly EnumOption[]>;

// ---------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------

type Extra = Partial<Omit<FieldSpec, 'key' | 'kind' | 'zh' | 'en'>>;
const req = { required: true } as const;

const text = (key: string, zh: string, en: string, extra: Extra = {}): FieldSpec => ({ key, kind: 'text', zh, en, ...extra });
const area = (key: string, zh: string, en: string, extra: Extra = {}): FieldSpec => ({ key, kind: 'textarea', zh, en, ...extra });
const num = (key: string, zh: string, en: string, extra: Extra = {}): FieldSpec => ({ key, kind: 'number', zh, en, ...extra });
const int = (key: string, zh: string, en: string, extra: Extra = {}): FieldSpec => ({ key, kind: 'integer', zh, en, ...extra });
const date = (key: string, zh: string, en: string, extra: Extra = {}): FieldSpec => ({ key, kind: 'date', zh, en, ...extra });
const bool = (key: string, zh: string, en: string, extra: Extra = {}): FieldSpec => ({ key, kind: 'boolean', zh, en, ...extra });
const choice = (key: string, zh: string, en: string, options: readonly EnumOption[], extra: Extra = {}): FieldSpec => ({
  key,
  kind: 'enum',
  zh,
  en,
  options,
  ...extra,
});
const choices = (key: string, zh: string, en: string, options: readonly EnumOption[], extra: Extra = {}): FieldSpec => ({
  key,
  kind: 'enumList',
  zh,
  en,
  options,
  ...extra,
});
const table = (key: string, zh: string, en: string, columns: FieldSpec[], extra: Extra = {}): FieldSpec => ({
  key,
  kind: 'table',
  zh,
  en,
  columns,
  maxRows: TABLE_MAX_ROWS,
  ...extra,
});
const money = (key: string, zh: string, en: string, extra: Extra = {}): FieldSpec =>
  num(key, zh, en, { min: 0, max: NUMBER_MAX, decimals: 2, unit: WAN, ...extra });
const percent = (key: string, zh: string, en: string, extra: Extra = {}): FieldSpec => num(key, zh, en, { min: 0, max: 100, decimals: 2, unit: PCT, ...extra });
const section = (
  key: string,
  zh: string,
  en: string,
  fields: FieldSpec[],
  extra: Partial<Pick<SectionSpec, 'required' | 'post' | 'computed'>> = {},
): SectionSpec => ({
  key,
  zh,
  en,
  fields,
  required: extra.required ?? true,
  post: extra.post ?? 'A',
  ...(extra.computed ? { computed: extra.computed } : {}),
});

const OPT = LOAN_DATA_OPTIONS;

/** Unified social credit code: 18 characters of the code's alphabet (the check character is checked where companies are created). */
export const CREDIT_CODE_PATTERN = '^[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}$';
const PHONE_PATTERN = '^(1\\d{10}|0\\d{2,3}-?\\d{7,8}(-\\d{1,6})?)$';
const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

// ---------------------------------------------------------------------------------------------
// CLIENT: customer data, collected by the A-post officer before submission
// ---------------------------------------------------------------------------------------------

const CLIENT: DataTypeSpec = {
  type: 'CLIENT',
  zh: '客户资料',
  en: 'Customer data',
  purpose: l(
    '企业基本信息、股东、联系人和申请情况，提交资料前必须完善',
    "The company's basics, shareholders, contacts and application; required before the materials are submitted",
  ),
  sections: [
    section('basic', '企业基本信息', 'Company basics', [
      text('companyName', '企业名称', 'Company name', req),
      text('creditCode', '统一社会信用代码', 'Unified social credit code', {
        ...req,
        maxLength: 18,
        pattern: { source: CREDIT_CODE_PATTERN, hint: l('应为 18 位统一社会信用代码', 'must be an 18-character unified social credit code') },
      }),
      text('legalRepresentative', '法定代表人', 'Legal representative', { ...req, maxLength: 50 }),
      money('registeredCapital', '注册资本', 'Registered capital', req),
      money('paidInCapital', '实缴资本', 'Paid-in capital'),
      date('establishedDate', '成立日期', 'Date of establishment', req),
      text('registeredAddress', '注册地址', 'Registered address', req),
      text('businessAddress', '经营地址', 'Business address'),
      choice('district', '所属区县', 'District', OPT.district, req),
      choices('enterpriseKinds', '企业类型', 'Enterprise kinds', OPT.enterpriseKind, req),
      text('industry', '所属行业', 'Industry', { ...req, maxLength: 100 }),
      choices('strategicIndustries', '战略性新兴产业类型', 'Strategic industry types', OPT.strategicIndustry),
      int('employees', '员工人数', 'Employees', { ...req, min: 0, max: 1_000_000, unit: PEOPLE }),
      choices('qualifications', '企业资质', 'Qualifications', OPT.qualification),
      choices('honours', '荣誉称号', 'Honours', OPT.honour),
      choice('listingType', '上市类型', 'Listing type', OPT.listingType),
      area('mainBusiness', '主营业务', 'Main business', { ...req, maxLength: 1000 }),
    ]),
    section('shareholders', '股东及实际控制人', 'Shareholders and controller', [
      table(
        'shareholders',
        '股东构成',
        'Shareholders',
        [
          text('name', '股东名称', 'Shareholder', req),
          choice('kind', '股东类型', 'Kind', OPT.shareholderKind, req),
          money('contribution', '出资额', 'Contribution'),
          percent('ratio', '持股比例', 'Share', req),
        ],
        req,
      ),
      text('actualController', '实际控制人', 'Actual controller', { ...req, maxLength: 100 }),
      area('controllerBackground', '实际控制人背景', "Controller's background", { maxLength: 2000 }),
    ]),
    section('contacts', '联系人', 'Contacts', [
      table(
        'contacts',
        '联系人',
        'Contacts',
        [
          text('name', '姓名', 'Name', { ...req, maxLength: 50 }),
          text('position', '职务', 'Position', { maxLength: 50 }),
          text('phone', '电话', 'Phone', {
            ...req,
            maxLength: 20,
            pattern: { source: PHONE_PATTERN, hint: l('应为 11 位手机号或固定电话', 'must be an 11-digit mobile or a landline number') },
          }),
          text('email', '邮箱', 'Email', { maxLength: 100, pattern: { source: EMAIL_PATTERN, hint: l('邮箱格式不正确', 'is not an email address') } }),
        ],
        req,
      ),
    ]),
    section('application', '申请情况', 'Application', [
      text('bank', '贷款银行', 'Lending bank', { ...req, maxLength: 100 }),
      choice('bankCategory', '银行类别', 'Bank category', OPT.bankCategory, req),
      choice('repaymentMethod', '还款方式', 'Repayment method', OPT.repaymentMethod, req),
      area('purpose', '借款用途', 'Purpose of the loan', { ...req, maxLength: 2000 }),
      bool('guaranteedBefore', '曾在本公司担保', 'Guaranteed by us before'),
      area('remarks', '备注', 'Remarks', { maxLength: 2000 }),
    ]),
    section(
      'assets',
      '主要资产',
      'Main assets',
      [
        table('properties', '房产', 'Properties', [
          choice('propertyType', '房产类型', 'Property type', OPT.propertyType, req),
          text('address', '坐落', 'Address', req),
          num('area', '面积', 'Area', { min: 0, max: 10_000_000, decimals: 2, unit: SQM }),
          money('value', '评估价值', 'Appraised value'),
          bool('mortgaged', '已抵押', 'Mortgaged'),
        ]),
        area('otherAssets', '其他主要资产', 'Other main assets', { maxLength: 2000 }),
      ],
      { required: false },
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
// INQUIRY: pre-review data (what the pre-review approver reads)
// ---------------------------------------------------------------------------------------------

const INQUIRY: DataTypeSpec = {
  type: 'INQUIRY',
  zh: '预审资料',
  en: 'Pre-review data',
  purpose: l('项目来源、企业概况和初步评估，供预审会审批', "The project's source, an overview and a first assessment, for the pre-review approval"),
  sections: [
    section('project', '项目概况', 'Project overview', [
      choice('source', '项目来源', 'Project source', OPT.projectSource, req),
      text('referrer', '推荐人/推荐机构', 'Referred by', { maxLength: 100 }),
      int('termMonths', '拟担保期限', 'Proposed term', { ...req, min: 1, max: 360, unit: MONTHS }),
      percent('proposedFeeRate', '拟收担保费率（年）', 'Proposed guarantee fee rate (annual)', req),
      area('summary', '项目简介', 'Summary', req),
    ]),
    section('overview', '企业概况', 'Company overview', [
      area('operations', '经营情况', 'Operations', req),
      area('financialSummary', '财务概况', 'Financial summary', req),
      area('creditSummary', '征信概况', 'Credit summary'),
    ]),
    section('assessment', '初步评估', 'First assessment', [
      area('riskPoints', '主要风险点', 'Main risks', req),
      area('counterGuaranteePlan', '拟采取的反担保措施', 'Planned counter-guarantee', req),
      choice('opinion', '初步意见', 'First opinion', OPT.preliminaryOpinion, req),
      area('opinionText', '意见说明', 'Reasons'),
    ]),
  ],
};

// ---------------------------------------------------------------------------------------------
// AGENT: general-office data (the scheme put to the general-office meeting)
// ---------------------------------------------------------------------------------------------

const AGENT: DataTypeSpec = {
  type: 'AGENT',
  zh: '总办会资料',
  en: 'General-office data',
  purpose: l('担保方案、A岗与部门意见和需上会讨论的问题', 'The guarantee scheme, the opinions and the questions for the general-office meeting'),
  sections: [
    section('scheme', '担保方案', 'Guarantee scheme', [
      percent('guaranteeRatio', '担保比例', 'Share of the loan guaranteed', req),
      percent('feeRate', '担保费率（年）', 'Guarantee fee rate (annual)', req),
      percent('loanRate', '贷款利率（年）', 'Loan interest rate (annual)'),
      int('termMonths', '担保期限', 'Term', { ...req, min: 1, max: 360, unit: MONTHS }),
      choice('repaymentMethod', '还款方式', 'Repayment method', OPT.repaymentMethod, req),
      area('counterGuarantee', '反担保措施', 'Counter-guarantee', req),
      area('conditions', '放款条件', 'Conditions before disbursement'),
    ]),
    section('opinions', '意见', 'Opinions', [
      area('aPostOpinion', 'A岗意见', 'A-post opinion', req),
      area('departmentOpinion', '业务部门意见', "Business department's opinion"),
    ]),
    section(
      'issues',
      '上会讨论事项',
      'Questions for the meeting',
      [table('items', '事项', 'Items', [text('issue', '事项', 'Question', req), area('response', '说明', 'Answer', { maxLength: 2000 })])],
      { required: false },
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
// REPORT: the review report, 17 sections (spec section 3)
// ---------------------------------------------------------------------------------------------

/** The section the B-post officer writes in risk control. */
export const B_POST_SECTION = 'bPostConclusion';

const REPORT: DataTypeSpec = {
  type: 'REPORT',
  zh: '保审会资料（评审报告）',
  en: 'Review report',
  purpose: l('提交保审会的评审报告：A岗十六部分，B岗结论一部分', 'The report for the review committee: sixteen A-post sections and the B-post conclusion'),
  sections: [
    section('companyBasics', '一、企业基本情况', '1. Company basics', [
      area('history', '历史沿革', 'History', req),
      area('ownership', '股权结构', 'Ownership', req),
      area('governance', '公司治理', 'Governance'),
      table('management', '主要管理人员', 'Management', [
        text('name', '姓名', 'Name', { ...req, maxLength: 50 }),
        text('position', '职务', 'Position', { ...req, maxLength: 50 }),
        int('age', '年龄', 'Age', { min: 18, max: 100 }),
        text('experience', '从业经历', 'Experience', { maxLength: 500 }),
      ]),
    ]),
    section('products', '二、产品与经营', '2. Products and operations', [
      table(
        'mainProducts',
        '主要产品',
        'Main products',
        [
          text('name', '产品名称', 'Product', req),
          percent('revenueShare', '收入占比', 'Share of revenue'),
          text('description', '说明', 'Description', { maxLength: 500 }),
        ],
        req,
      ),
      area('marketPosition', '市场地位与竞争', 'Market position and competition', req),
      area('supplyChain', '上下游情况', 'Suppliers and customers'),
      area('rdCapability', '研发能力', 'R&D capability'),
    ]),
    section('opinionSurvey', '三、舆情调查', '3. Opinion survey', [
      date('surveyDate', '调查日期', 'Survey date', req),
      choices('sources', '调查渠道', 'Sources', OPT.opinionSource, req),
      bool('negativeFound', '发现负面信息', 'Negative information found', req),
      area('findings', '调查结果', 'Findings', req),
    ]),
    section('financials', '四、近三年财务报表', '4. Financial statements (three years)', [
      { key: 'statements', kind: 'financials', zh: '财务报表', en: 'Statements', required: true },
      bool('audited', '经审计', 'Audited'),
      text('auditFirm', '审计机构', 'Audit firm', { maxLength: 100 }),
      area('notes', '报表说明', 'Notes', { maxLength: 2000 }),
    ]),
    section('ratioAnalysis', '五、财务比率分析', '5. Financial ratio analysis', [area('commentary', '分析意见', 'Analysis', req)], { computed: 'ratios' }),
    section(
      'cashFlowAnalysis',
      '六、现金流分析',
      '6. Cash flow analysis',
      [choice('assessment', '经营现金流评价', 'Operating cash flow', OPT.cashFlowAssessment, req), area('commentary', '分析意见', 'Analysis', req)],
      { computed: 'cashFlow' },
    ),
    section('relatedCompanies', '七、关联企业分析', '7. Related companies', [
      table('companies', '关联企业', 'Related companies', [
        text('name', '企业名称', 'Company', req),
        choice('relation', '关联关系', 'Relation', OPT.relation, req),
        text('business', '主营业务', 'Business', { maxLength: 200 }),
        money('debt', '负债余额', 'Debt outstanding'),
        bool('mutualGuarantee', '互保', 'Mutual guarantee'),
      ]),
      area('analysis', '关联分析', 'Analysis', req),
    ]),
    section('debtAndCredit', '八、负债及征信记录', '8. Debt and credit record', [
      table('loans', '银行借款', 'Bank loans', [
        text('lender', '贷款机构', 'Lender', req),
        money('balance', '余额', 'Balance', req),
        date('maturity', '到期日', 'Maturity'),
        text('security', '担保方式', 'Security', { maxLength: 100 }),
      ]),
      money('externalGuarantees', '对外担保余额', 'External guarantees outstanding'),
      date('creditReportDate', '征信报告日期', 'Credit report date', req),
      bool('overdue', '存在逾期记录', 'Overdue records', req),
      area('creditSummary', '征信情况说明', 'Credit record', req),
    ]),
    section('loanUse', '九、贷款用途及项目进展', '9. Use of the loan and project progress', [
      area('purpose', '贷款用途', 'Use of the loan', req),
      area('progress', '项目进展', 'Project progress', req),
      area('fundingPlan', '资金使用计划', 'Funding plan'),
    ]),
    section('repaymentSource', '十、还款来源', '10. Repayment source', [
      area('primary', '第一还款来源', 'Primary source', req),
      area('secondary', '第二还款来源', 'Secondary source', req),
      area('plan', '还款计划', 'Repayment plan'),
    ]),
    section('guaranteeRisk', '十一、担保风险及防范', '11. Guarantee risks and prevention', [
      table(
        'risks',
        '风险点',
        'Risks',
        [
          text('risk', '风险', 'Risk', req),
          choice('level', '程度', 'Level', OPT.riskLevel, req),
          text('measure', '防范措施', 'Prevention', { ...req, maxLength: 500 }),
        ],
        req,
      ),
      area('overall', '综合评价', 'Overall', req),
    ]),
    section('counterGuarantee', '十二、反担保措施', '12. Counter-guarantee measures', [
      table(
        'measures',
        '反担保措施',
        'Measures',
        [
          choice('kind', '方式', 'Kind', OPT.counterMeasure, req),
          text('provider', '提供方', 'Provider', req),
          text('description', '说明', 'Description', { maxLength: 500 }),
          money('value', '评估价值', 'Appraised value'),
        ],
        req,
      ),
      area('assessment', '反担保评价', 'Assessment', req),
    ]),
    section('materialsCheck', '十三、资料合规性检查', '13. Materials compliance check', [
      bool('businessLicence', '营业执照', 'Business licence', req),
      bool('articles', '公司章程', 'Articles of association', req),
      bool('financialStatements', '财务报表', 'Financial statements', req),
      bool('creditReport', '征信报告', 'Credit report', req),
      bool('taxRecords', '纳税记录', 'Tax records', req),
      bool('resolution', '股东会/董事会决议', "Shareholders' or board resolution", req),
      area('remarks', '检查说明', 'Remarks'),
    ]),
    section('projectEvaluation', '十四、项目评价', '14. Project evaluation', [
      area('strengths', '项目优势', 'Strengths', req),
      area('weaknesses', '项目不足', 'Weaknesses', req),
      choice('rating', '综合评级', 'Rating', OPT.rating, req),
    ]),
    section('conclusion', '十五、综合结论', '15. Comprehensive conclusion', [
      choice('recommendation', '结论', 'Recommendation', OPT.recommendation, req),
      money('recommendedAmount', '建议担保金额', 'Recommended amount', req),
      int('recommendedTermMonths', '建议期限', 'Recommended term', { ...req, min: 1, max: 360, unit: MONTHS }),
      percent('feeRate', '建议担保费率（年）', 'Recommended fee rate (annual)', req),
      area('conditions', '担保条件', 'Conditions'),
      area('text', '结论说明', 'Conclusion', req),
    ]),
    section('siteSurvey', '十六、现场调查提纲', '16. Site survey outline', [
      date('date', '调查日期', 'Survey date', req),
      text('participants', '调查人员', 'Surveyed by', req),
      table('visits', '调查地点', 'Places visited', [text('place', '地点', 'Place', req), area('observation', '调查情况', 'Observation', { maxLength: 2000 })]),
      area('outline', '调查提纲及结论', 'Outline and findings', req),
    ]),
    section(
      B_POST_SECTION,
      '十七、B岗结论',
      '17. B-post conclusion',
      [
        date('reviewDate', '复核日期', 'Review date', req),
        bool('dataVerified', '资料已核实', 'Data verified', req),
        area('riskAssessment', '风险评估', 'Risk assessment', req),
        area('keyRisks', '重点关注风险', 'Risks to watch'),
        choice('opinion', 'B岗意见', 'B-post opinion', OPT.bPostOpinion, req),
        area('conditions', '附加条件', 'Conditions'),
        area('text', '结论说明', 'Conclusion', req),
      ],
      { post: 'B' },
    ),
  ],
};

export const DATA_TYPE_SPECS: Readonly<Record<DataType, DataTypeSpec>> = { CLIENT, INQUIRY, AGENT, REPORT };

export function dataTypeSpec(type: DataType): DataTypeSpec {
  return DATA_TYPE_SPECS[type];
}

export function sectionSpec(type: DataType, key: string): SectionSpec | undefined {
  return DATA_TYPE_SPECS[type].sections.find((s) => s.key === key);
}

/** The label of an enum value ('—' when empty, the value itself when unknown). */
export function optionLabel(field: Pick<FieldSpec, 'options'>, value: unknown): Label {
  if (value === null || value === undefined || value === '') return { zh: '—', en: '—' };
  const hit = field.options?.find((opt) => opt.value === value);
  return hit ? { zh: hit.zh, en: hit.en } : { zh: String(value), en: String(value) };
}
