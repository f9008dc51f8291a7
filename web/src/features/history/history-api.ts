import { http, type Page } from '@/api/http';

export interface HistoryEntry {
  id: string | number;
  actor: string;
  action: string;
  target: string;
  outcome: string;
  createdAt: string;
}

export async function fetchHistory(pageNum: number, pageSize: number): Promise<Page<HistoryEntry>> {
  const res = await http.get<Page<HistoryEntry>>('/history', { params: { pageNum, pageSize } });
  return res.data;
}
