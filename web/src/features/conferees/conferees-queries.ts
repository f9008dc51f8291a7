import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/api/http';
import type { AddConfereesDto, ManageConfereeDto } from '@/api/schema.gen';
import { usePagedList, type PagedListOptions } from '@/lib/use-paged-list';
import { addConferees, fetchAddableUsers, fetchConferees, manageConferee, removeConferee, type ConfereeListParams, type ConfereeRow } from './conferees-api';

export const confereeKeys = {
  all: ['conferees'] as const,
  list: ['conferees', 'list'] as const,
  users: (search: string) => ['conferees', 'users', search] as const,
};

/** The attendee pool, one page at a time (filters, sort and page in the URL). */
export function useConfereeList<K extends string>(spec: Omit<PagedListOptions<K, Page<ConfereeRow>>, 'queryKey' | 'fetch'>) {
  return usePagedList({ ...spec, queryKey: confereeKeys.list, fetch: (query) => fetchConferees(query as ConfereeListParams) });
}

/** The users who may be added, found by name as the search is typed. */
export function useAddableUsers(search: string) {
  return useQuery({ queryKey: confereeKeys.users(search), queryFn: () => fetchAddableUsers(search), placeholderData: keepPreviousData });
}

/** Every change reloads the pool (the list and the addable users). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: confereeKeys.all });
}

/** Failures come back to the form without a toast. */
export function useAddConferees() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: AddConfereesDto) => addConferees(body), onSuccess: refresh });
}

export function useManageConferee(userId: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: ManageConfereeDto) => manageConferee(userId, body), onSuccess: refresh });
}

export function useRemoveConferee() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (row: ConfereeRow) => removeConferee(row.userId), onSuccess: refresh });
}
