import { Box, Button, Group, Input, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { PERMISSION_TREE } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { inTreeOrder, toggle } from './permission-tree';
import { allMenuKeys, PermissionTreeNode } from './PermissionTreeNode';
import type { RoleRow } from './roles-api';
import { useRoleDetail, useSaveRole } from './roles-queries';

/** The add or edit dialog: `editing` 'new', a role, or null (closed). */
export function RoleFormModal({ editing, onClose }: { editing: RoleRow | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? t('roles.addTitle') : editing ? t('roles.editTitle', { name: editing.name }) : ''}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {editing !== null && <RoleFormLoader key={editing === 'new' ? 'new' : editing.id} role={editing === 'new' ? null : editing} onClose={onClose} />}
    </Modal>
  );
}

/** An existing role's form waits for its permission keys. */
function RoleFormLoader({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const detail = useRoleDetail(role);
  if (role && !detail.data) return <Text size="sm">…</Text>;
  return <RoleForm role={role} permissions={detail.data?.permissions ?? []} onClose={onClose} />;
}

interface RoleFormValues {
  name: string;
  permissions: string[];
}

function RoleForm({ role, permissions, onClose }: { role: RoleRow | null; permissions: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveRole(role?.id ?? null);
  const { form, formError, submitting, onSubmit } = useAppForm<RoleFormValues>({
    initialValues: { name: role?.name ?? '', permissions },
    validate: (values) => {
      const name = values.name.trim();
      return name.length < 1 || name.length > 100 ? { name: t('roles.errors.name') } : {};
    },
    submit: async (values) => {
      await save.mutateAsync({ name: values.name.trim(), permissions: values.permissions });
      showSuccessToast(t('roles.saved'));
      onClose();
    },
  });
  const chosen = new Set(form.getValues().permissions);
  const setChosen = (next: Set<string>) => form.setFieldValue('permissions', inTreeOrder(next));
  const [open, setOpen] = useState<Set<string>>(() => new Set(PERMISSION_TREE.map((n) => n.key)));

  return (
    <form noValidate data-testid="role-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} testId="role-form-error" />
        <TextInput label={t('roles.columns.name')} withAsterisk data-testid="role-name" {...form.getInputProps('name')} />
        <Input.Wrapper label={t('roles.permissionTree')} error={form.errors.permissions}>
          <Group gap="xs" mb={4}>
            <Button size="compact-xs" variant="subtle" onClick={() => setOpen(new Set(allMenuKeys(PERMISSION_TREE)))}>
              {t('roles.expandAll')}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setOpen(new Set())}>
              {t('roles.collapseAll')}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setChosen(PERMISSION_TREE.reduce((acc, n) => toggle(n.key, acc), new Set<string>()))}>
              {t('roles.checkAll')}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setChosen(new Set())}>
              {t('roles.uncheckAll')}
            </Button>
          </Group>
          <ScrollArea.Autosize mah="55vh" type="auto">
            <Box data-testid="permission-tree">
              {PERMISSION_TREE.map((node) => (
                <PermissionTreeNode
                  key={node.key}
                  node={node}
                  depth={0}
                  chosen={chosen}
                  onToggle={(key) => setChosen(toggle(key, chosen))}
                  open={open}
                  setOpen={setOpen}
                />
              ))}
            </Box>
          </ScrollArea.Autosize>
        </Input.Wrapper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="role-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
