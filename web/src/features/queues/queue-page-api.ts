import { http } from '@/api/http';
import type { CloseOfBusinessDto, OverdueBucketDto, OverdueBucketsDto, ReconcileResultDto, ReminderStatusDto } from '@/api/schema.gen';

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

export type { CloseOfBusinessDto, OverdueBucketDto, OverdueBucketsDto };

/** The nightly close of business's latest runs, each step with its start, end, duration and rows (administrators). */
export async function fetchCloseOfBusiness(limit = 14): Promise<CloseOfBusinessDto> {
  return (await http.get('/admin/close-of-business', { params: { limit } })).data;
}

/** The overdue buckets in force, and who set them (administrators). */
export async function fetchBucketSettings(): Promise<OverdueBucketsDto> {
  return (await http.get('/admin/close-of-business/buckets')).data;
}

/** Sets the buckets (used from the next close of business); a refusal (400 naming the problem) is shown by the form. */
export async function saveBucketSettings(buckets: OverdueBucketDto[]): Promise<OverdueBucketsDto> {
  return (await http.put('/admin/close-of-business/buckets', { buckets }, { passErrors: true })).data;
}
