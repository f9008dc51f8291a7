import type zh from '../zh-CN/dashboard';
import type { Translation } from '../types';

const dashboard: Translation<typeof zh> = {
  title: 'My messages',
  unread: 'Unread',
  read: 'Read',
  all: 'All',
  markRead: 'Mark as read',
  markedRead: 'Marked as read',
  markAllRead: 'Mark all as read',
  markedAllRead: 'Messages marked as read: {{count}}',
  types: {
    TODO: 'To do',
    NOTICE: 'Notice',
    REMINDER: 'Reminder',
    RISK: 'Risk alert',
  },
  empty: 'No messages',
  columns: {
    title: 'Title',
    content: 'Content',
    type: 'Type',
    createdAt: 'Time',
    status: 'Status',
  },
  unreadCount: 'Unread messages',
  todos: {
    title: 'My to-dos',
    empty: 'No loan is waiting for you.',
    waiting: 'waiting for you ({{total}} in the list)',
  },
  overdue: {
    title: 'Overdue by bucket',
    asOf: 'As of the close of {{day}}: {{total}} overdue in all',
    never: 'Not yet computed by a close of business',
  },
  counts: {
    title: 'Loans per list',
    failed: 'The counts could not be loaded',
  },
  greeting: 'Hello, {{name}}',
};
export default dashboard;
