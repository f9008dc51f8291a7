import type zh from '../zh-CN/users';
import type { Translation } from '../types';

const users: Translation<typeof zh> = {
  searchPlaceholder: 'Search by user name',
  columns: {
    username: 'User name',
    nickname: 'Nickname',
    roles: 'Roles',
    status: 'Status',
  },
  enabled: 'Active',
  disabled: 'Disabled',
};
export default users;
