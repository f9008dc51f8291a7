import { Card, Group, Indicator, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowedRouteList } from '@/app/routes/allowed-routes';
import { useSession } from '@/features/auth/session';
import { formatBadgeCount } from './badge-count';
import { MessagesCard } from './components/MessagesCard';
import { ListCountsCard, TodoCard } from './components/WorklistCards';
import { useUnreadCount } from './messages-queries';
import { dashboardModel, useWorklistCounts } from './worklist-counts';

/**
 * /dashboard, where signing in lands: the user's to-dos (lists with loans waiting for an action they
 * may take), how many loans stand in each list they may open, and their messages.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const unread = useUnreadCount();
  const unreadCount = unread.data ?? 0;
  const counts = useWorklistCounts();
  const routes = useAllowedRouteList();
  const model = useMemo(() => {
    if (!counts.data) return undefined;
    const paths = new Map(routes.map((r) => [r.name as string, r.fullPath]));
    return dashboardModel(counts.data, (name) => paths.get(name) ?? null);
  }, [counts.data, routes]);

  return (
    <Stack gap="md" p="md" data-testid="dashboard-page">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between">
          <Stack gap={4}>
            <Title order={3}>{t('dashboard.greeting', { name: user?.nickname || user?.username || '' })}</Title>
            <Text c="dimmed" size="sm">
              {t('common.brand')}
            </Text>
          </Stack>
          <Group gap="sm">
            <Indicator label={formatBadgeCount(unreadCount)} size={18} disabled={unreadCount === 0} color="red" offset={4}>
              <ThemeIcon size={44} radius="md" variant="light">
                <IconBell size={24} />
              </ThemeIcon>
            </Indicator>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('dashboard.unreadCount')}
              </Text>
              <Text fw={700} size="xl" data-testid="unread-count">
                {formatBadgeCount(unreadCount)}
              </Text>
            </Stack>
          </Group>
        </Group>
      </Card>
      <TodoCard todos={model?.todos} loading={counts.isLoading} />
      <ListCountsCard groups={model?.groups} loading={counts.isLoading} />
      <MessagesCard />
    </Stack>
  );
}
