/**
 * Browser-test support: Debian's Chromium driven by playwright-core (never a downloaded browser),
 * against the real server the test orchestrator started (APP_URL, DEMO_PASSWORD).
 */
import { constants, publicEncrypt, randomInt } from 'node:crypto';
import { withCheckChar } from '@app/workflow';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const APP_URL = (process.env.APP_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo@2026';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A fresh visitor: empty storage, a desktop window. */
export async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: APP_URL });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

export function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** Signs in through the sign-in page exactly as a person would (current language, tick, button). */
export async function signIn(page: Page, username = 'admin', password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('checkbox').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByTestId('app-shell').waitFor();
}

/** Retries an assertion until the page catches up (playwright-core has no expect of its own). */
export async function eventually<T>(probe: () => Promise<T>, check: (value: T) => void, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * The message a form field shows under it, once it is marked invalid: Mantine ties the error to the
 * input with aria-describedby (the field's description too, when it has one).
 */
export async function errorUnder(page: Page, input: ReturnType<Page['locator']>): Promise<string> {
  await eventually(
    () => input.getAttribute('aria-invalid'),
    (invalid) => expect(invalid).toBe('true'),
  );
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join('\n');
}

/** The titles of the open-page tags, in order. */
export function tagTitles(page: Page): Promise<string[]> {
  return page
    .getByTestId('tag')
    .allInnerTexts()
    .then((texts) => texts.map((t) => t.trim()));
}

/**
 * Opens a page from the top menu as a person would: the group's own entry when the window is wide
 * enough to show it, otherwise through "More" (narrow windows fold the last groups there).
 */
export async function openFromTopMenu(page: Page, groupKey: string, itemLabel: string): Promise<void> {
  await page.getByTestId('top-menu-home').waitFor();
  const direct = page.getByTestId(`top-menu-${groupKey}`);
  if (await direct.isVisible()) {
    await direct.click();
    return;
  }
  await page.getByTestId('top-menu-more').click();
  await page.getByRole('menuitem', { name: itemLabel, exact: true }).click();
}

/** A GET of the API as the given token (or none), answering the envelope's data; throws on an error status. */
export async function apiData<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${APP_URL}/server${path}`, { headers: token ? { 'X-Platform-Token': token } : {} });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

/** Signs a demo user in through the API (the password RSA-encrypted as the web does) and answers the token. */
export async function apiToken(username: string): Promise<string> {
  const { publicKey } = await apiData<{ publicKey: string }>('/open/auth/public-key');
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD, 'utf8')).toString('base64');
  const res = await fetch(`${APP_URL}/server/open/auth/platformLogin/PLATFORM`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ checkStatus: true, username, password }),
  });
  const token = ((await res.json()) as { extras?: Record<string, unknown> }).extras?.['x-platform-token'];
  if (typeof token !== 'string') throw new Error(`sign-in of ${username} failed`);
  return token;
}

const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A valid unified social credit code no other test uses (a Shanghai prefix, random body, its check character). */
export function randomCreditCode(): string {
  let s = '91310000';
  while (s.length < 17) s += CREDIT_CODE_ALPHABET[randomInt(CREDIT_CODE_ALPHABET.length)];
  return withCheckChar(s);
}
