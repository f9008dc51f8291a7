/**
 * voucherList in the browser: the A-post officer (who holds sys:voucher:remind) sees the demo loan
 * awaiting disbursement with the disbursement columns, sends the reminder from its row and finds the
 * message on the dashboard; the ledger shows the day and amount the demo loan after disbursement was lent.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { apiToken as tokenOf, APP_URL, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(180_000);

const WAITING = '上海数创文化传媒有限公司'; // the demo loan standing in disbursement
const LENT = '上海智造机器人有限公司'; // the demo loan after disbursement

async function messagesOf(token: string): Promise<{ id: string; title: string; type: string; link: string | null }[]> {
  const res = await fetch(`${APP_URL}/server/messages?pageNum=1&pageSize=100`, { headers: { 'X-Platform-Token': token } });
  return ((await res.json()) as { data: { list: { id: string; title: string; type: string; link: string | null }[] } }).data.list;
}

let browser: Browser;
let page: Page;
const pane = (p: Page): Locator => p.locator('[data-testid="page-pane"][data-active]');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newVisitor(browser));
  await signIn(page, 'apost');
});
afterAll(() => browser?.close());

it('sends the disbursement reminder from a voucherList row, once a day', async () => {
  const token = await tokenOf('apost');
  const title = `放款提醒：${WAITING}`;
  // a fresh database (the browser tier starts its own): nothing sent yet today
  expect((await messagesOf(token)).filter((m) => m.title === title)).toHaveLength(0);

  await page.goto('/protectMiddle/voucherList');
  const list = pane(page).getByTestId('loan-list-page');
  await list.waitFor();
  await list.locator('thead th', { hasText: '放款日期' }).waitFor();
  await list.locator('thead th', { hasText: '放款金额（元）' }).waitFor();
  const row = list.locator(`[data-testid="loan-row"][data-company="${WAITING}"]`);
  await row.waitFor();
  await row.getByTestId('row-remind').click();
  await page.getByText(/已提醒 .+ 催促银行放款/).waitFor();

  const mine = await eventually(
    () => messagesOf(token),
    (messages) => expect(messages.filter((m) => m.title === title)).toHaveLength(1),
  );
  expect(mine.find((m) => m.title === title)).toMatchObject({ type: 'REMINDER', link: expect.stringMatching(/^\/company\/node\//) });

  // again the same day: nothing new, and the page says so
  await row.getByTestId('row-remind').click();
  await page.getByText(/今天已提醒过/).waitFor();
  expect((await messagesOf(token)).filter((m) => m.title === title)).toHaveLength(1);
});

it('shows the day and the amount lent on the ledger', async () => {
  // filtered to the loan: the demo's bad loans, lent later, fill the ledger's first page
  await page.goto(`/protectAfter/ledgerList?companyName=${encodeURIComponent(LENT)}`);
  const list = pane(page).getByTestId('loan-list-page');
  await list.waitFor();
  const row = list.locator(`[data-testid="loan-row"][data-company="${LENT}"]`);
  await row.waitFor();
  // the ledger's columns: the defaults, the B-post officer, then the day and the amount lent
  // (sortable headers are buttons to the accessibility tree: read the cells themselves)
  const headers = (await list.locator('thead th').allTextContents()).map((h) => h.trim());
  const on = headers.indexOf('放款日期');
  const lent = headers.indexOf('放款金额（元）');
  expect(on).toBeGreaterThan(0);
  expect(lent).toBe(on + 1);
  const cells = row.locator('td');
  expect(await cells.nth(on).textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(await cells.nth(lent).textContent()).toBe('7,000,000.00');
});
