// History log page.
export default {
  columns: {
    createdAt: '时间',
    actor: '操作人',
    action: '操作',
    target: '对象',
    outcome: '结果',
  },
};
