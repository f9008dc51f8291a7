import type { PermissionKey } from '@app/workflow';
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/features/auth/session';
import type { CurrentUser } from '@/features/auth/types';
import { makeUser } from '@/test/render';
import { Can, useCan } from './Can';
import { hasPerms } from './has-perms';

const withUser = (user: CurrentUser | null) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <SessionProvider initialUser={user}>{children}</SessionProvider>;
  };

describe('hasPerms', () => {
  it("throws 'need perms!' without a list", () => {
    expect(() => hasPerms(undefined, makeUser())).toThrow('need perms!');
    expect(() => hasPerms([], makeUser())).toThrow('need perms!');
    expect(() => hasPerms('sys:user:add' as unknown as PermissionKey[], makeUser())).toThrow('need perms!');
  });

  it('lets ROOT pass and others with one listed code', () => {
    expect(hasPerms(['sys:user:add'], makeUser({ roles: ['ROOT'] }))).toBe(true);
    expect(hasPerms(['sys:user:add', 'sys:user:edit'], makeUser({ authorityList: ['sys:user:edit'] }))).toBe(true);
    expect(hasPerms(['sys:user:add'], makeUser({ authorityList: ['sys:user:edit'] }))).toBe(false);
    expect(hasPerms(['sys:user:add'], null)).toBe(false);
  });

  it('lets ROLE_ADMIN pass route keys but not action codes it was not granted (the server rule)', () => {
    const admin = makeUser({ roles: ['ROLE_ADMIN'], authorityList: [] });
    expect(hasPerms(['user_list'], admin)).toBe(true);
    expect(hasPerms(['sys:user:add'], admin)).toBe(false);
    expect(hasPerms(['sys:user:add'], { ...admin, authorityList: ['sys:user:add'] })).toBe(true);
  });

  it('takes only keys of the permission tree (checked by tsc)', () => {
    // @ts-expect-error 'sys:user:fly' is not a key of the permission tree
    expect(hasPerms(['sys:user:fly'], makeUser({ roles: ['ROOT'] }))).toBe(true);
    const fromData: string[] = ['sys:user:add'];
    // @ts-expect-error a plain string is not a PermissionKey: narrow it with isPermissionKey first
    expect(hasPerms(fromData, null)).toBe(false);
  });
});

describe('<Can> and useCan', () => {
  it('renders the element only for a user holding a listed code', () => {
    const user = makeUser({ authorityList: ['sys:user:add'] });
    render(
      <Can perms={['sys:user:add']}>
        <button>add user</button>
      </Can>,
      { wrapper: withUser(user) },
    );
    render(
      <Can perms={['sys:user:delete']} fallback={<span>no delete</span>}>
        <button>delete user</button>
      </Can>,
      { wrapper: withUser(user) },
    );
    expect(screen.getByText('add user')).toBeTruthy();
    expect(screen.queryByText('delete user')).toBeNull();
    expect(screen.getByText('no delete')).toBeTruthy();
  });

  it('refuses an unknown key at compile time (checked by tsc)', () => {
    render(
      // @ts-expect-error 'sys:anything' is not a key of the permission tree
      <Can perms={['sys:anything']}>
        <button>unknown key</button>
      </Can>,
      { wrapper: withUser(makeUser({ roles: ['ROOT'] })) },
    );
    expect(screen.getByText('unknown key')).toBeTruthy();
  });

  it('shows everything to ROOT', () => {
    render(
      <Can perms={['sys:bank:delete']}>
        <button>root only</button>
      </Can>,
      { wrapper: withUser(makeUser({ roles: ['ROOT'] })) },
    );
    expect(screen.getByText('root only')).toBeTruthy();
  });

  it("raises 'need perms!' when rendered without a list", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = Can as unknown as (props: { children: ReactNode }) => ReactNode;
    expect(() => render(<Broken>x</Broken>, { wrapper: withUser(makeUser()) })).toThrow('need perms!');
    vi.restoreAllMocks();
  });

  it('useCan checks the signed-in user and throws without a list', () => {
    const { result } = renderHook(() => useCan(), { wrapper: withUser(makeUser({ authorityList: ['sys:role:add'] })) });
    expect(result.current(['sys:role:add'])).toBe(true);
    expect(result.current(['sys:role:delete'])).toBe(false);
    expect(() => result.current(undefined as unknown as PermissionKey[])).toThrow('need perms!');
    // @ts-expect-error useCan takes only keys of the permission tree
    expect(result.current(['sys:role:fly'])).toBe(false);
  });
});
