import { Avatar, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { filterFormValues, filterParams, usePagedList } from '@/lib/use-paged-list';
import { fetchUsers, type UserRow } from './users-api';

export const userKeys = { list: ['users', 'list'] as const };

/** /user/list: paged users with a user-name search (GET /server/user/userList). */
export default function UserListPage() {
  const { t } = useTranslation();
  const list = usePagedList({
    queryKey: userKeys.list,
    filterKeys: ['username'] as const,
    fetch: (query) => fetchUsers(query as Parameters<typeof fetchUsers>[0]),
  });
  const form = useForm({ mode: 'controlled', initialValues: filterFormValues({ username: '' }, list.filters) });

  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={form.onSubmit((values) => list.search(filterParams(values)))}>
          <Group mb="md">
            <TextInput placeholder={t('users.searchPlaceholder')} leftSection={<IconSearch size={16} />} w={260} {...form.getInputProps('username')} />
            <Button type="submit">{t('common.search')}</Button>
            <Button
              variant="default"
              onClick={() => {
                form.setValues({ username: '' });
                list.reset();
              }}
            >
              {t('common.reset')}
            </Button>
          </Group>
        </form>
        <AppDataTable<UserRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="id"
          {...list.table}
          columns={[
            {
              accessor: 'username',
              title: t('users.columns.username'),
              render: (u) => (
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={u.avatar || null} name={u.nickname || u.username} color="initials" size={28} radius="xl" />
                  <Text size="sm">{u.username}</Text>
                </Group>
              ),
            },
            { accessor: 'nickname', title: t('users.columns.nickname') },
            {
              accessor: 'roles',
              title: t('users.columns.roles'),
              render: (u) => (
                <Group gap={4}>
                  {u.roles.map((role) => (
                    <Badge key={role} variant="light" size="sm">
                      {role}
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
                <Badge color={u.disabled ? 'gray' : 'teal'} variant="dot">
                  {u.disabled ? t('users.disabled') : t('users.enabled')}
                </Badge>
              ),
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
