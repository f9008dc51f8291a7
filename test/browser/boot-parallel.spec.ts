/**
 * Boot of a signed-in page: the current-user request and the code of the shell and of the
 * page the address names are fetched at the same time, not one after the other. The current-user
 * answer is held back 1.5 s here: were the page's code fetched only once the user is known, its
 * request would start after that answer; it must start before it.
 */
import type { Browser, Request } from 'playwright-core';
import { eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(120_000);

const HOLD_MS = 1500;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('fetches the current user, the shell and the loan list page at once on a reload of /company/loanList', async () => {
  const { context, page } = await newVisitor(browser);
  try {
    await signIn(page, 'admin');
    const started = new Map<string, number>();
    const finished = new Map<string, number>();
    const nameOf = (request: Request) => new URL(request.url()).pathname;
    page.on('request', (request) => {
      if (!started.has(nameOf(request))) started.set(nameOf(request), Date.now());
    });
    page.on('requestfinished', (request) => {
      if (!finished.has(nameOf(request))) finished.set(nameOf(request), Date.now());
    });
    await page.route('**/server/user/current', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue();
    });

    await page.goto('/company/loanList');
    await page.getByTestId('app-shell').waitFor();
    await page.locator('[data-testid="page-pane"][data-active] [data-testid="loan-row"]').first().waitFor();

    const userStart = started.get('/server/user/current');
    const userEnd = await eventually(
      async () => finished.get('/server/user/current'),
      (at) => expect(at).toBeDefined(),
    );
    const pageChunk = [...started.keys()].find((p) => /^\/assets\/LoanListPage-[\w-]+\.js$/.test(p));
    const shellChunk = [...started.keys()].find((p) => /^\/assets\/Shell-[\w-]+\.js$/.test(p));
    expect(userStart).toBeDefined();
    expect(pageChunk).toBeDefined();
    expect(shellChunk).toBeDefined();
    // Both chunks were asked for while the current user was still on its way.
    expect(started.get(pageChunk!)!).toBeLessThan(userEnd!);
    expect(started.get(shellChunk!)!).toBeLessThan(userEnd!);
    expect(userEnd! - userStart!).toBeGreaterThanOrEqual(HOLD_MS - 50);
    // And the page's chunk had arrived well before the user did (it did not wait for it).
    const pageChunkEnd = finished.get(pageChunk!);
    expect(pageChunkEnd).toBeDefined();
    expect(pageChunkEnd!).toBeLessThan(userEnd!);
  } finally {
    await context.close();
  }
});
