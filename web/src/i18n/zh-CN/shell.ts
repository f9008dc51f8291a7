// Application shell: header, sidebar, top menu.
export default {
  toggleSidebar: '展开/收起侧边栏',
  openSidebar: '展开侧边栏',
  closeSidebar: '收起侧边栏',
  more: '更多',
  timeZone: '本系统的时间均为 {{zone}} 时间（公司时区）',
  messages: '消息',
  unreadMessages: '{{count}} 条未读消息',
  userMenu: '用户菜单',
  changeAvatar: '修改头像',
  changePassword: '修改密码',
  logout: '退出登录',
  logoutConfirm: '确定退出系统吗？',
  mainMenu: '主菜单',
  sideMenu: '侧边菜单',
};
