import type zh from '../zh-CN/history';
import type { Translation } from '../types';

const history: Translation<typeof zh> = {
  columns: {
    createdAt: 'Time',
    actor: 'Actor',
    action: 'Action',
    target: 'Target',
    outcome: 'Outcome',
  },
  filters: {
    actor: 'Actor',
    route: 'Route',
    method: 'Method',
    from: 'From',
    to: 'To',
    anyMethod: 'Any',
  },
  export: 'Export',
  exportName: 'history-log',
  success: 'Success',
  failure: 'Failure',
};
export default history;
