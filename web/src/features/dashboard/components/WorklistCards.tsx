import { Anchor, Badge, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCount, type DashboardEntry, type DashboardModel } from '../worklist-counts';

/** The lists with loans waiting for the user: each a link to its list with how many wait there. */
export function TodoCard({ todos, loading }: { todos: DashboardEntry[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="dashboard-todos">
      <Group gap="xs" mb="md">
        <IconChecklist size={20} />
        <Title order={4}>{t('dashboard.todos.title')}</Title>
      </Group>
      {!todos ? (
        <Center py="md">{loading ? <Loader size="sm" /> : <Text c="dimmed">{t('dashboard.counts.failed')}</Text>}</Center>
      ) : todos.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="dashboard-todos-empty">
          {t('dashboard.todos.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {todos.map((entry) => (
            <UnstyledButton
              key={entry.name}
              component={Link}
              to={entry.path}
              data-testid="dashboard-todo"
              data-list={entry.name}
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
                padding: 'var(--mantine-spacing-sm)',
              }}
            >
              <Text size="sm" c="dimmed">
                {t(`routes.pages.${entry.name}`)}
              </Text>
              <Group gap={6} align="baseline">
                <Text fw={700} size="xl" c="blue" data-testid="dashboard-todo-count">
                  {formatCount(entry.todo ?? 0, entry.todoCapped, entry.todoEstimated)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('dashboard.todos.waiting', { total: formatCount(entry.total, entry.totalCapped, entry.totalEstimated) })}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}

/** How many loans stand in each list the user may open, by menu group; each name opens its list. */
export function ListCountsCard({ groups, loading }: { groups: DashboardModel['groups'] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (groups && groups.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="dashboard-counts">
      <Title order={4} mb="md">
        {t('dashboard.counts.title')}
      </Title>
      {!groups ? (
        <Center py="md">{loading ? <Loader size="sm" /> : <Text c="dimmed">{t('dashboard.counts.failed')}</Text>}</Center>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="lg">
          {groups.map(({ group, entries }) => (
            <Stack key={group} gap={6}>
              <Text fw={600} size="sm">
                {t(`routes.groups.${group}`)}
              </Text>
              {entries.map((entry) => (
                <Group key={entry.name} justify="space-between" wrap="nowrap" gap="xs" data-testid="dashboard-count" data-list={entry.name}>
                  <Anchor component={Link} to={entry.path} size="sm" lineClamp={1}>
                    {t(`routes.pages.${entry.name}`)}
                  </Anchor>
                  <Badge variant={entry.total > 0 ? 'light' : 'outline'} color={entry.total > 0 ? 'blue' : 'gray'} data-testid="dashboard-count-total">
                    {formatCount(entry.total, entry.totalCapped, entry.totalEstimated)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
