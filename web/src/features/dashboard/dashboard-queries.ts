import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLang } from '@/i18n/use-lang';
import {
  fetchMessages,
  fetchOverdueBucketCounts,
  fetchUnreadCount,
  fetchWorklistCounts,
  markAllMessagesRead,
  markMessageRead,
  type Message,
} from './dashboard-api';

export const messageKeys = {
  all: ['messages'] as const,
  // System notices come in the request's language: another language is another list.
  list: (pageNum: number, pageSize: number, lang: string) => ['messages', 'list', pageNum, pageSize, lang] as const,
  unreadCount: ['messages', 'unread-count'] as const,
};

export const worklistCountKeys = {
  all: ['worklists', 'counts'] as const,
};

export const overdueCountKeys = {
  all: ['statistics', 'overdue-buckets'] as const,
};

export function useMessages(pageNum: number, pageSize: number) {
  const lang = useLang();
  return useQuery({
    queryKey: messageKeys.list(pageNum, pageSize, lang),
    queryFn: () => fetchMessages(pageNum, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** Polled once a minute; the header badge and the dashboard share it. */
export function useUnreadCount() {
  return useQuery({ queryKey: messageKeys.unreadCount, queryFn: fetchUnreadCount, refetchInterval: 60_000 });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Message['id']) => markMessageRead(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllMessagesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** Refetched each minute and on return to the page, as loans move on. */
export function useWorklistCounts() {
  return useQuery({ queryKey: worklistCountKeys.all, queryFn: fetchWorklistCounts, refetchInterval: 60_000 });
}

/** Loans per overdue bucket (changed by the nightly close of business): read again on return to the page. */
export function useOverdueBucketCounts(enabled: boolean) {
  return useQuery({ queryKey: overdueCountKeys.all, queryFn: fetchOverdueBucketCounts, enabled });
}
