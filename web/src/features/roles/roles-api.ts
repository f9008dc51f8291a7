/** Role calls (server/src/roles). */
import { http, type Page, type PagedQuery } from '@/api/http';
import type { ApiQuery, RoleDetailDto, RoleDto, RoleRowDto } from '@/api/schema.gen';

export type RoleRow = RoleRowDto;
export type RoleDetail = RoleDetailDto;
export type RoleQuery = PagedQuery<ApiQuery<'GET /roles'>>;

export async function fetchRoles(params: RoleQuery): Promise<Page<RoleRow>> {
  return (await http.get('/roles', { params: { ...params } })).data;
}

/** Every role, for the user form's chooser (a few dozen at most). */
export async function fetchAllRoles(): Promise<RoleRow[]> {
  return (await fetchRoles({ pageNum: 1, pageSize: 200, sort: 'name', order: 'asc' })).list;
}

export async function fetchRole(roleId: string): Promise<RoleDetail> {
  return (await http.get('/roles/{id}', { path: { id: roleId } })).data;
}

export async function saveRole(roleId: string | null, body: RoleDto): Promise<RoleDetail> {
  const res = roleId ? await http.put('/roles/{id}', body, { path: { id: roleId }, passErrors: true }) : await http.post('/roles', body, { passErrors: true });
  return res.data;
}

export async function deleteRoles(ids: string[]): Promise<void> {
  await http.delete('/roles', { body: { ids } });
}
