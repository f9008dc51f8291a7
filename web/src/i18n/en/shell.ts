import type zh from '../zh-CN/shell';
import type { Translation } from '../types';

const shell: Translation<typeof zh> = {
  toggleSidebar: 'Open or close the sidebar',
  openSidebar: 'Open the sidebar',
  closeSidebar: 'Close the sidebar',
  more: 'More',
  timeZone: 'Every time here is {{zone}} time (the company time zone)',
  messages: 'Messages',
  unreadMessages: '{{count}} unread messages',
  userMenu: 'User menu',
  changeAvatar: 'Change avatar',
  changePassword: 'Change password',
  logout: 'Sign out',
  logoutConfirm: 'Are you sure exit the system？',
  mainMenu: 'Main menu',
  sideMenu: 'Side menu',
};
export default shell;
