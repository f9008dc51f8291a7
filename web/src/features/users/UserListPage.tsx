import { Avatar, Badge, Button, Card, Code, CopyButton, Group, Modal, MultiSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import { Can, useCan } from '@/features/permissions/Can';
import { fetchAllRoles, type RoleRow } from '@/features/roles/roles-api';
import { formatTime } from '@/lib/format';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { usePagedList } from '@/lib/use-paged-list';
import { toNewUser, toUpdateUserDto, userFormErrors, type UserFormValues } from './user-form';
import { createUser, deleteUser, fetchUsers, resetUserPassword, setUserDisabled, updateUser, type UserRow } from './users-api';

export const userKeys = { list: ['users', 'list'] as const };
const FILTER_KEYS = ['username', 'phone', 'status', 'roleId'] as const;
type UserQuery = Parameters<typeof fetchUsers>[0];

/** /user/list: users with filters, add, edit, delete, disable/enable and password reset. */
export default function UserListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [newPassword, setNewPassword] = useState<{ name: string; password: string } | null>(null);
  const roles = useQuery({ queryKey: ['roles', 'all'], queryFn: fetchAllRoles });
  const roleName = (code: string) => roles.data?.find((r) => r.code === code)?.name ?? code;
  const list = usePagedList({
    queryKey: userKeys.list,
    filterKeys: FILTER_KEYS,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['username', 'nickname', 'createdAt'],
    fetch: (query) => fetchUsers(query as UserQuery),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['users'] });

  const confirm = (title: string, message: string, testId: string, action: () => Promise<unknown>, done: () => void, danger = true) =>
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: danger ? 'red' : undefined, 'data-testid': testId } as never,
      onConfirm: () => void action().then(done, () => undefined),
    });

  const toggleDisabled = (u: UserRow) =>
    confirm(
      u.disabled ? t('users.enable') : t('users.disable'),
      t(u.disabled ? 'users.confirmEnable' : 'users.confirmDisable', { name: u.username }),
      'user-disable-confirm',
      () => setUserDisabled(u.id, !u.disabled),
      () => {
        showSuccessToast(u.disabled ? t('users.enabledDone') : t('users.disabledDone'));
        refresh();
      },
      !u.disabled,
    );
  const remove = (u: UserRow) =>
    confirm(
      t('users.delete'),
      t('users.confirmDelete', { name: u.username }),
      'user-delete-confirm',
      () => deleteUser(u.id),
      () => {
        showSuccessToast(t('users.deleted'));
        refresh();
      },
    );
  const reset = (u: UserRow) =>
    modals.openConfirmModal({
      title: t('users.resetPassword'),
      centered: true,
      children: <Text size="sm">{t('users.confirmReset', { name: u.username })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'user-reset-confirm' } as never,
      onConfirm: () =>
        void resetUserPassword(u.id).then(
          (answer) => setNewPassword({ name: u.username, password: answer.password }),
          () => undefined,
        ),
    });

  return (
    <Stack p="md" data-testid="user-list">
      <Card withBorder radius="md" padding="lg">
        <ListFilterBar
          fields={[
            { kind: 'text', key: 'username', label: t('users.columns.username'), placeholder: t('users.searchPlaceholder'), width: 240 },
            { kind: 'text', key: 'phone', label: t('users.columns.phone'), placeholder: t('users.phonePlaceholder'), width: 160 },
            {
              kind: 'select',
              key: 'status',
              label: t('users.columns.status'),
              placeholder: t('users.allStatuses'),
              data: [
                { value: 'enabled', label: t('users.enabled') },
                { value: 'disabled', label: t('users.disabled') },
              ],
            },
            {
              kind: 'select',
              key: 'roleId',
              label: t('users.columns.roles'),
              placeholder: t('users.allRoles'),
              data: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
              width: 200,
            },
          ]}
          list={list}
          exportLabel={false}
          actions={
            <Can perms={['sys:user:add']}>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="user-add">
                {t('users.add')}
              </Button>
            </Can>
          }
        />
        <AppDataTable<UserRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="id"
          customRowAttributes={(u) => ({ 'data-testid': 'user-row', 'data-name': u.username })}
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          columns={[
            {
              accessor: 'username',
              title: t('users.columns.username'),
              sortable: true,
              render: (u) => (
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={u.avatar || null} name={u.nickname || u.username} color="initials" size={28} radius="xl" />
                  <Text size="sm">{u.username}</Text>
                </Group>
              ),
            },
            { accessor: 'nickname', title: t('users.columns.nickname'), sortable: true },
            { accessor: 'phone', title: t('users.columns.phone') },
            { accessor: 'email', title: t('users.columns.email') },
            {
              accessor: 'roles',
              title: t('users.columns.roles'),
              render: (u) => (
                <Group gap={4}>
                  {u.roles.map((role) => (
                    <Badge key={role} variant="light" size="sm">
                      {roleName(role)}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            {
              accessor: 'disabled',
              title: t('users.columns.status'),
              width: 110,
              render: (u) => (
                <Badge color={u.disabled ? 'gray' : 'teal'} variant="dot" data-testid="user-status">
                  {u.disabled ? t('users.disabled') : t('users.enabled')}
                </Badge>
              ),
            },
            { accessor: 'createdAt', title: t('users.columns.createdAt'), sortable: true, width: 150, render: (u) => formatTime(u.createdAt) },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 260,
              render: (u) => (
                <Group gap={4} wrap="nowrap">
                  {can(['sys:user:edit']) && (
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing(u)} data-testid="user-edit">
                      {t('users.edit')}
                    </Button>
                  )}
                  {can(['sys:user:disable']) && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={u.disabled ? 'teal' : 'orange'}
                      onClick={() => toggleDisabled(u)}
                      data-testid="user-toggle"
                    >
                      {u.disabled ? t('users.enable') : t('users.disable')}
                    </Button>
                  )}
                  {can(['sys:user:reset-password']) && (
                    <Button size="compact-xs" variant="subtle" onClick={() => reset(u)} data-testid="user-reset">
                      {t('users.resetPassword')}
                    </Button>
                  )}
                  {can(['sys:user:delete']) && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(u)} data-testid="user-delete">
                      {t('users.delete')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('users.addTitle') : editing ? t('users.editTitle', { name: editing.username }) : ''}
        centered
        closeOnClickOutside={false}
      >
        {editing !== null && (
          <UserForm
            key={editing === 'new' ? 'new' : editing.id}
            user={editing === 'new' ? null : editing}
            roles={roles.data ?? []}
            onClose={() => setEditing(null)}
            onSaved={refresh}
          />
        )}
      </Modal>
      <Modal opened={newPassword !== null} onClose={() => setNewPassword(null)} title={t('users.newPasswordTitle')} centered closeOnClickOutside={false}>
        {newPassword && (
          <Stack gap="sm" data-testid="new-password">
            <Text size="sm">{t('users.newPasswordShownOnce', { name: newPassword.name })}</Text>
            <Code fz="lg" data-testid="new-password-value">
              {newPassword.password}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={newPassword.password}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? t('users.copied') : t('users.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setNewPassword(null)} data-testid="new-password-close">
                {t('common.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function UserForm({ user, roles, onClose, onSaved }: { user: UserRow | null; roles: RoleRow[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const adding = user === null;
  const { form, formError, submitting, onSubmit } = useAppForm<UserFormValues>({
    initialValues: {
      username: user?.username ?? '',
      nickname: user?.nickname ?? '',
      password: '',
      confirmPassword: '',
      phone: user?.phone ?? '',
      email: user?.email ?? '',
      roleIds: user?.roleIds ?? [],
    },
    validate: (values) => Object.fromEntries(Object.entries(userFormErrors(values, adding)).map(([field, key]) => [field, t(`users.errors.${key}`)])),
    submit: async (values) => {
      if (adding) await createUser(toNewUser(values));
      else await updateUser(user.id, toUpdateUserDto(values));
      showSuccessToast(t('users.saved'));
      onSaved();
      onClose();
    },
  });
  return (
    <form noValidate data-testid="user-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} testId="user-form-error" />
        <TextInput label={t('users.columns.username')} withAsterisk disabled={!adding} data-testid="user-username" {...form.getInputProps('username')} />
        <TextInput label={t('users.columns.nickname')} withAsterisk data-testid="user-nickname" {...form.getInputProps('nickname')} />
        {adding && (
          <>
            <PasswordInput
              label={t('users.password')}
              withAsterisk
              autoComplete="new-password"
              description={t('users.passwordRule')}
              data-testid="user-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('users.confirmPassword')}
              withAsterisk
              autoComplete="new-password"
              data-testid="user-confirm-password"
              {...form.getInputProps('confirmPassword')}
            />
          </>
        )}
        <TextInput label={t('users.columns.phone')} data-testid="user-phone" {...form.getInputProps('phone')} />
        <TextInput label={t('users.columns.email')} data-testid="user-email" {...form.getInputProps('email')} />
        <MultiSelect
          label={t('users.columns.roles')}
          withAsterisk
          searchable
          data={roles.map((r) => ({ value: r.id, label: r.name }))}
          comboboxProps={{ withinPortal: false }}
          data-testid="user-roles"
          {...form.getInputProps('roleIds')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="user-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
