// Dashboard: the user's to-dos, the loans per list and messages.
export default {
  title: '我的消息',
  unread: '未读',
  read: '已读',
  all: '全部',
  markRead: '标为已读',
  markedRead: '已标为已读',
  markAllRead: '全部标为已读',
  markedAllRead: '已将 {{count}} 条消息标为已读',
  types: {
    TODO: '待办',
    NOTICE: '通知',
    REMINDER: '提醒',
    RISK: '风险预警',
  },
  empty: '暂无消息',
  columns: {
    title: '标题',
    content: '内容',
    type: '类型',
    createdAt: '时间',
    status: '状态',
  },
  unreadCount: '未读消息',
  todos: {
    title: '我的待办',
    empty: '暂无等待您处理的贷款。',
    waiting: '笔待处理（列表共 {{total}} 笔）',
  },
  overdue: {
    title: '逾期分档',
    asOf: '截至 {{day}} 日终，逾期共 {{total}} 笔',
    never: '尚未日终计算',
  },
  counts: {
    title: '各列表贷款数',
    failed: '数量加载失败',
  },
  greeting: '您好，{{name}}',
};
