/**
 * Users and roles as the administrator works them: a new role with only the company list ticked in the
 * permission tree, a new user holding it (the form refusing a mismatched confirmation first), the
 * user signing in and seeing only the granted menus, then disabled: its open page loses the session
 * at its next request. The password reset shows the new password once, and the user signs in with it.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { errorUnder, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(180_000);

let browser: Browser;
let admin: Page;
const tag = randomUUID().replace(/-/g, '').slice(0, 8);
const roleName = `浏览器角色${tag}`;
const username = `bt${tag}`;
const password = 'Brow@2026x';

const activeOf = (page: Page) => page.locator('[data-testid="page-pane"][data-active]');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: admin } = await newVisitor(browser));
  await signIn(admin, 'admin');
});
afterAll(() => browser?.close());

/** The test ids of the top menu's groups as shown (a wide window shows them all, without "More"). */
async function topMenuGroups(page: Page): Promise<string[]> {
  await page.getByTestId('top-menu-home').waitFor();
  const ids = await page.locator('[data-testid^="top-menu-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid') ?? ''));
  return ids.sort();
}

it('adds a role with only the company list ticked in the permission tree', async () => {
  await admin.goto('/user/role');
  const active = activeOf(admin);
  await active.getByTestId('role-list').waitFor();
  await active.getByTestId('role-add').click();
  const form = admin.getByTestId('role-form');
  await form.getByTestId('role-save').click();
  expect(await errorUnder(admin, form.getByTestId('role-name'))).toContain('角色名称须为 1-100 个字符');
  await form.getByTestId('role-name').fill(roleName);
  await form.locator('[data-key="company_list"]').click();
  // the menu's actions were ticked with it
  expect(await form.locator('input[data-key="sys:company:add"]').isChecked()).toBe(true);
  await form.getByTestId('role-save').click();
  await form.waitFor({ state: 'detached' });
  const row = active.locator(`[data-testid="role-row"][data-name="${roleName}"]`);
  await row.waitFor();
});

it('adds a user holding the new role; the form refuses a confirmation that does not match', async () => {
  await admin.goto('/user/list');
  const active = activeOf(admin);
  await active.getByTestId('user-list').waitFor();
  await active.getByTestId('user-add').click();
  const form = admin.getByTestId('user-form');
  await form.getByTestId('user-username').fill('abcd');
  await form.getByTestId('user-nickname').fill('浏览器用户');
  await form.getByTestId('user-password').fill(password);
  await form.getByTestId('user-confirm-password').fill(`${password}!`);
  await form.getByTestId('user-phone').fill('1380013800');
  await form.getByTestId('user-save').click();
  expect(await errorUnder(admin, form.getByTestId('user-username'))).toContain('用户名须为 5-15 位');
  // (a password field carries its error on its wrapper)
  expect(await form.innerText()).toContain('两次输入的密码不一致');
  expect(await errorUnder(admin, form.getByTestId('user-phone'))).toContain('手机号须为 11 位数字');

  await form.getByTestId('user-username').fill(username);
  await form.getByTestId('user-confirm-password').fill(password);
  await form.getByTestId('user-phone').fill('13800138000');
  await form.getByTestId('user-roles').click();
  await admin.getByRole('option', { name: roleName }).click();
  await form.getByTestId('user-nickname').click(); // closes the role list
  await form.getByTestId('user-save').click();
  await form.waitFor({ state: 'detached' });
  const row = active.locator(`[data-testid="user-row"][data-name="${username}"]`);
  await row.waitFor();
  expect(await row.textContent()).toContain(roleName); // (badges show upper case)
});

it('the new user sees only the granted menus and is refused the others', async () => {
  const { page } = await newVisitor(browser);
  await signIn(page, username, password);
  expect(await topMenuGroups(page)).toEqual(['top-menu-company', 'top-menu-home']);
  await page.getByTestId('top-menu-company').click();
  await page.waitForURL('**/company/list');
  await page.goto('/user/list');
  await page.waitForURL((url) => !url.pathname.startsWith('/user/list'));
  await page.close();
});

it('disabling the user ends its session at once: its next request leads to sign-in', async () => {
  const { page } = await newVisitor(browser);
  await signIn(page, username, password);
  await page.getByTestId('top-menu-home').waitFor();

  await admin.goto('/user/list');
  const row = activeOf(admin).locator(`[data-testid="user-row"][data-name="${username}"]`);
  await row.getByTestId('user-toggle').click();
  await admin.getByTestId('user-disable-confirm').click();
  await eventually(
    () => row.getByTestId('user-status').innerText(),
    (status) => expect(status).toContain('已禁用'),
  );

  // the user's next request: opening the company list loads it, and the server answers 401
  await page.getByTestId('top-menu-company').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('当前页面已失效，请重新登录').waitFor();
  await dialog.getByRole('button', { name: '确定' }).click();
  await page.waitForURL('**/login');
  await page.close();
});

it('resets the password, shown once; the user signs in with it once enabled again', async () => {
  await admin.goto('/user/list');
  const row = activeOf(admin).locator(`[data-testid="user-row"][data-name="${username}"]`);
  await row.getByTestId('user-toggle').click();
  await admin.getByTestId('user-disable-confirm').click();
  await eventually(
    () => row.getByTestId('user-status').innerText(),
    (status) => expect(status).toContain('正常'),
  );
  await row.getByTestId('user-reset').click();
  await admin.getByTestId('user-reset-confirm').click();
  const fresh = (await admin.getByTestId('new-password-value').innerText()).trim();
  expect(fresh).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9\s])\S{8,16}$/);
  await admin.getByTestId('new-password-close').click();
  await admin.getByTestId('new-password').waitFor({ state: 'detached' });

  const { page } = await newVisitor(browser);
  await signIn(page, username, fresh);
  await page.getByTestId('top-menu-company').waitFor();
  await page.close();
});

it('the history log shows what the administrator did to the user, filtered by route', async () => {
  await admin.goto(`/history/historyLog?actor=admin&route=/user/`);
  const log = activeOf(admin).getByTestId('history-log');
  await log.waitFor();
  await eventually(
    () => log.getByTestId('history-row').allInnerTexts(),
    (rows) => {
      // disabled, enabled, password reset (the add is POST /server/user, without the slash)
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.some((r) => r.includes('/reset-password'))).toBe(true);
      expect(rows.every((r) => r.includes('/user'))).toBe(true);
    },
  );
});

it('a user manager who is not an administrator is told which role it may not touch', async () => {
  // the manager, built here: a role of the user management menu alone (ticking it ticks all below)
  const managerRole = `管理者${tag}`;
  const managerName = `bm${tag}`;
  await admin.goto('/user/role');
  await activeOf(admin).getByTestId('role-add').click();
  const roleForm = admin.getByTestId('role-form');
  await roleForm.getByTestId('role-name').fill(managerRole);
  await roleForm.locator('[data-key="user"]').click();
  await eventually(
    () => roleForm.locator('input[data-key="sys:user:reset-password"]').isChecked(),
    (checked) => expect(checked).toBe(true),
  );
  await roleForm.getByTestId('role-save').click();
  await roleForm.waitFor({ state: 'detached' });
  await admin.goto('/user/list');
  await activeOf(admin).getByTestId('user-add').click();
  const userForm = admin.getByTestId('user-form');
  await userForm.getByTestId('user-username').fill(managerName);
  await userForm.getByTestId('user-nickname').fill('用户管理员');
  await userForm.getByTestId('user-password').fill(password);
  await userForm.getByTestId('user-confirm-password').fill(password);
  await userForm.getByTestId('user-roles').click();
  await admin.getByRole('option', { name: managerRole }).click();
  await userForm.getByTestId('user-nickname').click();
  await userForm.getByTestId('user-save').click();
  await userForm.waitFor({ state: 'detached' });

  const { page } = await newVisitor(browser);
  await signIn(page, managerName, password);
  await page.goto('/user/list?username=leader');
  const leader = activeOf(page).locator('[data-testid="user-row"][data-name="leader"]');
  // the password reset is refused with the reason, and no new password is shown
  await leader.getByTestId('user-reset').click();
  await page.getByTestId('user-reset-confirm').click();
  await page.getByText('只能管理自己持有其全部权限的用户和角色：领导 含有您没有的权限').first().waitFor();
  expect(await page.getByTestId('new-password').count()).toBe(0);
  // so is an edit: the form says why and stays open
  await leader.getByTestId('user-edit').click();
  const form = page.getByTestId('user-form');
  await form.getByTestId('user-nickname').fill('改名');
  await form.getByTestId('user-save').click();
  expect(await form.getByTestId('user-form-error').innerText()).toContain('领导 含有您没有的权限');
  await page.close();
});
