import { http, type Page, type PagedQuery } from '@/api/http';
import type { ApiQuery, HistoryEntryDto } from '@/api/schema.gen';

export type HistoryEntry = HistoryEntryDto;
export type HistoryQuery = PagedQuery<ApiQuery<'GET /history'>>;

export async function fetchHistory(params: HistoryQuery): Promise<Page<HistoryEntry>> {
  const res = await http.get('/history', { params: { ...params } });
  return res.data;
}
