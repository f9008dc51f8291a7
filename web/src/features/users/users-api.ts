import { http, type Page, type PagedQuery } from '@/api/http';
import type { ApiQuery, UserRowDto } from '@/api/schema.gen';

export type UserRow = UserRowDto;

export async function fetchUsers(params: PagedQuery<ApiQuery<'GET /user/userList'>>): Promise<Page<UserRow>> {
  const res = await http.get<Page<UserRow>>('/user/userList', { params });
  return res.data;
}
