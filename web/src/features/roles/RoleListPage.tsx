import { Button, Card, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import { Can, useCan } from '@/features/permissions/Can';
import { useRoleColumns } from './role-columns';
import { RoleFormModal } from './RoleForm';
import type { RoleRow } from './roles-api';
import { useDeleteRoles, useRoleList } from './roles-queries';

/** /user/role: roles with their permission trees; add, edit, delete the selected ones. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [selected, setSelected] = useState<RoleRow[]>([]);
  const list = useRoleList();
  const deletion = useDeleteRoles();
  const columns = useRoleColumns(setEditing);

  const removeSelected = () => {
    if (selected.length === 0) {
      showErrorToast(t('roles.selectFirst'));
      return;
    }
    modals.openConfirmModal({
      title: t('roles.deleteSelected'),
      centered: true,
      children: <Text size="sm">{t('roles.confirmDelete', { count: selected.length, names: selected.map((r) => r.name).join('、') })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'role-delete-confirm' } as never,
      onConfirm: () =>
        void deletion.mutateAsync(selected.map((r) => r.id)).then(
          () => {
            showSuccessToast(t('roles.deleted', { count: selected.length }));
            setSelected([]);
          },
          () => undefined,
        ),
    });
  };

  return (
    <Stack p="md" data-testid="role-list">
      <Card withBorder radius="md" padding="lg">
        <ListFilterBar
          fields={[{ kind: 'text', key: 'name', label: t('roles.columns.name'), placeholder: t('roles.searchPlaceholder') }]}
          list={list}
          exportLabel={false}
          actions={
            <>
              <Can perms={['sys:role:delete']}>
                <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={removeSelected} data-testid="role-delete-selected">
                  {t('roles.deleteSelected')}
                </Button>
              </Can>
              <Can perms={['sys:role:add']}>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="role-add">
                  {t('roles.add')}
                </Button>
              </Can>
            </>
          }
        />
        <AppDataTable<RoleRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="id"
          customRowAttributes={(r) => ({ 'data-testid': 'role-row', 'data-name': r.name })}
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          {...(can(['sys:role:delete'])
            ? { selectedRecords: selected, onSelectedRecordsChange: setSelected, isRecordSelectable: (r: RoleRow) => !r.builtin }
            : {})}
          columns={columns}
        />
      </Card>
      <RoleFormModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
