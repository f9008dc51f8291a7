import { ALL_PERMISSION_KEYS, flattenPermissionTree } from '@app/workflow';
import { authorityList, holds } from './auth-user';
import { ACCESS_KEY, RequirePermission } from './auth.decorators';

const menus = flattenPermissionTree()
  .filter((p) => p.kind === 'menu')
  .map((p) => p.key);
const signedIn = (roles: string[], permissions: string[] = []) => ({ roles, permissions });

describe('the signed-in user and permission keys', () => {
  it('holds: ROOT everything, ROLE_ADMIN route keys only, others what their roles grant', () => {
    expect(holds(signedIn(['ROOT']), 'sys:loan:delete')).toBe(true);
    expect(holds(signedIn(['ROLE_ADMIN']), 'loan_list')).toBe(true);
    expect(holds(signedIn(['ROLE_ADMIN']), 'sys:loan:delete')).toBe(false);
    expect(holds(signedIn(['ROLE_ADMIN'], ['sys:loan:delete']), 'sys:loan:delete')).toBe(true);
    expect(holds(signedIn(['A_POST'], ['loan_list']), 'loan_list')).toBe(true);
    expect(holds(signedIn(['A_POST'], ['loan_list']), 'company_list')).toBe(false);
  });

  it('authorityList hands over exactly the keys holds passes, in tree order, and nothing unknown', () => {
    expect(authorityList(signedIn(['ROOT']))).toEqual(ALL_PERMISSION_KEYS);
    expect(authorityList(signedIn(['ROLE_ADMIN']))).toEqual(menus);
    expect(authorityList(signedIn(['A_POST'], ['sys:loan:delete', 'gone:key', 'loan_list', 'loan_list']))).toEqual(['loan_list', 'sys:loan:delete']);
  });

  it('RequirePermission records the key, and takes only keys of the tree (checked by tsc)', () => {
    class Routes {
      @RequirePermission('sys:loan:copy')
      copy() {}
      // @ts-expect-error 'sys:loan:fly' is not a key of the permission tree: the route does not compile
      @RequirePermission('sys:loan:fly')
      fly() {}
    }
    expect(Reflect.getMetadata(ACCESS_KEY, Routes.prototype.copy)).toEqual({ kind: 'permission', key: 'sys:loan:copy' });
  });
});
