import type zh from '../zh-CN/roles';
import type { Translation } from '../types';

const roles: Translation<typeof zh> = {
  searchPlaceholder: 'Search by role name',
  columns: {
    name: 'Role',
    code: 'Code',
    builtin: 'Kind',
    users: 'Users',
    permissions: 'Permissions',
    createdAt: 'Created',
  },
  builtin: 'Built-in',
  custom: 'Custom',
  add: 'Add role',
  edit: 'Edit',
  deleteSelected: 'Delete selected',
  addTitle: 'Add role',
  editTitle: 'Edit role: {{name}}',
  permissionTree: 'Permissions',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  checkAll: 'Check all',
  uncheckAll: 'Uncheck all',
  saved: 'Role saved',
  deleted: '{{count}} role(s) deleted',
  selectFirst: 'Select at least one row',
  confirmDelete: 'Delete the {{count}} selected role(s): {{names}}?',
  errors: {
    name: 'The role name must be 1-100 characters',
  },
};
export default roles;
