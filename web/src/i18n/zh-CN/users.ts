// User list page.
export default {
  searchPlaceholder: '按用户名搜索',
  columns: {
    username: '用户名',
    nickname: '昵称',
    roles: '角色',
    status: '状态',
  },
  enabled: '正常',
  disabled: '已禁用',
};
