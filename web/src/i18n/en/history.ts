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
};
export default history;
