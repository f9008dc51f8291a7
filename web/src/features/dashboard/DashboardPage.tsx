import { Card, Center, Group, Indicator, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowedRouteList } from '@/navigation/allowed-routes';
import { useSession } from '@/features/auth/session';
import { useLang } from '@/i18n/use-lang';
import { formatBadgeCount } from './badge-count';
import { MessagesCard } from './components/MessagesCard';
import { OverdueBucketsCard } from './components/OverdueBucketsCard';
import { ListCountsCard, TodoCard } from './components/WorklistCards';
import { useUnreadCount, useWorklistCounts } from './dashboard-queries';
import { dashboardModel } from './worklist-counts';

const CJK = /[\u2e80-\u9fff\uf900-\ufaff]/;

/** The name to greet by: the nickname, except a Chinese one in the English page (the user name then). */
function greetingName(user: { nickname?: string | null; username?: string } | null | undefined, lang: string): string {
  const nickname = user?.nickname ?? '';
  if (nickname && !(lang === 'en' && CJK.test(nickname))) return nickname;
  return user?.username ?? nickname;
}

/**
 * /dashboard, where signing in lands: the user's to-dos (lists with loans waiting for an action they
 * may take), the loans per overdue bucket (holders of overdue_list), how many loans stand in each list
 * they may open, and their messages.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const lang = useLang();
  const unread = useUnreadCount();
  const unreadCount = unread.data ?? 0;
  const counts = useWorklistCounts();
  const routes = useAllowedRouteList();
  const paths = useMemo(() => new Map(routes.map((r) => [r.name as string, r.fullPath])), [routes]);
  const model = useMemo(() => (counts.data ? dashboardModel(counts.data, (name) => paths.get(name) ?? null) : undefined), [counts.data, paths]);
  // the overdue worklist's route: there for holders of overdue_list (the card's counts need that key too)
  const overduePath = paths.get('overdueList') ?? null;

  return (
    <Stack gap="md" p="md" data-testid="dashboard-page">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between">
          <Stack gap={4}>
            <Title order={3}>{t('dashboard.greeting', { name: greetingName(user, lang) })}</Title>
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
      {/* The to-dos, the counts and the messages below them come together once the counts are in:
          cards shown early would be pushed down as the to-dos fill in (layout shift, CLS). */}
      {counts.isLoading ? (
        <Card withBorder radius="md" padding="lg" data-testid="dashboard-loading">
          <Center mih={120}>
            <Loader size="sm" />
          </Center>
        </Card>
      ) : (
        <>
          <TodoCard todos={model?.todos} loading={false} />
          <OverdueBucketsCard listPath={overduePath} />
          <ListCountsCard groups={model?.groups} loading={false} />
          <MessagesCard />
        </>
      )}
    </Stack>
  );
}
