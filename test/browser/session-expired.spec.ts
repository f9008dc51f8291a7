import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newVisitor, openFromTopMenu, signIn, storage } from './support/browser';

jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function expectExpiredDialogThenLogin(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText('当前页面已失效，请重新登录').waitFor();
  await dialog.getByText('提示').waitFor();
  // Several calls fail together, yet one dialog shows.
  expect(await page.getByText('当前页面已失效，请重新登录').count()).toBe(1);
  await dialog.getByRole('button', { name: '确定' }).click();
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: '账号登录' }).waitFor();
  expect(await storage(page, 'accessToken')).toBeNull();
  expect(await storage(page, 'sidebarStatus')).toBe('closed');
}

describe('expired session', () => {
  it('a dead token found while loading the page shows the dialog and leads to sign-in', async () => {
    const { page } = await newVisitor(browser);
    await signIn(page);
    await page.evaluate(() => window.localStorage.setItem('accessToken', 'bogus-token'));
    await page.reload();
    await expectExpiredDialogThenLogin(page);
  });

  it('a token that dies while working shows the dialog on the next data load', async () => {
    const { page } = await newVisitor(browser);
    await signIn(page);
    // The dashboard's messages load after its counts: wait for all of it, so that the 401 is the list's.
    await page.getByTestId('dashboard-page').waitFor();
    await page.getByTestId('dashboard-loading').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.localStorage.setItem('accessToken', 'bogus-token'));
    // Sign-in lands on the dashboard, loaded by now: opening the company list loads its page, which fails with 401.
    await openFromTopMenu(page, 'company', '企业列表');
    await expectExpiredDialogThenLogin(page);
  });
});
