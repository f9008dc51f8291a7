import { http } from '@/api/http';
import type { ReconcileResultDto, ReminderStatusDto } from '@/api/schema.gen';

/** Where the server serves Bull Board (a fixed API contract). */
export const QUEUE_PAGE_URL = '/server/admin/queues';

/**
 * Asks the server for the queue page's cookie (httpOnly, SameSite=Strict, sent to that path only):
 * the page opens in a tab of its own, which cannot send the X-Platform-Token header.
 */
export async function openQueuePageSession(): Promise<string> {
  const res = await http.post('/admin/queue-page/session');
  return res.data?.url ?? QUEUE_PAGE_URL;
}

export type { ReconcileResultDto, ReminderStatusDto };

/** The reminder horizon and what is scheduled and queued (administrators). */
export async function fetchReminderStatus(): Promise<ReminderStatusDto> {
  const res = await http.get('/admin/reminders/status');
  return res.data!;
}

/** Queues again every scheduled reminder within the horizon from PostgreSQL (administrators). */
export async function reconcileReminders(): Promise<ReconcileResultDto> {
  const res = await http.post('/admin/reminders/reconcile');
  return res.data!;
}
