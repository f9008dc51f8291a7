// Tag views: the open-page tabs above the page.
export default {
  label: '已打开的页面',
  refresh: '刷新',
  close: '关闭',
  closeOthers: '关闭其他',
  closeAll: '关闭所有',
  actions: '标签操作',
};
