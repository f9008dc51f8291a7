/**
 * The queue page as an administrator finds it: top menu "系统管理" -> "任务队列", the button opens
 * Bull Board in a new tab (authenticated by the path-scoped cookie the page asked for), which lists
 * every queue, and "Retry all" there puts a failed job back to waiting. The only CSP violation
 * allowed there is the Google Fonts stylesheet Bull Board links (kept blocked on purpose, see
 * server/src/admin-queues/queue-page.ts). A non-administrator has no menu entry and gets 401 from
 * the page itself.
 */
import { Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { QUEUES } from '../../server/src/jobs/queues';
import { redisOptions } from '../../server/src/jobs/redis';
import { APP_URL, eventually, launchBrowser, newVisitor, openFromTopMenu, signIn } from './support/browser';

jest.setTimeout(120_000);

const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

/** CSP violations of every page of the context, as the DOM event and as Chromium's console line. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeFunction('reportCspViolation', (v: string) => seen.push(v));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation?: (v: string) => void }).reportCspViolation;
      report?.(`${e.documentURI}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  context.on('page', (p) =>
    p.on('console', (message) => {
      if (/Content[ -]Security[ -]Policy/i.test(message.text())) seen.push(`${p.url()}: ${message.text()}`);
    }),
  );
  return seen;
}

/** A job of the maintenance queue that has failed (no worker runs in this tier: the test fails it itself). */
async function failedJob(queue: Queue, jobId: string): Promise<void> {
  const connection = new IORedis(redisOptions(process.env.REDIS_URL as string));
  const worker = new Worker(
    QUEUES.maintenance,
    async () => {
      throw new Error('failed on purpose for the queue page');
    },
    { connection, prefix: process.env.QUEUE_PREFIX, autorun: false },
  );
  const failed = new Promise<void>((resolve) => worker.once('failed', () => resolve()));
  await queue.add('purge-expired', {}, { jobId, attempts: 1 });
  void worker.run();
  await failed;
  await worker.close();
  await connection.quit();
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('an administrator opens the queue page from the menu, sees every queue and retries a failed job', async () => {
  const queue = new Queue(QUEUES.maintenance, { connection: new IORedis(redisOptions(process.env.REDIS_URL as string)), prefix: process.env.QUEUE_PREFIX });
  const jobId = `browser-failed-${Date.now()}`;
  await failedJob(queue, jobId);
  expect(await queue.getJobState(jobId)).toBe('failed');
  const { context, page } = await newVisitor(browser);
  const violations = await watchViolations(context);
  await signIn(page, 'admin');
  await openFromTopMenu(page, 'system', '任务队列');
  await page.waitForURL('**/system/queues');
  const open = pane(page).getByTestId('open-queue-page');
  await eventually(
    () => open.getAttribute('data-disabled'),
    (disabled) => expect(disabled).toBeNull(),
  );
  expect(await open.getAttribute('href')).toBe('/server/admin/queues');

  const [board] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await board.waitForLoadState('domcontentloaded');
  expect(new URL(board.url()).pathname).toBe('/server/admin/queues');
  for (const name of Object.values(QUEUES)) {
    await board.getByText(name, { exact: true }).first().waitFor();
  }
  // The page asks its API for the queues with the cookie alone (a tab sends no header).
  const cookies = await context.cookies(`${APP_URL}/server/admin/queues`);
  const cookie = cookies.find((c) => c.name === 'gbo_queue_page');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/server/admin/queues' });
  expect((await context.cookies(`${APP_URL}/server/messages`)).some((c) => c.name === 'gbo_queue_page')).toBe(false);

  // The failed job, and its retry from the page: it waits again.
  await board.goto(`/server/admin/queues/queue/${QUEUES.maintenance}?status=failed`);
  await board.getByText('failed on purpose for the queue page').first().waitFor();
  // (Chromium here speaks en-US: Bull Board follows the browser's language.)
  await board.getByRole('button', { name: 'Retry all' }).click();
  await board.getByRole('button', { name: 'Confirm' }).click();
  await eventually(
    () => queue.getJobState(jobId),
    (state) => expect(state).toBe('waiting'),
  );
  await queue.remove(jobId);
  await queue.close();

  const unexpected = violations.filter((v) => !v.includes('fonts.googleapis.com'));
  expect(unexpected).toEqual([]);
  await context.close();
});

it('a user who is not an administrator has no menu entry and is refused by the page', async () => {
  const { context, page } = await newVisitor(browser);
  await signIn(page, 'apost');
  await page.getByTestId('top-menu-home').waitFor();
  expect(await page.getByTestId('top-menu-system').count()).toBe(0);
  const answer = await page.goto('/server/admin/queues');
  expect(answer?.status()).toBe(401);
  await page.goto('/system/queues');
  await page.waitForURL((url) => url.pathname !== '/system/queues');
  await context.close();
});
