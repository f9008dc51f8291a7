import { Button, Card, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import { Can } from '@/features/permissions/Can';
import { useAllRoles } from '@/features/roles/roles-queries';
import { NewPasswordModal } from './NewPasswordModal';
import { useUserColumns } from './user-columns';
import { useUserRowActions } from './user-row-actions';
import { UserForm } from './UserForm';
import type { UserRow } from './users-api';
import { useUserList } from './users-queries';

/** /user/list: users with filters, add, edit, delete, disable/enable and password reset. */
export default function UserListPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [newPassword, setNewPassword] = useState<{ name: string; password: string } | null>(null);
  const roles = useAllRoles();
  const roleName = (code: string) => roles.data?.find((r) => r.code === code)?.name ?? code;
  const list = useUserList();

  const columns = useUserColumns(roleName, useUserRowActions(setEditing, setNewPassword));

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
          columns={columns}
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
          />
        )}
      </Modal>
      <NewPasswordModal shown={newPassword} onClose={() => setNewPassword(null)} />
    </Stack>
  );
}
