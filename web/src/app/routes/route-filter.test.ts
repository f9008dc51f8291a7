import { ALL_PERMISSION_KEYS } from '@app/workflow/permissions';
import { describe, expect, it } from 'vitest';
import { accessOf, canOpen, filterRoutes, findRoute, menuOf, menuPathOf, resolveRoutes } from '@/navigation/route-filter';
import { ROUTE_TABLE } from './route-table';
import type { RouteAccessRule } from '@/navigation/types';

const all = resolveRoutes(ROUTE_TABLE);
const paths = (user: Parameters<typeof accessOf>[0]) => resolveRoutes(filterRoutes(ROUTE_TABLE, accessOf(user))).map((r) => r.fullPath);

describe('route table', () => {
  it('has unique names and paths', () => {
    expect(new Set(all.map((r) => r.name)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.fullPath)).size).toBe(all.length);
  });

  it('names only permission keys of the shared permission tree', () => {
    const keys = [...ROUTE_TABLE.flatMap((g) => g.perms ?? []), ...all.flatMap((r) => r.perms ?? [])];
    expect(keys.filter((k) => !ALL_PERMISSION_KEYS.includes(k))).toEqual([]);
  });

  it('points every activeMenu at a visible menu entry', () => {
    const visible = new Set(all.filter((r) => !r.hidden && !r.group.hidden).map((r) => r.fullPath));
    for (const route of all.filter((r) => r.activeMenu)) expect(visible.has(route.activeMenu!), route.name).toBe(true);
  });

  it('contains the routes of spec section 2', () => {
    const full = all.map((r) => r.fullPath);
    for (const path of [
      '/dashboard',
      '/401',
      '/404',
      '/enter/index',
      '/company/list',
      '/company/loanList',
      '/company/node/:encryptId',
      '/detail/CLIENTDetail/:encryptId',
      '/detail/editInquiry/:encryptId/:show',
      '/process/zbMeetingVoteDetail/:encryptId',
      '/meeting/filesDetail/:encryptId',
      '/protectMiddle/guaranteeLetterNew',
      '/protectAfter/ledgerListNew/:encryptId/:flag',
      '/statistics/amountDataList/:typeId/:typeName/:startData/:endData',
      '/basicData/typeList',
      '/user/participation',
      '/history/historyLog',
    ])
      expect(full).toContain(path);
  });
});

describe('route filter', () => {
  it('gives ROLE_ADMIN and ROOT every route', () => {
    expect(paths({ roles: ['ROLE_ADMIN'] })).toHaveLength(all.length);
    expect(paths({ roles: ['ROOT'] })).toHaveLength(all.length);
  });

  it('always allows routes without a key', () => {
    const open = paths({ roles: ['ROLE_USER'] });
    expect(open).toEqual(expect.arrayContaining(['/dashboard', '/401', '/404', '/enter/index', '/detail/CLIENTDetail/:encryptId']));
    expect(open).not.toContain('/company/list');
    expect(open).not.toContain('/detail/riskControlListDetail/:encryptId');
  });

  it('needs the route key, and the group key above it', () => {
    const user = { roles: ['ROLE_USER'], perms: ['loan_list', 'zb_meeting_vote_list'], authorityList: ['loan_list', 'zb_meeting_vote_list'] };
    const open = paths(user);
    expect(open).toContain('/company/loanList');
    expect(open).not.toContain('/company/list');
    // No "meeting" key: the whole /process group stays closed.
    expect(open).not.toContain('/process/zbMeetingVoteList');
    expect(paths({ ...user, authorityList: [...user.authorityList, 'meeting'] })).toContain('/process/zbMeetingVoteList');
  });

  it('keeps the admin-only history log from non-admins holding the user key', () => {
    const open = paths({ roles: ['ROLE_USER'], authorityList: ['user', 'user_list'] });
    expect(open).toContain('/user/list');
    expect(open).not.toContain('/history/historyLog');
    const menu = menuOf(filterRoutes(ROUTE_TABLE, accessOf({ roles: ['ROLE_USER'], authorityList: ['user', 'user_list'] })));
    expect(menu.map((g) => g.key)).not.toContain('history');
  });

  it('opens letter sealing with any one of its three keys', () => {
    for (const key of ['guarantee_letter_seal', 'sys:letter-seal:confirm', 'sys:letter-seal:complete'])
      expect(paths({ roles: [], authorityList: ['protect_middle', key] })).toContain('/protectMiddle/guaranteeLetterNew');
    expect(paths({ roles: [], authorityList: ['protect_middle'] })).not.toContain('/protectMiddle/guaranteeLetterNew');
  });

  it('takes only keys of the permission tree in a route rule (checked by tsc)', () => {
    // @ts-expect-error 'secure_lists' is not a key of the permission tree
    const rule: RouteAccessRule = { perms: ['secure_lists'] };
    expect(canOpen(rule, accessOf({ roles: ['ROLE_USER'], authorityList: ['secure_lists'] }))).toBe(true);
  });

  it('canOpen: admin passes adminOnly, nobody else', () => {
    expect(canOpen({ adminOnly: true }, accessOf({ roles: ['ROLE_ADMIN'] }))).toBe(true);
    expect(canOpen({ adminOnly: true }, accessOf({ roles: ['ROLE_USER'], authorityList: ['user'] }))).toBe(false);
    expect(canOpen({}, accessOf({ roles: [] }))).toBe(true);
  });
});

describe('menu and matching', () => {
  it('lists visible groups and pages only, dashboard first', () => {
    const menu = menuOf(filterRoutes(ROUTE_TABLE, accessOf({ roles: ['ROLE_ADMIN'] })));
    expect(menu[0]).toMatchObject({ key: 'home', items: [{ fullPath: '/dashboard' }] });
    expect(menu.map((g) => g.key)).not.toContain('detail');
    expect(menu.map((g) => g.key)).not.toContain('enter');
    expect(menu.flatMap((g) => g.items).some((i) => i.hidden)).toBe(false);
  });

  it('matches params and highlights the activeMenu entry', () => {
    const match = findRoute(all, '/company/node/abc123');
    expect(match?.route.name).toBe('companyNode');
    expect(match?.params.encryptId).toBe('abc123');
    expect(menuPathOf(match!.route)).toBe('/company/loanList');
    expect(menuPathOf(findRoute(all, '/company/list')!.route)).toBe('/company/list');
    expect(findRoute(all, '/nowhere')).toBeNull();
  });
});
