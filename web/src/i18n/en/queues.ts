import type zh from '../zh-CN/queues';
import type { Translation } from '../types';

const queues: Translation<typeof zh> = {
  title: 'Job queues',
  description: 'Waiting, delayed, failed and completed jobs of every queue, with retry of failed jobs. Opens in a new tab; administrators only.',
  open: 'Open the queue page',
  unavailable: 'The queue page cannot be opened; reload and try again',
  reminders: {
    title: 'Reminder queue',
    horizon: 'Horizon',
    days: '{{days}} day(s)',
    scheduled: 'Reminders to send',
    withinHorizon: 'Within the horizon',
    queued: 'Jobs queued',
    lastRun: 'Last horizon run',
    never: 'Not known',
    reconcile: 'Reconcile now',
    reconciled: '{{scanned}} scanned, {{queued}} queued',
    unavailable: 'The reminder queue status cannot be read; reload and try again',
  },
};
export default queues;
