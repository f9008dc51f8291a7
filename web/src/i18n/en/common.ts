import type zh from '../zh-CN/common';
import type { Translation } from '../types';

const common: Translation<typeof zh> = {
  brand: 'Guarantee Management Platform',
  brandShort: 'Guarantee',
  ok: 'OK',
  cancel: 'Cancel',
  confirm: 'Confirm',
  save: 'Save',
  close: 'Close',
  refresh: 'Refresh',
  search: 'Search',
  reset: 'Reset',
  loading: 'Loading…',
  notice: 'Notice',
  yes: 'Yes',
  no: 'No',
  empty: 'No data',
  actions: 'Actions',
  total: '{{total}} in total',
  recordsPerPage: 'Records per page',
  pagination: '{{from}}-{{to}} of {{total}}',
  paginationCapped: '{{from}}-{{to}} of more than {{total}}',
  paginationEstimated: '{{from}}-{{to}} of about {{total}}',
  notFound: {
    title: 'Page not found',
    description: 'The page you asked for does not exist or has been removed.',
    back: 'Back to dashboard',
  },
  forbidden: {
    title: 'No access',
    description: 'You are not allowed to open this page. Please contact an administrator.',
    back: 'Back to dashboard',
  },
  enter: {
    welcome: 'Welcome, {{name}}',
    description: 'Choose a task from the top menu or the sidebar.',
    toDashboard: 'Go to dashboard',
  },
  loadFailed: {
    title: 'The page failed to load',
    description: 'A resource of this page could not be loaded, perhaps because the system was updated. Please reload.',
    reload: 'Reload',
  },
  language: {
    label: 'Language',
    'zh-CN': '中文',
    en: 'English',
  },
  /** The clear button of a date or choice field (it has no text of its own). */
  clear: 'Clear',
};
export default common;
