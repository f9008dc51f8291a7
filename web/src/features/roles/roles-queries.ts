import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoleDto } from '@/api/schema.gen';
import { usePagedList } from '@/lib/use-paged-list';
import { deleteRoles, fetchAllRoles, fetchRole, fetchRoles, saveRole, type RoleQuery, type RoleRow } from './roles-api';

export const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
  detail: (roleId: string | undefined) => ['roles', 'detail', roleId] as const,
  /** Every role, for the user list's filter and form. */
  options: ['roles', 'all'] as const,
};

const FILTER_KEYS = ['name'] as const;

export function useRoleList() {
  return usePagedList({
    queryKey: roleKeys.list,
    filterKeys: FILTER_KEYS,
    // newest first: a role just added is on the first page, the built-in ones after
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['name', 'createdAt', 'userCount'],
    fetch: (query) => fetchRoles(query as RoleQuery),
  });
}

/** An existing role's permission keys (not kept once its form closes); nothing for a new role. */
export function useRoleDetail(role: RoleRow | null) {
  return useQuery({ queryKey: roleKeys.detail(role?.id), queryFn: () => fetchRole(role!.id), enabled: role !== null, gcTime: 0 });
}

export function useAllRoles() {
  return useQuery({ queryKey: roleKeys.options, queryFn: fetchAllRoles });
}

/** After a change every role query is fetched again, without waiting for it. */
function useRefreshRoles() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: roleKeys.all });
}

export function useSaveRole(roleId: string | null) {
  const refresh = useRefreshRoles();
  return useMutation({ mutationFn: (body: RoleDto) => saveRole(roleId, body), onSuccess: refresh });
}

export function useDeleteRoles() {
  const refresh = useRefreshRoles();
  return useMutation({ mutationFn: deleteRoles, onSuccess: refresh });
}
