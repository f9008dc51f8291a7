import type { Browser, Page } from 'playwright-core';
import { eventually, launchBrowser, newVisitor, openFromTopMenu, signIn, storage, tagTitles } from './support/browser';

jest.setTimeout(90_000);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = (await newVisitor(browser)).page;
  await signIn(page, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

/** Collapsed, the sidebar slides out of the window (it is not removed), so look at where it is. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const navbarVisible = async () => {
  const box = await page.getByTestId('sidebar-panel').boundingBox();
  return box !== null && box.x + box.width > 1;
};

describe('application shell (administrator)', () => {
  it('lands on the dashboard, first in the menu', async () => {
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { name: '我的消息' }).waitFor();
    const first = page.getByRole('navigation', { name: '主菜单' }).getByRole('button').first();
    expect((await first.innerText()).trim()).toBe('工作台');
    await first.click();
    await page.waitForURL('**/dashboard');
  });

  it('keeps the sidebar state across reloads', async () => {
    // Spec default: closed.
    expect(await storage(page, 'sidebarStatus')).toBe('closed');
    expect(await navbarVisible()).toBe(false);

    await page.getByTestId('sidebar-toggle').click();
    await eventually(navbarVisible, (v) => expect(v).toBe(true));
    expect(await storage(page, 'sidebarStatus')).toBe('opened');
    await page.reload();
    await page.getByTestId('app-shell').waitFor();
    await eventually(navbarVisible, (v) => expect(v).toBe(true));

    await page.getByTestId('sidebar-toggle').click();
    expect(await storage(page, 'sidebarStatus')).toBe('closed');
    await page.reload();
    await page.getByTestId('app-shell').waitFor();
    await eventually(navbarVisible, (v) => expect(v).toBe(false));
    expect(await page.getByTestId('app-shell').getAttribute('data-sidebar')).toBe('closed');
  });

  it('marks a message read and lowers the unread count', async () => {
    await page.goto('/dashboard');
    const count = page.getByTestId('unread-count');
    await page.getByRole('heading', { name: '我的消息' }).waitFor();
    const before = Number(
      await eventually(
        () => count.innerText(),
        (t) => expect(Number(t)).toBeGreaterThan(0),
      ),
    );
    await page.getByRole('button', { name: '标为已读' }).first().click();
    await eventually(
      () => count.innerText(),
      (t) => expect(Number(t)).toBe(before - 1),
    );
  });

  it('opens pages as tags, keeps their state, and closes the others', async () => {
    await page.goto('/dashboard');
    await openFromTopMenu(page, 'company', '企业列表');
    await page.waitForURL('**/company/list');
    await page.getByTestId('company-list-page').waitFor();

    await openFromTopMenu(page, 'user', '用户列表');
    await page.waitForURL('**/user/list');
    const search = page.getByPlaceholder('按用户名搜索');
    await search.fill('zb');

    await openFromTopMenu(page, 'history', '历史记录');
    await page.waitForURL('**/history/historyLog');
    await eventually(
      () => tagTitles(page),
      (t) => expect(t).toEqual(expect.arrayContaining(['工作台', '企业列表', '用户列表', '历史记录'])),
    );

    // Back to the user list through its tag: the half-typed search is still there.
    await page.getByTestId('tag').filter({ hasText: '用户列表' }).click();
    await page.waitForURL('**/user/list');
    // Type where a person can: in the page once it is shown (the URL changes a moment before the pane does).
    const shown = page.locator('[data-testid="page-pane"][data-active]').getByPlaceholder('按用户名搜索');
    await shown.waitFor({ state: 'visible' });
    expect(await shown.inputValue()).toBe('zb');
    // The list works too: searching shows only the matching users.
    await shown.press('Enter');
    // Pages stay mounted as tags (the history log may name zb1 too): look in the active page only.
    await page.locator('[data-testid="page-pane"][data-active]').getByText('zb1', { exact: true }).first().waitFor();
    await eventually(
      () => page.locator('[data-testid="page-pane"][data-active] tbody tr').allInnerTexts(),
      (rows) => {
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row).toContain('zb');
      },
    );

    await page.getByTestId('tags-actions').click();
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await eventually(
      () => tagTitles(page),
      (t) => expect(t).toEqual(['工作台', '用户列表']),
    );
    expect(new URL(page.url()).pathname).toBe('/user/list');

    await page.getByTestId('tags-actions').click();
    await page.getByRole('menuitem', { name: '关闭所有' }).click();
    await page.waitForURL('**/dashboard');
    await eventually(
      () => tagTitles(page),
      (t) => expect(t).toEqual(['工作台']),
    );
  });

  it('sends an unknown address to the 404 page', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByTestId('not-found').waitFor();
  });

  it('switches the whole shell to English and back', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'My messages' }).waitFor();
    await page.getByTestId('top-menu-company').getByText('Companies').waitFor();
    expect(await storage(page, 'language')).toBe('en');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.title()).toContain('Dashboard');

    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByRole('heading', { name: '我的消息' }).waitFor();
    expect(await storage(page, 'language')).toBe('zh-cn');
  });

  it('changes the avatar: upload, then the header shows the new picture', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '修改头像' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('头像已更新').waitFor();
    const src = await page.getByTestId('user-menu').locator('img').getAttribute('src');
    expect(src).toBeTruthy();
    // The server kept it: after a reload the header still shows it.
    await page.reload();
    await eventually(
      () => page.getByTestId('user-menu').locator('img').getAttribute('src'),
      (v) => expect(v).toBe(src),
    );
  });

  it('refuses a password confirmation that does not match', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('原密码').fill('Demo@2026');
    await dialog.getByLabel(/^新密码/).fill('Better@2027');
    await dialog.getByLabel('确认新密码').fill('Better@2028');
    await dialog.getByRole('button', { name: '确认' }).click();
    await dialog.getByText('两次输入的密码不一致').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('signs out after the confirmation and clears local storage', async () => {
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure exit the system？').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: '账号登录' }).waitFor();
    expect(await storage(page, 'accessToken')).toBeNull();
    expect(await storage(page, 'pcToken')).toBeNull();
    // The token is revoked on the server too: putting it back does not sign anyone in.
  });
});
