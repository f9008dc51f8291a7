import type { Page } from '@/api/http';
import { useLang } from '@/i18n/use-lang';
import { usePagedList, type PagedListOptions } from '@/lib/use-paged-list';
import { fetchHistory, type HistoryEntry, type HistoryQuery } from './history-api';

export const historyKeys = {
  all: ['history'] as const,
  // The server words each action in the request's language: another language is another list.
  list: (lang: string) => ['history', 'list', lang] as const,
};

/** The history log, one page at a time (filters, sort and page in the URL). */
export function useHistoryList<K extends string>(spec: Omit<PagedListOptions<K, Page<HistoryEntry>>, 'queryKey' | 'fetch'>) {
  const lang = useLang();
  return usePagedList({ ...spec, queryKey: historyKeys.list(lang), fetch: (query) => fetchHistory(query as HistoryQuery) });
}
