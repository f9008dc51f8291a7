import { http, type Page } from '@/api/http';
import type { MessageDto, MessagesReadAllDto, UnreadCountDto } from '@/api/schema.gen';

export type Message = MessageDto;

export async function fetchMessages(pageNum: number, pageSize: number): Promise<Page<Message>> {
  const res = await http.get<Page<Message>>('/messages', { params: { pageNum, pageSize } });
  return res.data;
}

export async function fetchUnreadCount(): Promise<number> {
  const res = await http.get<UnreadCountDto>('/messages/unread-count');
  return Number(res.data?.count ?? 0);
}

export async function markMessageRead(id: Message['id']): Promise<void> {
  await http.patch<unknown>(`/messages/${encodeURIComponent(String(id))}/read`);
}

/** Marks every unread message of the signed-in user read; answers how many it marked. */
export async function markAllMessagesRead(): Promise<number> {
  const res = await http.patch<MessagesReadAllDto>('/messages/read-all');
  return Number(res.data?.count ?? 0);
}
