import { http, type Page } from '@/api/http';
import type { UserRowDto } from '@/api/schema.gen';

export type UserRow = UserRowDto;

export async function fetchUsers(params: { pageNum: number; pageSize: number; username?: string }): Promise<Page<UserRow>> {
  const res = await http.get<Page<UserRow>>('/user/userList', { params });
  return res.data;
}
