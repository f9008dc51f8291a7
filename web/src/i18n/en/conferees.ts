import type zh from '../zh-CN/conferees';
import type { Translation } from '../types';

const conferees: Translation<typeof zh> = {
  searchPlaceholder: 'Search by user name or name',
  allKinds: 'All types',
  allStatuses: 'All statuses',
  columns: {
    username: 'User name',
    name: 'Name',
    kinds: 'Meeting types',
    status: 'Status',
    meetings: 'Meetings',
    createdAt: 'Added',
  },
  active: 'Active',
  inactive: 'Inactive',
  activeHint: 'Inactive attendees cannot be chosen for new meetings; meetings already set up keep them',
  userDisabled: 'Account disabled',
  add: 'Add attendees',
  people: 'People',
  added: 'Attendees added',
  manage: 'Manage',
  manageTitle: 'Manage attendee: {{name}}',
  saved: 'Saved',
  delete: 'Delete',
  confirmDelete: 'Remove "{{name}}" from the attendee pool? Meetings already set up keep them.',
  deleted: 'Deleted',
  exportName: 'attendees',
  errors: {
    required: 'Choose at least one person',
    tooMany: 'At most 50 people at a time',
    invalid: 'Not a valid choice',
    kinds: 'Choose at least one meeting type',
  },
};
export default conferees;
