/** The dashboard's calls: the signed-in user's messages and the worklist counts. */
import { http, type Page } from '@/api/http';
import type { MessageDto, WorklistCountDto } from '@/api/schema.gen';

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
