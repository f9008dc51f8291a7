import { Avatar, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUsers, type UserRow } from './users-api';

const PAGE_SIZES = [10, 20, 50];

export const userKeys = {
  list: (pageNum: number, pageSize: number, username: string) => ['users', 'list', pageNum, pageSize, username] as const,
};

/** /user/list: paged users with a user-name search (GET /server/user/userList). */
export default function UserListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [draft, setDraft] = useState('');
  const [username, setUsername] = useState('');
  const users = useQuery({
    queryKey: userKeys.list(page, pageSize, username),
    queryFn: () => fetchUsers({ pageNum: page, pageSize, username: username || undefined }),
    placeholderData: keepPreviousData,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setUsername(draft.trim());
  };

  return (
    <Stack p="md">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={search}>
          <Group mb="md">
            <TextInput
              placeholder={t('users.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              w={260}
            />
            <Button type="submit">{t('common.search')}</Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft('');
                setUsername('');
                setPage(1);
              }}
            >
              {t('common.reset')}
            </Button>
          </Group>
        </form>
        <AppDataTable<UserRow>
          minHeight={users.data?.list.length ? undefined : 180}
          fetching={users.isFetching}
          records={users.data?.list ?? []}
          idAccessor="id"
          totalRecords={users.data?.total ?? 0}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
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
