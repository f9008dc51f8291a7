// Queue page (/system/queues): the way to Bull Board.
export default {
  title: '任务队列',
  description: '查看各队列的等待、延迟、失败和已完成任务，可重试失败任务。页面在新标签页中打开，仅管理员可用。',
  open: '打开队列页面',
  unavailable: '无法打开队列页面，请刷新后重试',
  reminders: {
    title: '提醒队列',
    horizon: '提前入队天数',
    days: '{{days}} 天',
    scheduled: '待发送提醒',
    withinHorizon: '其中在入队范围内',
    queued: '已入队任务',
    lastRun: '上次入队时间',
    never: '暂无记录',
    reconcile: '立即重建队列',
    reconciled: '已扫描 {{scanned}} 条，入队 {{queued}} 条',
    unavailable: '无法读取提醒队列状态，请刷新后重试',
  },
};
