const regulatoryExports = {
  guodan: {
    title: '国担报送数据',
    scope: '全国融资担保业务监管信息系统报送：所选期间内放款的全部担保业务（按放款日期）。导出包含期间内的全部记录，不设条数上限。',
  },
  industrial: {
    title: '工信部报送数据',
    scope: '工信部中小企业融资担保报送：所选期间内放款、从业人数少于300人（或未填写从业人数）的中小企业业务。导出包含期间内的全部记录，不设条数上限。',
  },
  from: '放款日期自',
  to: '放款日期至',
  companyName: '企业名称',
  export: '导出 Excel',
  exportNote: '本期共 {{count}} 条，导出将逐行写出全部 {{count}} 条。',
  periodInverted: '开始日期不能晚于结束日期',
  columns: {
    companyName: '被担保人名称',
    creditCode: '统一社会信用代码',
    enterpriseSize: '企业规模',
    employeeCount: '从业人数',
    bank: '贷款银行',
    amount: '担保金额（元）',
    outstanding: '在保余额（元）',
    termMonths: '期限（月）',
    disbursedOn: '放款日期',
    maturityOn: '到期日期',
    annualRate: '贷款年利率',
    feeRate: '担保费率',
    status: '业务状态',
  },
  sizes: { MICRO: '微型', SMALL: '小型', MEDIUM: '中型', LARGE: '大型', UNKNOWN: '未划型' },
  statuses: { IN_FORCE: '在保', RELEASED: '已解保', DISCONTINUED: '已终止' },
};
export default regulatoryExports;
