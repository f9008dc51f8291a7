import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserDto } from '@/api/schema.gen';
import { usePagedList } from '@/lib/use-paged-list';
import { createUser, deleteUser, fetchUsers, resetUserPassword, setUserDisabled, updateUser, type NewUser, type UserQuery } from './users-api';

export const userKeys = { all: ['users'] as const, list: ['users', 'list'] as const };

const FILTER_KEYS = ['username', 'phone', 'status', 'roleId'] as const;

export function useUserList() {
  return usePagedList({
    queryKey: userKeys.list,
    filterKeys: FILTER_KEYS,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['username', 'nickname', 'createdAt'],
    fetch: (query) => fetchUsers(query as UserQuery),
  });
}

/** After a change the user list is fetched again, without waiting for it. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: userKeys.all });
}

/** Adds a user (`userId` null) or saves one; failures come back to the form. */
export function useSaveUser(userId: string | null) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: async (user: NewUser | UpdateUserDto) => {
      if (userId === null) await createUser(user as NewUser);
      else await updateUser(userId, user);
    },
    onSuccess: refresh,
  });
}

export function useSetUserDisabled() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) => setUserDisabled(id, disabled), onSuccess: refresh });
}

export function useDeleteUser() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: deleteUser, onSuccess: refresh });
}

/** The new password is in the answer, shown once; nothing to reload. */
export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
