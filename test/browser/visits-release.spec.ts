/**
 * After guarantee and release in the browser, each step by the demo user holding it, on the demo loan
 * standing just after disbursement (上海智造机器人有限公司, 7,000,000.00 yuan, one mortgage confirmed):
 * B-post uploads a visit attachment and submits round 1 as normal; the leader approves; round 2 is
 * downgraded to doubtful (refused without a reason, then with one); the leader sees the history and
 * approves; the principal is repaid (API: the repayment pages belong to the reminders work); the
 * clerk releases the guarantee and each collateral item on the release panel; the loan is closed and
 * the release ledger lists every item.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { APP_URL, DEMO_PASSWORD, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(240_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DEMO_COMPANY = '上海智造机器人有限公司';

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: { data: T } }> {
  const res = await fetch(`${APP_URL}/server${path}`, {
    method,
    headers: { ...(token ? { 'X-Platform-Token': token } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: T } };
}

async function tokenOf(username: string): Promise<string> {
  const key = (await api<{ publicKey: string }>('GET', '/open/auth/public-key')).body.data.publicKey;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD, 'utf8')).toString('base64');
  const res = await fetch(`${APP_URL}/server/open/auth/platformLogin/PLATFORM`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ checkStatus: true, username, password }),
  });
  const token = ((await res.json()) as { extras?: Record<string, unknown> }).extras?.['x-platform-token'];
  if (typeof token !== 'string') throw new Error(`sign-in of ${username} failed`);
  return token;
}

let browser: Browser;
let loanId: string;
const pages: Record<string, Page> = {};

async function as(username: string): Promise<Page> {
  if (!pages[username]) {
    const { page } = await newVisitor(browser);
    await signIn(page, username);
    pages[username] = page;
  }
  const page = pages[username];
  await page.goto(`/company/node/${loanId}`);
  await pane(page).getByTestId('loan-node-page').waitFor();
  return page;
}

const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

async function act(page: Page, action: string, fill?: (form: Locator) => Promise<void>): Promise<Locator> {
  await pane(page).locator(`[data-testid="action-button"][data-action="${action}"]`).click();
  const form = page.getByTestId('action-form');
  await form.waitFor();
  if (fill) await fill(form);
  await form.getByTestId('action-submit').click();
  return form;
}

const workflow = async () => (await api<{ version: number; state: unknown }>('GET', `/loans/${loanId}/workflow`, await tokenOf('admin'))).body.data;

beforeAll(async () => {
  browser = await launchBrowser();
  const bpost = await tokenOf('bpost');
  const list = await api<{ list: { id: string; companyName: string }[] }>('GET', `/worklists/bPostList?pageSize=100`, bpost);
  const row = list.body.data.list.find((r) => r.companyName === DEMO_COMPANY);
  if (!row) throw new Error(`the demo loan of ${DEMO_COMPANY} is not in the B-post list: ${JSON.stringify(list.body).slice(0, 300)}`);
  loanId = row.id;
});
afterAll(() => browser?.close());

it('B-post uploads a visit attachment and submits round 1 as normal; the leader approves', async () => {
  const page = await as('bpost');
  const panel = pane(page).getByTestId('visits-panel');
  await panel.waitFor();
  expect(await panel.getAttribute('data-state')).toBe('awaitingVisitReport');
  const chooser = page.waitForEvent('filechooser');
  await panel.getByTestId('visit-attachment-upload').click();
  await (await chooser).setFiles({ name: '第一轮走访报告.pdf', mimeType: 'application/pdf', buffer: PDF });
  await eventually(
    () => panel.getByTestId('visit-attachments').innerText(),
    (text) => expect(text).toContain('第一轮走访报告.pdf'),
  );

  const form = await act(page, 'VISIT_SUBMIT_REPORT', async (f) => {
    await f.getByLabel('报告审核', { exact: true }).check();
    await f.getByLabel('正常', { exact: true }).check();
  });
  await form.waitFor({ state: 'detached' });
  await eventually(
    () => panel.getByTestId('visit-row').count(),
    (n) => expect(n).toBe(1),
  );
  expect(await panel.getByTestId('visit-row').first().getAttribute('data-classification')).toBe('NORMAL');
  expect(await panel.getByTestId('visits-next-due').innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const leader = await as('leader');
  const leaderPanel = pane(leader).getByTestId('visits-panel');
  await leaderPanel.waitFor();
  expect(await leaderPanel.getByTestId('visit-attachments').innerText()).toContain('第一轮走访报告.pdf');
  await act(leader, 'VISIT_APPROVE');
  await eventually(
    () => leaderPanel.getByTestId('visit-row').first().getAttribute('data-state'),
    (state) => expect(state).toBe('APPROVED'),
  );
});

it('round 2 is downgraded to doubtful: a reason is required, the leader sees the downgrade and approves', async () => {
  const page = await as('bpost');
  const form = await act(page, 'VISIT_SUBMIT_REPORT', async (f) => {
    await f.getByLabel('资料审核', { exact: true }).check();
    await f.getByLabel('可疑', { exact: true }).check();
  });
  // refused without a reason: the server's message on the reason field, nothing written
  await form.locator('.mantine-InputWrapper-error', { hasText: '请填写分类原因' }).waitFor();
  await form.locator('textarea[data-field="reason"]').fill('主要客户流失，连续两月未付息');
  await form.getByTestId('action-submit').click();
  await form.waitFor({ state: 'detached' });

  const leader = await as('leader');
  const panel = pane(leader).getByTestId('visits-panel');
  await panel.waitFor();
  await eventually(
    () => panel.getByTestId('visit-row').count(),
    (n) => expect(n).toBe(2),
  );
  const second = panel.getByTestId('visit-row').nth(1);
  expect(await second.getAttribute('data-classification')).toBe('DOUBTFUL');
  const text = await second.innerText();
  expect(text).toContain('下调');
  expect(text).toContain('主要客户流失');
  expect(await panel.getByTestId('visits-current').innerText()).toBe('可疑');
  await act(leader, 'VISIT_APPROVE');
  await eventually(
    () => second.getAttribute('data-state'),
    (state) => expect(state).toBe('APPROVED'),
  );
});

it('after the principal is repaid, the clerk releases the guarantee and each collateral item; the loan closes and the ledger lists them', async () => {
  // The whole principal repaid (the repayment pages are the reminders work): the loan moves to release.
  const finance = await tokenOf('finance');
  const before = await workflow();
  const repaid = await api('POST', `/loans/${loanId}/events`, finance, {
    type: 'RECORD_REPAYMENT',
    expectedVersion: before.version,
    payload: { amount: 7_000_000 },
  });
  expect(repaid.status).toBe(200);

  const page = await as('admin');
  const panel = pane(page).getByTestId('release-panel');
  await panel.waitFor();
  const items = panel.getByTestId('release-item');
  await eventually(
    () => items.count(),
    (n) => expect(n).toBeGreaterThanOrEqual(2),
  );
  const total = await items.count();
  expect(await items.first().getAttribute('data-kind')).toBe('GUARANTEE');
  for (let released = 0; released < total; released++) {
    await panel.getByTestId('release-confirm').first().click();
    await eventually(
      () => panel.locator('[data-testid="release-item"][data-state="RELEASED"]').count(),
      (n) => expect(n).toBe(released + 1),
    );
  }
  expect(await panel.getByTestId('release-confirm').count()).toBe(0);
  expect((await workflow()).state).toBe('closed');

  await page.goto('/protectAfter/relieve');
  const ledger = pane(page).getByTestId('release-ledger');
  await ledger.waitFor();
  await eventually(
    () => ledger.locator('[data-testid="release-ledger-row"]', { hasText: DEMO_COMPANY }).count(),
    (n) => expect(n).toBe(total),
  );
  expect(await ledger.locator('[data-testid="release-ledger-row"][data-kind="GUARANTEE"]', { hasText: DEMO_COMPANY }).innerText()).toContain('7,000,000.00');
});
