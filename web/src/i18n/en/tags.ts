import type zh from '../zh-CN/tags';
import type { Translation } from '../types';

const tags: Translation<typeof zh> = {
  label: 'Open pages',
  refresh: 'Refresh',
  close: 'Close',
  closeOthers: 'Close others',
  closeAll: 'Close all',
  actions: 'Tag actions',
};
export default tags;
