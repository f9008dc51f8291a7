import { http } from '@/api/http';
import type { QueuePageSessionDto } from '@/api/schema.gen';

/** Where the server serves Bull Board (fixed by issue 10's API contract). */
export const QUEUE_PAGE_URL = '/server/admin/queues';

/**
 * Asks the server for the queue page's cookie (httpOnly, SameSite=Strict, sent to that path only):
 * the page opens in a tab of its own, which cannot send the X-Platform-Token header.
 */
export async function openQueuePageSession(): Promise<string> {
  const res = await http.post<QueuePageSessionDto>('/admin/queue-page/session');
  return res.data?.url ?? QUEUE_PAGE_URL;
}
