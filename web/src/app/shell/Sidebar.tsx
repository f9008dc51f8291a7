import { Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MenuGroup } from '@/navigation/route-filter';
import { GROUP_ICONS } from './group-icons';
import classes from './Shell.module.css';

/** The pages of the active top-menu group; the entry of the open page (or its activeMenu) is lit. */
export function Sidebar({ group, activeMenuPath }: { group: MenuGroup | undefined; activeMenuPath: string | null }) {
  const { t } = useTranslation();
  if (!group) return null;
  const Icon = GROUP_ICONS[group.key];
  return (
    <ScrollArea className={classes.navbar} type="scroll">
      <nav aria-label={t('shell.sideMenu')} data-testid="sidebar">
        <Group gap={6} className={classes.navTitle} wrap="nowrap">
          {Icon && <Icon size={16} color="var(--mantine-color-dimmed)" />}
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t(`routes.groups.${group.key}`)}
          </Text>
        </Group>
        {group.items.map((item) => (
          <NavLink
            key={item.fullPath}
            component={Link}
            to={item.fullPath}
            label={t(`routes.pages.${item.name}`)}
            leftSection={<IconPoint size={14} />}
            active={item.fullPath === activeMenuPath}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        ))}
      </nav>
    </ScrollArea>
  );
}
