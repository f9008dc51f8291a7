import { ActionIcon, Badge, Box, Button, Card, Checkbox, Collapse, Group, Input, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { PERMISSION_TREE, type PermissionNode } from '@app/workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import { Can, useCan } from '@/features/permissions/Can';
import { useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { usePagedList } from '@/lib/use-paged-list';
import { checkState, inTreeOrder, toggle } from './permission-tree';
import { deleteRoles, fetchRole, fetchRoles, saveRole, type RoleRow } from './roles-api';

const FILTER_KEYS = ['name'] as const;
type RoleQuery = Parameters<typeof fetchRoles>[0];

/** /user/role: roles with their permission trees; add, edit, delete the selected ones. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [selected, setSelected] = useState<RoleRow[]>([]);
  const list = usePagedList({
    queryKey: ['roles', 'list'],
    filterKeys: FILTER_KEYS,
    // newest first: a role just added is on the first page, the built-in ones after
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['name', 'createdAt', 'userCount'],
    fetch: (query) => fetchRoles(query as RoleQuery),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['roles'] });

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
        void deleteRoles(selected.map((r) => r.id)).then(
          () => {
            showSuccessToast(t('roles.deleted', { count: selected.length }));
            setSelected([]);
            refresh();
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
          columns={[
            { accessor: 'name', title: t('roles.columns.name'), sortable: true },
            { accessor: 'code', title: t('roles.columns.code') },
            {
              accessor: 'builtin',
              title: t('roles.columns.builtin'),
              width: 100,
              render: (r) => (
                <Badge variant="light" color={r.builtin ? 'gray' : 'blue'}>
                  {r.builtin ? t('roles.builtin') : t('roles.custom')}
                </Badge>
              ),
            },
            { accessor: 'userCount', title: t('roles.columns.users'), sortable: true, textAlign: 'right', width: 90 },
            { accessor: 'permissionCount', title: t('roles.columns.permissions'), textAlign: 'right', width: 90 },
            { accessor: 'createdAt', title: t('roles.columns.createdAt'), sortable: true, width: 150, render: (r) => formatTime(r.createdAt) },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 100,
              render: (r) =>
                can(['sys:role:edit']) && (
                  <Button size="compact-xs" variant="subtle" onClick={() => setEditing(r)} data-testid="role-edit">
                    {t('roles.edit')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('roles.addTitle') : editing ? t('roles.editTitle', { name: editing.name }) : ''}
        size="lg"
        centered
        closeOnClickOutside={false}
      >
        {editing !== null && (
          <RoleFormLoader
            key={editing === 'new' ? 'new' : editing.id}
            role={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={refresh}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** An existing role's form waits for its permission keys. */
function RoleFormLoader({ role, onClose, onSaved }: { role: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const detail = useQuery({ queryKey: ['roles', 'detail', role?.id], queryFn: () => fetchRole(role!.id), enabled: role !== null, gcTime: 0 });
  if (role && !detail.data) return <Text size="sm">…</Text>;
  return <RoleForm role={role} permissions={detail.data?.permissions ?? []} onClose={onClose} onSaved={onSaved} />;
}

interface RoleFormValues {
  name: string;
  permissions: string[];
}

function RoleForm({ role, permissions, onClose, onSaved }: { role: RoleRow | null; permissions: string[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { form, formError, submitting, onSubmit } = useAppForm<RoleFormValues>({
    initialValues: { name: role?.name ?? '', permissions },
    validate: (values) => {
      const name = values.name.trim();
      return name.length < 1 || name.length > 100 ? { name: t('roles.errors.name') } : {};
    },
    submit: async (values) => {
      await saveRole(role?.id ?? null, { name: values.name.trim(), permissions: values.permissions });
      showSuccessToast(t('roles.saved'));
      onSaved();
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
                <TreeNode
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

function allMenuKeys(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...allMenuKeys(n.children)] : []));
}

interface TreeNodeProps {
  node: PermissionNode;
  depth: number;
  chosen: ReadonlySet<string>;
  onToggle: (key: string) => void;
  open: ReadonlySet<string>;
  setOpen: (next: Set<string>) => void;
}

/** A menu entry with its children beneath (collapsible), or an action code as a leaf. */
function TreeNode({ node, depth, chosen, onToggle, open, setOpen }: TreeNodeProps) {
  const lang = useLang();
  const state = checkState(node.key, chosen);
  const children = node.children ?? [];
  const expanded = open.has(node.key);
  const actions = children.filter((c) => c.kind === 'action' && !c.children?.length);
  const menus = children.filter((c) => !actions.includes(c));
  return (
    <Box pl={depth === 0 ? 0 : 22}>
      <Group gap={4} wrap="nowrap" py={2}>
        {children.length ? (
          <ActionIcon
            size="xs"
            variant="subtle"
            color="gray"
            aria-label={node.key}
            onClick={() => {
              const next = new Set(open);
              if (expanded) next.delete(node.key);
              else next.add(node.key);
              setOpen(next);
            }}
          >
            {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={18} />
        )}
        <Checkbox
          size="xs"
          label={lang === 'en' ? node.en : node.zh}
          checked={state === 'checked'}
          indeterminate={state === 'partial'}
          onChange={() => onToggle(node.key)}
          data-testid="permission-node"
          data-key={node.key}
        />
      </Group>
      {children.length > 0 && (
        <Collapse expanded={expanded}>
          {actions.length > 0 && (
            <Group gap="md" pl={44} py={2}>
              {actions.map((a) => (
                <Checkbox
                  key={a.key}
                  size="xs"
                  label={lang === 'en' ? a.en : a.zh}
                  checked={chosen.has(a.key)}
                  onChange={() => onToggle(a.key)}
                  data-testid="permission-node"
                  data-key={a.key}
                />
              ))}
            </Group>
          )}
          {menus.map((child) => (
            <TreeNode key={child.key} node={child} depth={depth + 1} chosen={chosen} onToggle={onToggle} open={open} setOpen={setOpen} />
          ))}
        </Collapse>
      )}
    </Box>
  );
}
