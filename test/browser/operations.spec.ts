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

/** A new loan of its own company in data collection (as created), answering its id. */
async function newLoan(apost: string, name: string): Promise<string> {
  const company = await api<{ id: string }>('POST', '/companies', apost, { name, creditCode: randomCreditCode() });
  if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
  const loan = await api<{ id: string }>('POST', '/loans', apost, { companyId: company.body.data.id, amount: 3_000_000, termMonths: 12, bank: '中国银行' });
  if (loan.status !== 201) throw new Error(`loan: ${loan.status} ${JSON.stringify(loan.body)}`);
  return loan.body.data.id;
}

/** Its last event `interval` ago, as a loan left alone that long (the app's own database connection). */
async function idleFor(loanIds: string[], interval: string): Promise<void> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(`UPDATE workflow_instance SET updated_at = now() - $2::interval WHERE loan_id = ANY($1::uuid[])`, [loanIds, interval]);
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiToken('admin');
  const apost = await apiToken('apost');
  loanId = await newLoan(apost, COMPANY);
  // idle for three hours: past a one-hour limit, well within data collection's default (30 days)
  await idleFor([loanId], '3 hours');
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
  // filtered by the loan: its rows only
  await pane(page).getByTestId('ops-trail-loan').fill(loanId);
  await eventually(
    async () =>
      pane(page)
        .locator('[data-testid="ops-trail-row"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-loan'))),
    (loans) => expect(loans.length > 0 && loans.every((l) => l === loanId)).toBe(true),
    SLOW,
  );
  await pane(page).getByTestId('ops-trail-loan').fill('');
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

it('a batch over loans ticked on the stuck list reports each loan: one moved, one skipped as already there', async () => {
  const apost = await apiToken('apost');
  const names = [`批量调整测试甲${Date.now() % 10_000_000}`, `批量调整测试乙${Date.now() % 10_000_000}`];
  const ids = [await newLoan(apost, names[0]), await newLoan(apost, names[1])];
  // the second already stands where the batch moves both
  const view = await api<{ version: number }>('GET', `/loans/${ids[1]}/workflow`, admin);
  const moved = await api('POST', `/loans/${ids[1]}/events`, admin, {
    type: 'OPERATOR_MOVE',
    payload: { target: { collection: 'received' }, reason: 'browser test: set up' },
    expectedVersion: view.body.data.version,
  });
  expect(moved.status).toBe(200);
  // idle for 400 days: past the default limit, and the oldest of data collection (first on its first page)
  await idleFor(ids, '400 days');

  await page.goto('/system/operations?tab=stuck');
  const console_ = pane(page).getByTestId('operations-page');
  await pick(console_.getByTestId('ops-stuck-stage'), '资料收集与完善');
  for (const id of ids) {
    const row = console_.locator(`[data-testid="ops-stuck-row"][data-loan="${id}"]`);
    await row.waitFor();
    await row.getByRole('checkbox').check();
  }
  await console_.getByTestId('ops-stuck-batch').click();
  const dialog = page.getByRole('dialog');
  await pick(dialog.getByTestId('ops-batch-stage'), '资料收集与完善');
  await pick(dialog.getByTestId('ops-batch-pick'), '资料已接收，待提交预审会');
  expect(await dialog.getByTestId('ops-batch-create-summary').innerText()).toContain(
    '将对 2 笔贷款执行「调整状态」，目标「资料收集与完善：资料已接收，待提交预审会」',
  );
  await dialog.getByTestId('ops-batch-create-reason').fill('浏览器测试：批量补录接收');
  await dialog.getByTestId('ops-batch-create-confirm').click();
  // the batch's drawer is a dialog too: wait for the confirm dialog's own button to go
  await page.getByTestId('ops-batch-create-confirm').waitFor({ state: 'detached' });

  // the batch's drawer opens and follows it to the end
  const detail = page.getByTestId('ops-batch-detail');
  await detail.waitFor();
  await eventually(
    () => detail.getByTestId('ops-batch-status').getAttribute('data-status'),
    (status) => expect(status).toBe('DONE'),
    60_000,
  );
  await eventually(
    async () => ({
      applied: await detail.locator('[data-testid="ops-batch-item"][data-outcome="APPLIED"]').allInnerTexts(),
      skipped: await detail.locator('[data-testid="ops-batch-item"][data-outcome="SKIPPED"]').allInnerTexts(),
    }),
    (items) => {
      expect(items.applied).toHaveLength(1);
      expect(items.applied[0]).toContain(names[0]);
      expect(items.skipped).toHaveLength(1);
      expect(items.skipped[0]).toContain(names[1]);
      expect(items.skipped[0]).toContain('贷款已处于目标节点');
    },
    SLOW,
  );
  expect(await detail.getByTestId('ops-batch-counts').innerText()).toContain('已执行 1 · 被拒 0 · 跳过 1 / 共 2');
  // filtered by outcome: the skipped one alone
  await detail.getByTestId('ops-batch-outcome').getByText('跳过', { exact: true }).click();
  await eventually(
    () => detail.getByTestId('ops-batch-item').allInnerTexts(),
    (items) => expect(items.length === 1 && items[0].includes(names[1])).toBe(true),
    SLOW,
  );
  const after = await api<{ state: unknown }>('GET', `/loans/${ids[0]}/workflow`, admin);
  expect(after.body.data.state).toEqual({ collection: 'received' });
  // no longer idle: nothing of this test stays on the stuck list for the specs after it
  await idleFor(ids, '0 seconds');
});
