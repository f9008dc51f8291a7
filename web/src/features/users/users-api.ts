import { http, type Page } from '@/api/http';

export interface UserRow {
  id: string | number;
  username: string;
  nickname?: string | null;
  avatar?: string | null;
  disabled: boolean;
  roles: string[];
}

export async function fetchUsers(params: { pageNum: number; pageSize: number; username?: string }): Promise<Page<UserRow>> {
  const res = await http.get<Page<UserRow>>('/user/userList', { params });
  return res.data;
}
