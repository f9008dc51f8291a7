import { http, type Page, type PagedQuery } from '@/api/http';
import type { AddConfereesDto, ApiQuery, ConfereeRowDto, ManageConfereeDto, PersonDto } from '@/api/schema.gen';

export type ConfereeRow = ConfereeRowDto;

export type ConfereeListParams = PagedQuery<ApiQuery<'GET /conferees'>>;

export async function fetchConferees(params: ConfereeListParams): Promise<Page<ConfereeRow>> {
  return (await http.get('/conferees', { params: { ...params } })).data;
}

export async function fetchAddableUsers(keyword: string): Promise<PersonDto[]> {
  return (await http.get('/conferees/users', { params: { keyword: keyword || undefined } })).data;
}

export async function addConferees(body: AddConfereesDto): Promise<void> {
  await http.post('/conferees', body, { passErrors: true });
}

export async function manageConferee(userId: string, body: ManageConfereeDto): Promise<void> {
  await http.patch('/conferees/{userId}', body, { path: { userId }, passErrors: true });
}

export async function removeConferee(userId: string): Promise<void> {
  await http.delete('/conferees/{userId}', { path: { userId } });
}
