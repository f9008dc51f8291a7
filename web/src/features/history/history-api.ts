import { http, type Page } from '@/api/http';
import type { HistoryEntryDto } from '@/api/schema.gen';

export type HistoryEntry = HistoryEntryDto;

export async function fetchHistory(pageNum: number, pageSize: number): Promise<Page<HistoryEntry>> {
  const res = await http.get<Page<HistoryEntry>>('/history', { params: { pageNum, pageSize } });
  return res.data;
}
