import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DASHBOARD_PATH } from '@/navigation/paths';
import { formatBadgeCount } from '@/features/dashboard/badge-count';
import { useUnreadCount } from '@/features/dashboard/dashboard-queries';

/** Unread-message badge in the header; the messages themselves are on the dashboard. */
export function MessagesBell() {
  const { t } = useTranslation();
  const count = useUnreadCount().data ?? 0;
  return (
    <Indicator label={formatBadgeCount(count)} size={16} disabled={count === 0} color="red" offset={6} data-testid="unread-badge">
      <ActionIcon
        component={Link}
        to={DASHBOARD_PATH}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={count > 0 ? t('shell.unreadMessages', { count }) : t('shell.messages')}
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
