import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newVisitor, signIn, storage } from './support/browser';

jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visitor(): Promise<Page> {
  return (await newVisitor(browser)).page;
}

describe('sign-in page', () => {
  it('switches language, insists on the tick, then signs the administrator in', async () => {
    const page = await visitor();
    await page.goto('/dashboard');
    // No token: every private route lands on the sign-in page, in Chinese by default.
    await page.waitForURL('**/login?redirect=%2Fdashboard');
    await page.getByRole('heading', { name: '账号登录' }).waitFor();

    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await storage(page, 'language')).toBe('en');
    expect(await storage(page, 'Accept-Language')).toBe('en');

    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please tick and agree to the service agreement and privacy policy').waitFor();
    expect(await storage(page, 'accessToken')).toBeNull();

    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back to where the visitor wanted to go.
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'My messages' }).waitFor();

    const token = await storage(page, 'accessToken');
    expect(token).toBeTruthy();
    const extras = JSON.parse((await storage(page, 'pcToken')) ?? '{}');
    expect(extras['x-platform-token']).toBe(token);
    expect(await storage(page, 'device')).toBe('desktop');
  });

  it('shows the server message for a wrong password and stays on the sign-in page', async () => {
    const page = await visitor();
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('finance');
    await page.locator('input[name="password"]').fill('Wrong@2026');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect((await error.innerText()).trim().length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storage(page, 'accessToken')).toBeNull();
  });

  it('opens both agreements from the sign-in page, in the current language', async () => {
    const page = await visitor();
    await page.goto('/login');
    const [policy] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: '《隐私政策》' }).click()]);
    await policy.waitForURL('**/privacy-agreement/policy');
    await policy.getByRole('heading', { name: '隐私政策' }).waitFor();
    expect((await policy.getByTestId('agreement-content').innerText()).length).toBeGreaterThan(20);

    await page.goto('/privacy-agreement/agreement');
    await page.getByRole('heading', { name: '服务协议' }).waitFor();
    const zhText = await page.getByTestId('agreement-content').innerText();
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Service Agreement' }).waitFor();
    await page.waitForFunction((before) => {
      const el = document.querySelector('[data-testid="agreement-content"]');
      return el !== null && el.textContent !== before;
    }, zhText);
  });

  it('sends a signed-in user from /login to the dashboard', async () => {
    const page = await visitor();
    await signIn(page);
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('dashboard-page').waitFor();
  });
});
