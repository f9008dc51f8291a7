import { Button, Menu } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronDown, IconDots } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MenuGroup } from '@/navigation/route-filter';
import { GROUP_ICONS } from './group-icons';
import classes from './Shell.module.css';

interface TopMenuProps {
  menu: MenuGroup[];
  activeTop: string;
  activeMenuPath: string | null;
  onSelectGroup: (key: string) => void;
}

const GAP = 2;

/** How many entries fit in `available` px, leaving room for "More" when some do not. */
export function countFitting(widths: readonly number[], moreWidth: number, available: number, gap = GAP): number {
  let used = 0;
  let count = 0;
  for (const width of widths) {
    const needed = width + (count > 0 ? gap : 0);
    if (used + needed > available) break;
    used += needed;
    count += 1;
  }
  if (count === widths.length) return count;
  while (count > 0 && used + gap + moreWidth > available) {
    count -= 1;
    used -= widths[count] + (count > 0 ? gap : 0);
  }
  return count;
}

/**
 * The top menu: one entry per group (spec "top menu", remembered as activeTop). Clicking a group
 * opens its first page; hovering lists its pages. Entries that do not fit go under "More"; an
 * invisible copy of the row measures them, so a language switch re-measures on its own.
 */
export function TopMenu({ menu, activeTop, activeMenuPath, onSelectGroup }: TopMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ref: containerRef, width } = useElementSize<HTMLElement>();
  const measureRef = useRef<HTMLDivElement>(null);
  const [visibleCount, setVisibleCount] = useState(menu.length);

  useLayoutEffect(() => {
    const row = measureRef.current;
    if (!row || width === 0) return;
    const widths = [...row.children].map((child) => child.getBoundingClientRect().width);
    const moreWidth = widths.pop() ?? 0;
    setVisibleCount(countFitting(widths, moreWidth, width));
  });

  const open = (group: MenuGroup, path?: string) => {
    onSelectGroup(group.key);
    const target = path ?? (group.items.some((i) => i.fullPath === activeMenuPath) ? null : group.items[0]?.fullPath);
    if (target) void navigate(target);
  };

  const entry = (group: MenuGroup, measuring: boolean): ReactNode => {
    const Icon = GROUP_ICONS[group.key];
    const active = group.key === activeTop;
    return (
      <Button
        key={group.key}
        className={classes.topItem}
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        size="sm"
        px={10}
        leftSection={Icon && active ? <Icon size={16} /> : undefined}
        rightSection={group.items.length > 1 ? <IconChevronDown size={12} /> : undefined}
        tabIndex={measuring ? -1 : undefined}
        onClick={measuring ? undefined : () => open(group)}
        data-testid={measuring ? undefined : `top-menu-${group.key}`}
        data-active={active || undefined}
      >
        {/* A one-page group is named after its page (the first entry reads "Dashboard"). */}
        {group.items.length === 1 ? t(`routes.pages.${group.items[0].name}`) : t(`routes.groups.${group.key}`)}
      </Button>
    );
  };

  // "More" is lit when the active group is folded under it.
  const moreButton = (measuring: boolean, active = false) => (
    <Button
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'gray'}
      size="sm"
      px={10}
      className={classes.topItem}
      leftSection={<IconDots size={16} />}
      tabIndex={measuring ? -1 : undefined}
      data-testid={measuring ? undefined : 'top-menu-more'}
    >
      {t('shell.more')}
    </Button>
  );

  const shown = menu.slice(0, visibleCount);
  const hidden = menu.slice(visibleCount);

  return (
    <nav ref={containerRef} className={classes.topMenu} aria-label={t('shell.mainMenu')}>
      <div ref={measureRef} className={classes.topMeasure} aria-hidden>
        {menu.map((group) => entry(group, true))}
        {moreButton(true)}
      </div>
      <div className={classes.topRow}>
        {shown.map((group) =>
          group.items.length <= 1 ? (
            entry(group, false)
          ) : (
            <Menu key={group.key} trigger="hover" openDelay={120} closeDelay={150} position="bottom-start" shadow="md" withinPortal>
              <Menu.Target>{entry(group, false)}</Menu.Target>
              <Menu.Dropdown>
                {group.items.map((item) => (
                  <Menu.Item key={item.fullPath} onClick={() => open(group, item.fullPath)} color={item.fullPath === activeMenuPath ? 'blue' : undefined}>
                    {t(`routes.pages.${item.name}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ),
        )}
        {hidden.length > 0 && (
          <Menu position="bottom-end" shadow="md" withinPortal>
            <Menu.Target>
              {moreButton(
                false,
                hidden.some((group) => group.key === activeTop),
              )}
            </Menu.Target>
            <Menu.Dropdown>
              {hidden.map((group) => (
                <div key={group.key}>
                  <Menu.Label>{t(`routes.groups.${group.key}`)}</Menu.Label>
                  {group.items.map((item) => (
                    <Menu.Item key={item.fullPath} onClick={() => open(group, item.fullPath)}>
                      {t(`routes.pages.${item.name}`)}
                    </Menu.Item>
                  ))}
                </div>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </div>
    </nav>
  );
}
