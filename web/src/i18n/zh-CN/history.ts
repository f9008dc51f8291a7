// History log page.
export default {
  columns: {
    createdAt: '时间',
    actor: '操作人',
    action: '操作',
    target: '对象',
    outcome: '结果',
  },
  filters: {
    actor: '操作人',
    route: '请求路径',
    method: '请求方式',
    from: '开始日期',
    to: '结束日期',
    anyMethod: '全部',
  },
  export: '导出',
  exportName: '操作日志',
  success: '成功',
  failure: '失败',
};
