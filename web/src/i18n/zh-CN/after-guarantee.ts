const afterGuarantee = {
  visits: {
    title: '保后走访',
    round: '当前轮次：第 {{round}} 轮（共 6 轮）',
    current: '当前风险分类',
    nextDue: '下次走访日期',
    history: '风险分类历史',
    none: '尚未提交保后报告',
    columns: { round: '轮次', kind: '审核类型', classification: '风险分类', reason: '原因', submitted: '提交', state: '状态', nextDue: '下次走访' },
    states: { SUBMITTED: '待审核', APPROVED: '已通过', RETURNED: '已退回' },
    downgraded: '下调',
    returnedBecause: '退回原因：{{reason}}',
    attachments: '保后附件',
    noAttachments: '尚无保后附件',
    upload: '上传保后附件',
    uploaded: '保后附件已上传',
    hint: '提交保后报告时须选择风险分类；非「正常」或分类变化时须填写原因。',
  },
  release: {
    title: '解保解押',
    columns: { item: '解除项', kind: '类别', value: '金额/价值（元）', state: '状态', released: '解除' },
    states: { UNRESOLVED: '未解除', RELEASED: '已解除' },
    kinds: { GUARANTEE: '担保责任', MORTGAGE: '抵押', PLEDGE: '质押', OTHER: '其他' },
    guarantee: '担保责任',
    confirm: '确认解除',
    confirmed: '已确认解除',
  },
  ledger: {
    title: '解保台账',
    export: '导出',
    empty: '暂无解除记录',
    columns: { company: '企业名称', item: '解除项', kind: '类别', value: '金额/价值（元）', releasedAt: '解除时间', releasedBy: '经办人' },
  },
};

export default afterGuarantee;
