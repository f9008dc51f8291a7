import { AppShell, Burger, Group, Text, Tooltip } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '@/ui/Logo';
import { AllowedRoutesContext } from '@/navigation/allowed-routes';
import { findRoute, menuPathOf } from '@/navigation/route-filter';
import { DASHBOARD_PATH, HOME_PATH, NOT_FOUND_PATH } from '@/navigation/paths';
import { useAllowedRoutes } from '@/app/routes/use-routes-access';
import { useActiveTop, useSidebar } from '@/app/settings';
import { LanguageSwitch } from '@/features/language/LanguageSwitch';
import { UserMenu } from '@/features/profile/UserMenu';
import { KeepAlivePanes } from '@/features/tags/KeepAlivePanes';
import { TagsBar } from '@/features/tags/TagsBar';
import { TagsProvider } from '@/features/tags/TagsProvider';
import { MessagesBell } from './MessagesBell';
import classes from './Shell.module.css';
import { Sidebar } from './Sidebar';
import { TopMenu } from './TopMenu';
import { companyTimeZone } from '@/lib/format';

export const SIDEBAR_WIDTH = 220;
export const HEADER_HEIGHT = 56;

/**
 * The signed-in frame: header (brand, top menu, language, messages, user), collapsible sidebar with
 * the active group's pages, tag views, and the open pages kept alive below them.
 */
export default function Shell() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { routes, menu } = useAllowedRoutes();
  const sidebar = useSidebar();
  const [activeTop, setActiveTop] = useActiveTop();

  const isHome = location.pathname === HOME_PATH;
  const match = isHome ? null : findRoute(routes, location.pathname);
  const route = match?.route ?? null;
  const activeMenuPath = route ? menuPathOf(route) : null;
  const routeGroupKey = route
    ? (menu.find((g) => g.items.some((i) => i.fullPath === activeMenuPath))?.key ?? (route.group.hidden ? null : route.group.key))
    : null;

  // Spec: an unmatched route goes back to the previous (matched) route if any, otherwise to /404.
  const lastMatched = useRef<string | null>(null);
  const here = location.pathname + location.search;
  useEffect(() => {
    if (isHome) return;
    if (route) lastMatched.current = here;
    else void navigate(lastMatched.current ?? NOT_FOUND_PATH, { replace: true });
  }, [route, here, isHome, navigate]);

  // The top menu follows the page being shown.
  useEffect(() => {
    if (routeGroupKey && routeGroupKey !== activeTop) setActiveTop(routeGroupKey);
  }, [routeGroupKey, activeTop, setActiveTop]);

  useEffect(() => {
    const title = route ? t(`routes.pages.${route.name}`) : null;
    document.title = title ? `${title} - ${t('common.brand')}` : t('common.brand');
  }, [route, t, i18n.language]);

  // `/` (where signing in lands) is the dashboard: the user's to-dos, counts and messages.
  if (isHome) return <Navigate to={DASHBOARD_PATH} replace />;

  const sideGroup = menu.find((g) => g.key === activeTop) ?? menu.find((g) => g.key === routeGroupKey) ?? menu[0];

  return (
    <AllowedRoutesContext.Provider value={routes}>
      <TagsProvider routes={routes} match={match}>
        <AppShell
          header={{ height: HEADER_HEIGHT }}
          navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { desktop: !sidebar.opened, mobile: !sidebar.opened } }}
          padding={0}
          data-sidebar={sidebar.opened ? 'opened' : 'closed'}
          data-testid="app-shell"
        >
          <AppShell.Header className={classes.header}>
            <Burger
              opened={sidebar.opened}
              onClick={sidebar.toggle}
              size="sm"
              aria-label={sidebar.opened ? t('shell.closeSidebar') : t('shell.openSidebar')}
              aria-expanded={sidebar.opened}
              data-testid="sidebar-toggle"
            />
            <Logo size={30} />
            <TopMenu menu={menu} activeTop={sideGroup?.key ?? ''} activeMenuPath={activeMenuPath} onSelectGroup={setActiveTop} />
            <Group gap="xs" wrap="nowrap">
              {/* Times on every page are the company's: its zone is named once, here. */}
              <Tooltip label={t('shell.timeZone', { zone: companyTimeZone() })}>
                <Text size="xs" c="dimmed" data-testid="company-time-zone">
                  {companyTimeZone()}
                </Text>
              </Tooltip>
              <LanguageSwitch />
              <MessagesBell />
              <UserMenu />
            </Group>
          </AppShell.Header>

          <AppShell.Navbar data-testid="sidebar-panel">
            <Sidebar group={sideGroup} activeMenuPath={activeMenuPath} />
          </AppShell.Navbar>

          <AppShell.Main className={classes.main}>
            <TagsBar />
            <KeepAlivePanes routes={routes} />
          </AppShell.Main>
        </AppShell>
      </TagsProvider>
    </AllowedRoutesContext.Provider>
  );
}
