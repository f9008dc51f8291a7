import {
  ALL_PERMISSION_KEYS,
  EVENT_PERMISSIONS,
  flattenPermissionTree,
  heldKeys,
  holdsAnyPermission,
  holdsPermission,
  isPermissionKey,
  keysUnder,
  passesRouteGate,
  permissionKind,
  ROLE_ADMIN,
  ROLE_ROOT,
  ROLE_USER,
  type ActionKey,
  type EventType,
  type MenuKey,
  type PermissionHolder,
  type PermissionKey,
} from '../src/index';

const holder = (roles: string[], authorityList: string[] = []): PermissionHolder => ({ roles, authorityList });
const root = holder([ROLE_ROOT]);
const admin = holder([ROLE_ADMIN]);
const user = (...keys: string[]) => holder([ROLE_USER], keys);
const flat = flattenPermissionTree();
const menus = flat.filter((p) => p.kind === 'menu').map((p) => p.key);
const actions = flat.filter((p) => p.kind === 'action').map((p) => p.key);

describe('holdsPermission (spec sections 5-6)', () => {
  it('ROOT passes every key, held or not', () => {
    expect(ALL_PERMISSION_KEYS.every((key) => holdsPermission(root, key))).toBe(true);
  });

  it('ROLE_ADMIN passes every route (menu) key, and an action code only when granted', () => {
    expect(menus.every((key) => holdsPermission(admin, key))).toBe(true);
    expect(actions.filter((key) => holdsPermission(admin, key))).toEqual([]);
    expect(holdsPermission(holder([ROLE_ADMIN], ['sys:loan:perfect']), 'sys:loan:perfect')).toBe(true);
    expect(holdsPermission(holder([ROLE_ADMIN], ['sys:loan:perfect']), 'sys:loan:delete')).toBe(false);
  });

  it('anyone else holds exactly the keys granted, menu or action', () => {
    expect(holdsPermission(user('sys:loan:perfect'), 'sys:loan:perfect')).toBe(true);
    expect(holdsPermission(user('sys:loan:perfect'), 'sys:loan:delete')).toBe(false);
    expect(holdsPermission(user('loan_list'), 'loan_list')).toBe(true);
    expect(holdsPermission(user('loan_list'), 'company_list')).toBe(false);
    // A parent key grants nothing beneath it.
    expect(holdsPermission(user('loan_list'), 'sys:loan:query')).toBe(false);
    expect(holdsPermission(holder([]), 'loan_list')).toBe(false);
  });

  it('holdsAnyPermission needs one of the keys', () => {
    expect(holdsAnyPermission(user('sys:user:edit'), ['sys:user:add', 'sys:user:edit'])).toBe(true);
    expect(holdsAnyPermission(user('sys:user:edit'), ['sys:user:add'])).toBe(false);
    expect(holdsAnyPermission(user('sys:user:edit'), [])).toBe(false);
    expect(holdsAnyPermission(admin, ['sys:user:add', 'user_list'])).toBe(true);
  });

  it('heldKeys lists exactly the keys that pass, so a client looking keys up decides the same', () => {
    expect(heldKeys(root)).toEqual(ALL_PERMISSION_KEYS);
    expect(heldKeys(admin)).toEqual(menus);
    expect(heldKeys(holder([ROLE_ADMIN], ['sys:bank:add', 'not-a-key']))).toEqual(
      flat.filter((p) => p.kind === 'menu' || p.key === 'sys:bank:add').map((p) => p.key),
    );
    expect(heldKeys(user('sys:bank:add', 'bank_list', 'not-a-key'))).toEqual(['bank_list', 'sys:bank:add']);
    for (const h of [root, admin, user('sys:bank:add', 'meeting')]) {
      const listed = holder(
        h.roles.filter((r) => r === ROLE_USER),
        heldKeys(h),
      );
      expect(ALL_PERMISSION_KEYS.filter((k) => holdsPermission(listed, k))).toEqual(heldKeys(h));
    }
  });
});

describe('passesRouteGate', () => {
  it('ROOT and ROLE_ADMIN pass every gate, admin-only included, whatever keys it names', () => {
    for (const h of [root, admin]) {
      expect(passesRouteGate(h, { adminOnly: true })).toBe(true);
      expect(passesRouteGate(h, { perms: ['sys:letter-seal:confirm'] })).toBe(true);
    }
  });

  it('for anyone else: admin-only refuses, no keys lets in, otherwise one key held', () => {
    expect(passesRouteGate(user('user'), { adminOnly: true })).toBe(false);
    expect(passesRouteGate(user(), {})).toBe(true);
    expect(passesRouteGate(user(), { perms: [] })).toBe(true);
    expect(passesRouteGate(user('guarantee_letter_seal'), { perms: ['guarantee_letter_seal', 'sys:letter-seal:confirm'] })).toBe(true);
    expect(passesRouteGate(user('sys:letter-seal:confirm'), { perms: ['guarantee_letter_seal', 'sys:letter-seal:confirm'] })).toBe(true);
    expect(passesRouteGate(user('bank_list'), { perms: ['guarantee_letter_seal'] })).toBe(false);
  });
});

describe('the permission key type', () => {
  it('is derived from the tree: its kinds and keysUnder follow the tree', () => {
    expect(permissionKind('loan_list')).toBe('menu');
    expect(permissionKind('sys:loan:copy')).toBe('action');
    expect(permissionKind('sys:loan:fly')).toBeUndefined();
    expect(isPermissionKey('sys:loan:copy')).toBe(true);
    expect(isPermissionKey('sys:loan:fly')).toBe(false);
    expect(keysUnder('basic')).toEqual(flat.slice(flat.findIndex((p) => p.key === 'basic')).map((p) => p.key));
    expect(keysUnder('sys:loan:copy')).toEqual(['sys:loan:copy']);
  });

  it('refuses an unknown key at compile time (checked by tsc)', () => {
    const menu: MenuKey = 'loan_list';
    const action: ActionKey = 'sys:loan:copy';
    // @ts-expect-error 'sys:loan:fly' is not in the tree
    const unknown: PermissionKey = 'sys:loan:fly';
    // @ts-expect-error a route key is not an action code
    const notAction: ActionKey = 'loan_list';
    // @ts-expect-error an action code is not a route key
    const notMenu: MenuKey = 'sys:loan:copy';
    // @ts-expect-error holdsPermission takes tree keys only
    holdsPermission(root, 'sys:anything');
    // @ts-expect-error an event cannot name a code that is not an action code of the tree
    const map: Readonly<Record<EventType, ActionKey>> = { ...EVENT_PERMISSIONS, SUBMIT_MATERIALS: 'sys:loan:fly' };
    expect([menu, action, unknown, notAction, notMenu, map.SUBMIT_MATERIALS]).toHaveLength(6);
  });
});
