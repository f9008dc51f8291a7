import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidebar } from '@/app/shell/Sidebar';
import { setLanguage } from '@/i18n';
import { accessOf, filterRoutes, menuOf, type AccessSource } from '@/navigation/route-filter';
import { makeUser, renderWithApp } from '@/test/render';
import { ROUTE_TABLE } from './route-table';

/** The 保后管理 / After guarantee group of the menu as `user` sees it. */
const afterGuaranteeMenu = (user: AccessSource) => menuOf(filterRoutes(ROUTE_TABLE, accessOf(user))).find((g) => g.key === 'protectAfter');

afterEach(async () => {
  await setLanguage('zh-CN');
});

describe('after guarantee menu: the bad-loan lists', () => {
  it('lists overdue, compensation and recovery after the lists of loans that end well, for an administrator', () => {
    const paths = afterGuaranteeMenu({ roles: ['ROLE_ADMIN'] })!.items.map((item) => item.fullPath);
    expect(paths.slice(-4)).toEqual(['/protectAfter/relieve', '/protectAfter/overdueList', '/protectAfter/compensationList', '/protectAfter/recoveryList']);
    // the ledger still opens the group
    expect(paths[0]).toBe('/protectAfter/ledgerList');
  });

  it('gates each list by its own key under the group key', () => {
    const names = (keys: string[]) => afterGuaranteeMenu({ roles: ['ROLE_USER'], authorityList: keys })?.items.map((item) => item.name) ?? [];
    expect(names(['protect_after', 'compensation_list'])).toEqual(['compensationList']);
    expect(names(['protect_after', 'overdue_list', 'recovery_list'])).toEqual(['overdueList', 'recoveryList']);
    // a list key without the group's opens nothing
    expect(names(['recovery_list'])).toEqual([]);
    expect(names(['protect_after', 'ledger_list'])).toEqual(['ledgerList']);
  });

  it('names the entries in Chinese and in English, each a link to its list', async () => {
    const user = makeUser({ authorityList: ['protect_after', 'overdue_list', 'compensation_list', 'recovery_list'] });
    const group = afterGuaranteeMenu(user);
    const { unmount } = renderWithApp(<Sidebar group={group} activeMenuPath="/protectAfter/compensationList" />, { user });
    const nav = screen.getByTestId('sidebar');
    expect(within(nav).getByText('保后管理')).toBeTruthy();
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['逾期项目', '/protectAfter/overdueList'],
      ['代偿', '/protectAfter/compensationList'],
      ['追偿', '/protectAfter/recoveryList'],
    ]);
    expect(links[1].getAttribute('data-active')).toBe('true');
    unmount();

    await setLanguage('en');
    renderWithApp(<Sidebar group={group} activeMenuPath={null} />, { user });
    expect(
      within(screen.getByTestId('sidebar'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Overdue loans', 'Compensation', 'Recovery']);
    expect(screen.getByText('After guarantee')).toBeTruthy();
  });
});
