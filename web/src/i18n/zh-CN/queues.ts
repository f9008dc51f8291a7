// Queue page (/system/queues): the way to Bull Board.
export default {
  title: '任务队列',
  description: '查看各队列的等待、延迟、失败和已完成任务，可重试失败任务。页面在新标签页中打开，仅管理员可用。',
  open: '打开队列页面',
  unavailable: '无法打开队列页面，请刷新后重试',
};
