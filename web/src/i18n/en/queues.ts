import type zh from '../zh-CN/queues';
import type { Translation } from '../types';

const queues: Translation<typeof zh> = {
  title: 'Job queues',
  description: 'Waiting, delayed, failed and completed jobs of every queue, with retry of failed jobs. Opens in a new tab; administrators only.',
  open: 'Open the queue page',
  unavailable: 'The queue page cannot be opened; reload and try again',
};
export default queues;
