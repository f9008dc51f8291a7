/**
 * Premium and counter-guarantee in the browser, each step by the demo user holding it, on the demo
 * loan standing in duringGuarantee (6,000,000.00 yuan, 18 months, 流动资金贷款 at 1.50 %): the
 * B-post officer registers the collateral (the owner refused when missing), sees the loan-to-value
 * and confirms; the A-post officer enters a premium other than the computed 135,000.00 (refused
 * without a reason, then with one), uploads the payment voucher and submits; finance confirms.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { apiToken as tokenOf, APP_URL, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(180_000);

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const DEMO_COMPANY = '上海新材科技发展有限公司';

async function api<T>(method: string, path: string, token?: string): Promise<{ status: number; body: { data: T; extras?: Record<string, unknown> } }> {
  const res = await fetch(`${APP_URL}/server${path}`, { method, headers: token ? { 'X-Platform-Token': token } : {} });
  return { status: res.status, body: (await res.json()) as { data: T } };
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

beforeAll(async () => {
  browser = await launchBrowser();
  const bpost = await tokenOf('bpost');
  const list = await api<{ list: { id: string; companyName: string }[] }>('GET', `/worklists/counterGuarantee?pageSize=100`, bpost);
  const row = list.body.data.list.find((r) => r.companyName === DEMO_COMPANY);
  if (!row) throw new Error(`the demo loan of ${DEMO_COMPANY} is not in the counter-guarantee list: ${JSON.stringify(list.body).slice(0, 300)}`);
  loanId = row.id;
});
afterAll(() => browser?.close());

it('B-post registers the collateral and confirms; the register locks', async () => {
  const page = await as('bpost');
  const panel = pane(page).getByTestId('collateral-panel');
  await panel.waitFor();
  await panel.getByTestId('collateral-add').click();
  const form = page.getByTestId('collateral-form');
  await form.getByTestId('collateral-save').click();
  await form.getByText('请填写所有权人（最多 100 字）').waitFor();
  await form.getByTestId('collateral-owner').fill('张三');
  await form.getByTestId('collateral-value').fill('8,000,000');
  await form.getByTestId('collateral-certificate').fill('沪(2026)浦字第000123号');
  await form.getByTestId('collateral-save').click();
  await form.waitFor({ state: 'detached' });
  await eventually(
    () => panel.getByTestId('collateral-row').allInnerTexts(),
    (rows) => expect(rows).toEqual([expect.stringContaining('张三')]),
  );
  expect(await panel.getByTestId('collateral-row').innerText()).toContain('8,000,000.00');
  expect(await panel.getByTestId('collateral-ltv').innerText()).toContain('75.00%');

  await act(page, 'COUNTER_GUARANTEE_CONFIRM');
  await panel.getByTestId('collateral-locked').waitFor();
  expect(await panel.getByTestId('collateral-add').count()).toBe(0);
  const register = await api<{ state: string; rows: { id: string }[] }>('GET', `/loans/${loanId}/collaterals`, await tokenOf('bpost'));
  expect(register.body.data.state).toBe('confirmed');
  const history = await api<{ type: string; payload: { collateral?: unknown } }[]>('GET', `/loans/${loanId}/history`, await tokenOf('admin'));
  const confirm = history.body.data.find((e) => e.type === 'COUNTER_GUARANTEE_CONFIRM');
  expect(confirm?.payload.collateral).toEqual([{ id: register.body.data.rows[0].id, kind: 'MORTGAGE' }]);
});

it('A-post enters the premium with a reason, uploads the voucher and submits; finance confirms', async () => {
  const page = await as('apost');
  const panel = pane(page).getByTestId('premium-panel');
  await panel.waitFor();
  expect(await panel.getByTestId('premium-suggested').innerText()).toBe('135,000.00');

  const form = await act(page, 'PREMIUM_ADD', (f) => f.locator('input[data-field="amount"]').fill('120000'));
  await form.getByText('请填写调整原因', { exact: false }).waitFor();
  await form.locator('textarea[data-field="reason"]').fill('银行协议优惠');
  await form.getByTestId('action-submit').click();
  await form.waitFor({ state: 'detached' });
  await eventually(
    () => panel.getByTestId('premium-entered').innerText(),
    (text) => expect(text).toContain('120,000.00'),
  );
  expect(await panel.getByTestId('premium-reason').innerText()).toBe('银行协议优惠');

  const chooser = page.waitForEvent('filechooser');
  await panel.getByTestId('premium-voucher-upload').click();
  await (await chooser).setFiles({ name: '保费缴费凭证.png', mimeType: 'image/png', buffer: PNG });
  await eventually(
    () => panel.getByTestId('premium-vouchers').innerText(),
    (text) => expect(text).toContain('保费缴费凭证.png'),
  );
  await act(page, 'PREMIUM_SUBMIT');
  await eventually(
    () => panel.getAttribute('data-state'),
    (state) => expect(state).toBe('submitted'),
  );

  const finance = await as('finance');
  const financePanel = pane(finance).getByTestId('premium-panel');
  await financePanel.waitFor();
  expect(await financePanel.getByTestId('premium-vouchers').innerText()).toContain('保费缴费凭证.png');
  await act(finance, 'PREMIUM_CONFIRM');
  await eventually(
    () => financePanel.getByTestId('premium-state').innerText(),
    (text) => expect(text).toBe('已确认'),
  );
});
