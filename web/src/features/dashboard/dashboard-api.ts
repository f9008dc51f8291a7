/** The dashboard's calls: the signed-in user's messages, the worklist counts and the loans per overdue bucket. */
import { http, type Page } from '@/api/http';
import type { MessageDto, OverdueBucketCountsDto, WorklistCountDto } from '@/api/schema.gen';

export type Message = MessageDto;
export type WorklistCount = WorklistCountDto;

export async function fetchMessages(pageNum: number, pageSize: number): Promise<Page<Message>> {
  const res = await http.get('/messages', { params: { pageNum, pageSize } });
  return res.data;
}

export async function fetchUnreadCount(): Promise<number> {
  const res = await http.get('/messages/unread-count');
  return Number(res.data?.count ?? 0);
}

export async function markMessageRead(id: Message['id']): Promise<void> {
  await http.patch('/messages/{id}/read', undefined, { path: { id: String(id) } });
}

/** Marks every unread message of the signed-in user read; answers how many it marked. */
export async function markAllMessagesRead(): Promise<number> {
  const res = await http.patch('/messages/read-all');
  return Number(res.data?.count ?? 0);
}

/** GET /server/worklists/counts: how many loans stand in each list the user may open. */
export async function fetchWorklistCounts(): Promise<WorklistCount[]> {
  return (await http.get('/worklists/counts')).data ?? [];
}

export type OverdueBucketCounts = OverdueBucketCountsDto;

/** GET /server/statistics/overdue-buckets (overdue_list): loans after guarantee per bucket, as the last close of business found them. */
export async function fetchOverdueBucketCounts(): Promise<OverdueBucketCounts> {
  return (await http.get('/statistics/overdue-buckets')).data;
}
