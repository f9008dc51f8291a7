/**
 * The operations console as an administrator uses it, against the real server: a fresh loan has
 * stood in data collection for three hours (its last event backdated in the database, as an idle
 * loan's would be); the administrator lowers data collection's stuck-loan limit to one hour on the
 * Limits tab, finds the loan on the Stuck loans tab, moves it to "materials received" with a reason
 * (the dialog says from where to where), sees the move on the loan's node page (badge, operator,
 * reason, both states by name), and finds it in the operator trail. Data collection's limit is put
 * back to its default afterwards. Anyone else has no entry and is refused. The custody settings
 * dialog (administrators only) checks its values, saves them, and is put back as it was.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { Client } from 'pg';
import { APP_URL, apiToken, eventually, launchBrowser, newVisitor, openFromTopMenu, randomCreditCode, signIn } from './support/browser';

jest.setTimeout(240_000);

// answers of a loaded server can take long: wait for them generously, never for a fixed time
const SLOW = 30_000;
const REASON = `客户资料已线下收齐，补录接收状态 ${Date.now() % 100_000}`;
const COMPANY = `运维调整测试企业${Date.now() % 10_000_000}`;

interface Envelope<T> {
  code: string;
  data: T;
}
async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${APP_URL}/server${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Platform-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

let browser: Browser;
let page: Page;
let admin: string;
let loanId: string;
const pane = (p: Page): Locator => p.locator('[data-testid="page-pane"][data-active]');

async function pick(input: Locator, option: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiToken('admin');
  const apost = await apiToken('apost');
  const company = await api<{ id: string }>('POST', '/companies', apost, { name: COMPANY, creditCode: randomCreditCode() });
  if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
  const loan = await api<{ id: string }>('POST', '/loans', apost, { companyId: company.body.data.id, amount: 3_000_000, termMonths: 12, bank: '中国银行' });
  if (loan.status !== 201) throw new Error(`loan: ${loan.status} ${JSON.stringify(loan.body)}`);
  loanId = loan.body.data.id;
  // idle for three hours: past a one-hour limit, well within data collection's default (30 days)
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(`UPDATE workflow_instance SET updated_at = now() - interval '3 hours' WHERE loan_id = $1`, [loanId]);
  } finally {
    await db.end();
  }
  ({ page } = await newVisitor(browser));
  page.setDefaultTimeout(SLOW);
  await signIn(page);
});

afterAll(async () => {
  // data collection's limit back to its default, for whatever runs next
  if (admin) await api('PUT', '/operations/limits', admin, { stage: 'collection', hours: null, reason: 'browser test: back to the default' });
  await browser?.close();
});

it('an administrator finds a stuck loan on the console, moves it with a reason, and sees the move on its node page and in the trail', async () => {
  const before = await api<{ state: unknown }>('GET', `/loans/${loanId}/workflow`, admin);
  expect(before.body.data.state).toEqual({ collection: 'toBeImproved' });

  // System -> Operations, from the menu
  await openFromTopMenu(page, 'system', '运维');
  if (!new URL(page.url()).pathname.startsWith('/system/operations'))
    await page.getByTestId('sidebar').getByRole('link', { name: '运维', exact: true }).click();
  await page.waitForURL('**/system/operations**');
  const console_ = pane(page).getByTestId('operations-page');
  await console_.waitFor();

  // Limits: data collection down to one hour, with a reason, confirmed
  await console_.getByTestId('ops-tab-limits').click();
  const row = console_.locator('[data-testid="ops-limit-row"][data-stage="collection"]');
  await row.getByTestId('ops-limit-hours').fill('0');
  expect(await row.getByText('请填写 1 到 87600 之间的整数').count()).toBe(1);
  await row.getByTestId('ops-limit-hours').fill('1');
  await row.getByTestId('ops-limit-save').click();
  const limitDialog = page.getByRole('dialog');
  expect(await limitDialog.getByTestId('ops-limit-summary').innerText()).toContain('改为 1 小时');
  await limitDialog.getByTestId('ops-limit-reason').fill('浏览器测试：收紧资料收集时限');
  await limitDialog.getByTestId('ops-limit-confirm').click();
  await limitDialog.waitFor({ state: 'detached' });
  await eventually(
    () => row.getByTestId('ops-limit-hours').inputValue(),
    (v) => expect(v).toBe('1'),
    SLOW,
  );

  // Stuck loans, data collection only: the loan is there (oldest first, so it may be a few pages on)
  await console_.getByTestId('ops-tab-stuck').click();
  await pick(console_.getByTestId('ops-stuck-stage'), '资料收集与完善');
  const stuckRow = console_.locator(`[data-testid="ops-stuck-row"][data-loan="${loanId}"]`);
  for (let pageNo = 1; ; pageNo++) {
    const found = await eventually(
      async () => ({ here: await stuckRow.count(), rows: await console_.getByTestId('ops-stuck-row').count() }),
      (v) => expect(v.rows).toBeGreaterThan(0),
      SLOW,
    );
    if (found.here > 0) break;
    const next = console_.getByRole('button', { name: '下一页' });
    expect(await next.isEnabled()).toBe(true);
    expect(pageNo).toBeLessThan(50);
    await next.click();
  }
  expect(await stuckRow.innerText()).toContain(COMPANY);
  expect(await stuckRow.innerText()).toContain('资料待完善');

  // Move: target by its names, the dialog says from where to where, a reason, confirm
  await stuckRow.getByTestId('ops-move-open').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('ops-move-confirm').waitFor();
  expect(await dialog.getByTestId('ops-move-confirm').isDisabled()).toBe(true);
  await pick(dialog.getByTestId('ops-move-stage'), '资料收集与完善');
  await pick(dialog.getByTestId('ops-move-pick'), '资料已接收，待提交预审会');
  const summary = await dialog.getByTestId('ops-move-summary').innerText();
  expect(summary).toContain(COMPANY);
  expect(summary).toContain('从「资料收集与完善：资料待完善」调整到「资料收集与完善：资料已接收，待提交预审会」');
  // no reason: refused here, nothing sent
  await dialog.getByTestId('ops-move-confirm').click();
  await dialog.getByText('请填写原因').waitFor();
  await dialog.getByTestId('ops-move-reason').fill(REASON);
  await dialog.getByTestId('ops-move-confirm').click();
  await dialog.waitFor({ state: 'detached' });
  const after = await api<{ state: unknown }>('GET', `/loans/${loanId}/workflow`, admin);
  expect(after.body.data.state).toEqual({ collection: 'received' });
  // moved just now: no longer stuck
  await eventually(
    () => stuckRow.count(),
    (n) => expect(n).toBe(0),
    SLOW,
  );

  // The node page: the event set apart, with the operator, the reason and both states by name
  await page.goto(`/company/node/${loanId}`);
  await pane(page).getByTestId('loan-node-page').waitFor();
  await pane(page).getByRole('tab', { name: '事件历史' }).click();
  const move = pane(page).locator('[data-testid="history-row"][data-type="OPERATOR_MOVE"]');
  await move.waitFor();
  const moveText = await move.getByTestId('history-operator-move').innerText();
  expect(moveText).toContain('运维调整');
  expect(moveText).toContain(REASON);
  expect(await move.getByTestId('history-operator-move-states').innerText()).toBe('资料收集与完善：资料待完善 → 资料收集与完善：资料已接收，待提交预审会');

  // The operator trail holds the move (who, what, why, before and after)
  await page.goto('/system/operations?tab=trail');
  const trailRow = pane(page).locator(`[data-testid="ops-trail-row"][data-action="MOVE"][data-loan="${loanId}"]`);
  await trailRow.waitFor();
  const trailText = await trailRow.innerText();
  expect(trailText).toContain(REASON);
  expect(trailText).toContain('调整状态');
  expect(trailText).toContain('资料收集与完善：资料待完善');
  expect(trailText).toContain('资料收集与完善：资料已接收，待提交预审会');
  // the limit change is in the trail too
  await pick(pane(page).getByTestId('ops-trail-action'), '设置');
  await eventually(
    () => pane(page).locator('[data-testid="ops-trail-row"][data-action="SETTINGS"]').first().innerText(),
    (text) => expect(text).toContain('浏览器测试：收紧资料收集时限'),
    SLOW,
  );
});

it('anyone but an administrator has no Operations entry, is turned away from the page, and the server refuses the console’s routes', async () => {
  const { context, page: other } = await newVisitor(browser);
  other.setDefaultTimeout(SLOW);
  await signIn(other, 'apost');
  await other.getByTestId('top-menu-home').waitFor();
  expect(await other.getByTestId('top-menu-system').count()).toBe(0);
  await other.goto('/system/operations');
  await other.waitForURL((url) => url.pathname !== '/system/operations');
  const token = await apiToken('apost');
  expect((await api('GET', '/operations/stuck', token)).status).toBe(403);
  expect((await api('PUT', '/operations/limits', token, { stage: 'collection', hours: 1, reason: 'x' })).status).toBe(403);
  await context.close();
});

interface CustodySettings {
  ltvThresholdBp: number;
  intervalMonths: { MORTGAGE: number; PLEDGE: number; OTHER: number };
}

it('an administrator changes the custody settings in their dialog (checked before sending); others see no such button', async () => {
  const original = (await api<CustodySettings>('GET', '/custody/settings', admin)).body.data;
  try {
    await page.goto('/protectMiddle/custody');
    await pane(page).getByTestId('custody-page').waitFor();
    await pane(page).getByTestId('custody-settings-open').click();
    const form = page.getByTestId('custody-settings-form');
    await form.waitFor();
    expect(await form.getByTestId('custody-settings-MORTGAGE').inputValue()).toBe(String(original.intervalMonths.MORTGAGE));
    // out of bounds: refused in the dialog, nothing sent
    await form.getByTestId('custody-settings-MORTGAGE').fill('121');
    await form.getByTestId('custody-settings-ltv').fill('65.555');
    await form.getByTestId('custody-settings-save').click();
    await form.getByText('请填写 1 到 120 的整数月数').waitFor();
    await form.getByText('请填写 1 到 1000 之间的百分比（最多两位小数）').waitFor();
    expect((await api<CustodySettings>('GET', '/custody/settings', admin)).body.data).toEqual(expect.objectContaining(original));
    await form.getByTestId('custody-settings-MORTGAGE').fill('9');
    await form.getByTestId('custody-settings-ltv').fill('65.5');
    await form.getByTestId('custody-settings-save').click();
    await form.waitFor({ state: 'detached' });
    await eventually(
      async () => (await api<CustodySettings>('GET', '/custody/settings', admin)).body.data,
      (s) => expect(s).toMatchObject({ ltvThresholdBp: 6550, intervalMonths: { ...original.intervalMonths, MORTGAGE: 9 } }),
      SLOW,
    );

    // the A-post officer reads the inventory but has no settings button
    const { context, page: other } = await newVisitor(browser);
    other.setDefaultTimeout(SLOW);
    await signIn(other, 'apost');
    await other.goto('/protectMiddle/custody');
    await pane(other).getByTestId('custody-page').waitFor();
    expect(await pane(other).getByTestId('custody-settings-open').count()).toBe(0);
    await context.close();
  } finally {
    await api('PUT', '/custody/settings', admin, { ltvThresholdBp: original.ltvThresholdBp, intervalMonths: original.intervalMonths });
  }
});
