/**
 * Complete, valid example data for each data type: the demo loans' data, and the fixture the tests
 * use when a loan must have its data before it can be submitted. Deterministic (no clock, no random).
 */

import type { DataType } from '../events';
import type { FinancialStatements } from './financials';
import type { LoanDataContent } from './loan-data';
import { B_POST_SECTION } from './report';

export interface ExampleOptions {
  companyName?: string;
  creditCode?: string;
  /** The latest fiscal year of the statements (the two before it are filled too). */
  latestYear?: number;
}

/** Three years of summary statements (10k yuan) that balance and give ordinary ratios. */
export function exampleStatements(latestYear = 2024): FinancialStatements {
  const years = [latestYear - 2, latestYear - 1, latestYear];
  const lines: Record<string, number[]> = {
    monetaryFunds: [1200, 1500, 1800],
    accountsReceivable: [2000, 2300, 2500],
    inventory: [1500, 1600, 1700],
    totalCurrentAssets: [5000, 5800, 6400],
    totalAssets: [10000, 11000, 12000],
    shortTermBorrowings: [2000, 2200, 2400],
    totalCurrentLiabilities: [3500, 3800, 4000],
    longTermBorrowings: [1500, 1600, 1800],
    totalLiabilities: [5500, 6000, 6600],
    totalEquity: [4500, 5000, 5400],
    operatingRevenue: [12000, 13800, 15000],
    operatingCost: [9000, 10200, 11000],
    interestExpense: [200, 220, 240],
    totalProfit: [800, 1000, 1200],
    netProfit: [600, 750, 900],
    netOperatingCashFlow: [700, 900, 1100],
    netInvestingCashFlow: [-400, -500, -600],
    netFinancingCashFlow: [-100, -100, -200],
  };
  return { unit: 'TEN_THOUSAND_YUAN', form: 'SUMMARY', years, lines };
}

export function exampleContent(type: DataType, options: ExampleOptions = {}): LoanDataContent {
  const name = options.companyName ?? '上海示例科技有限公司';
  switch (type) {
    case 'CLIENT':
      return {
        basic: {
          companyName: name,
          creditCode: options.creditCode ?? '91310000MA1FL0000X',
          legalRepresentative: '王建国',
          registeredCapital: 5000,
          paidInCapital: 5000,
          establishedDate: '2012-06-18',
          registeredAddress: '上海市浦东新区张江路 100 号',
          businessAddress: '上海市浦东新区张江路 100 号',
          district: 'PDXQ',
          enterpriseKinds: ['TECH_INNOVATION'],
          industry: '专用设备制造',
          strategicIndustries: ['HIGH_END_EQUIPMENT'],
          employees: 186,
          qualifications: ['HIGH_TECH', 'SPECIALIZED_NEW'],
          honours: ['LITTLE_GIANT'],
          listingType: null,
          mainBusiness: '精密数控设备的研发、生产与销售。',
        },
        shareholders: {
          shareholders: [
            { name: '王建国', kind: 'NATURAL_PERSON', contribution: 3500, ratio: 70 },
            { name: '上海某投资有限公司', kind: 'ENTERPRISE', contribution: 1500, ratio: 30 },
          ],
          actualController: '王建国',
          controllerBackground: '从业二十年，机械工程硕士。',
        },
        contacts: { contacts: [{ name: '李娜', position: '财务总监', phone: '13800138000', email: 'lina@example.com' }] },
        application: {
          bank: '中国银行上海分行',
          bankCategory: 'STATE_OWNED',
          repaymentMethod: 'MONTHLY_INTEREST',
          purpose: '采购原材料，补充流动资金。',
          guaranteedBefore: false,
          remarks: null,
        },
        assets: {
          properties: [{ propertyType: 'FACTORY', address: '上海市浦东新区川沙路 8 号', area: 3200, value: 4800, mortgaged: false }],
          otherAssets: null,
        },
      };
    case 'INQUIRY':
      return {
        project: { source: 'BANK_REFERRAL', referrer: '中国银行张江支行', termMonths: 12, proposedFeeRate: 1.5, summary: '企业申请一年期流动资金贷款担保。' },
        overview: { operations: '订单充足，近三年收入稳定增长。', financialSummary: '资产负债率约 55%，盈利能力良好。', creditSummary: '征信无不良记录。' },
        assessment: {
          riskPoints: '应收账款占比较高。',
          counterGuaranteePlan: '实际控制人个人连带责任保证，厂房抵押。',
          opinion: 'RECOMMEND',
          opinionText: null,
        },
      };
    case 'AGENT':
      return {
        scheme: {
          guaranteeRatio: 80,
          feeRate: 1.5,
          loanRate: 3.85,
          termMonths: 12,
          repaymentMethod: 'MONTHLY_INTEREST',
          counterGuarantee: '实际控制人个人连带责任保证；厂房第二顺位抵押。',
          conditions: '落实反担保手续后放款。',
        },
        opinions: { aPostOpinion: '建议同意担保。', departmentOpinion: '同意 A 岗意见。' },
        issues: { items: [{ issue: '应收账款回收情况', response: '前五大客户均为国企，回款及时。' }] },
      };
    case 'REPORT':
      return exampleReport(name, options.latestYear ?? 2024, false);
  }
}

/** The review report; with `withBPost` the B-post conclusion is filled too. */
export function exampleReport(companyName: string, latestYear: number, withBPost: boolean): LoanDataContent {
  const report: LoanDataContent = {
    companyBasics: {
      history: `${companyName}成立于 2012 年，2018 年增资至 5000 万元。`,
      ownership: '王建国持股 70%，上海某投资有限公司持股 30%。',
      governance: '设董事会和监事，财务制度健全。',
      management: [{ name: '王建国', position: '董事长', age: 48, experience: '二十年行业经验' }],
    },
    products: {
      mainProducts: [{ name: '五轴数控机床', revenueShare: 65, description: '主要用于航空零部件加工' }],
      marketPosition: '国内细分市场前五。',
      supplyChain: '上游为钢材与电控供应商，下游为航空与汽车制造企业。',
      rdCapability: '研发人员 40 人，拥有发明专利 12 项。',
    },
    opinionSurvey: { surveyDate: `${latestYear + 1}-03-01`, sources: ['NEWS', 'COURT', 'CREDIT_CHINA'], negativeFound: false, findings: '未发现负面舆情。' },
    financials: { statements: exampleStatements(latestYear), audited: true, auditFirm: '上海某会计师事务所', notes: null },
    ratioAnalysis: { commentary: '流动比率与速动比率处于合理水平，资产负债率适中，盈利能力逐年提升。' },
    cashFlowAnalysis: { assessment: 'GOOD', commentary: '经营活动现金流持续为正，足以覆盖利息支出。' },
    relatedCompanies: { companies: [], analysis: '无重要关联企业。' },
    debtAndCredit: {
      loans: [{ lender: '中国银行', balance: 2400, maturity: `${latestYear + 1}-12-31`, security: '信用' }],
      externalGuarantees: 0,
      creditReportDate: `${latestYear + 1}-02-20`,
      overdue: false,
      creditSummary: '企业及实际控制人征信无逾期记录。',
    },
    loanUse: { purpose: '采购原材料。', progress: '在手订单 1.2 亿元，按计划交付。', fundingPlan: null },
    repaymentSource: { primary: '经营性现金流入。', secondary: '厂房抵押物处置。', plan: '按月付息，到期还本。' },
    guaranteeRisk: { risks: [{ risk: '应收账款回收风险', level: 'MEDIUM', measure: '监控前五大客户回款' }], overall: '风险可控。' },
    counterGuarantee: {
      measures: [
        { kind: 'PERSONAL', provider: '王建国', description: '个人连带责任保证', value: null },
        { kind: 'MORTGAGE', provider: companyName, description: '厂房第二顺位抵押', value: 4800 },
      ],
      assessment: '反担保措施充足。',
    },
    materialsCheck: { businessLicence: true, articles: true, financialStatements: true, creditReport: true, taxRecords: true, resolution: true, remarks: null },
    projectEvaluation: { strengths: '技术领先，订单充足。', weaknesses: '应收账款较高。', rating: 'B' },
    conclusion: {
      recommendation: 'APPROVE',
      recommendedAmount: 500,
      recommendedTermMonths: 12,
      feeRate: 1.5,
      conditions: '落实反担保措施。',
      text: '同意为该企业提供 500 万元、期限 12 个月的贷款担保。',
    },
    siteSurvey: {
      date: `${latestYear + 1}-03-05`,
      participants: 'A岗 王敏',
      visits: [{ place: '生产厂房', observation: '生产正常，设备运转良好。' }],
      outline: '查看厂房、库存与订单，访谈财务负责人。',
    },
  };
  if (withBPost) {
    report[B_POST_SECTION] = {
      reviewDate: `${latestYear + 1}-03-20`,
      dataVerified: true,
      riskAssessment: '风险总体可控。',
      keyRisks: '应收账款回收。',
      opinion: 'AGREE',
      conditions: null,
      text: '同意提交保审会。',
    };
  }
  return report;
}
