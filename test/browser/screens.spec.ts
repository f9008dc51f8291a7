/**
 * What the screens say, on the demo data: a closed loan does not read "in
 * progress" (also after a reload), a loan's tab names its company, spec codes are not badges, the
 * release ledger names its items with their kind and value, a confirmed premium shows its voucher,
 * the history log says what was done, and the English page greets without a Chinese name.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { apiData as api, apiToken as tokenOf, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(120_000);

async function demoLoan(token: string, companyName: string): Promise<string> {
  const page = await api<{ list: { id: string }[] }>(`/loans?companyName=${encodeURIComponent(companyName)}`, token);
  if (page.list.length !== 1) throw new Error(`demo loan of ${companyName}: ${page.list.length} found`);
  return page.list[0].id;
}

const pane = (page: Page) => page.locator('[data-testid="page-pane"][data-active]');
const text = (l: Locator) => l.innerText().then((s) => s.trim());
/** Whether an element shows all of its text (nothing cut off with an ellipsis). */
const whole = (l: Locator) => l.evaluate((el) => [...el.querySelectorAll('*'), el].every((e) => e.scrollWidth <= e.clientWidth + 1));

const CLOSED = '上海凯达汽车零部件有限公司';
const DISBURSEMENT = '上海数创文化传媒有限公司';

let browser: Browser;
let admin: string;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await tokenOf('admin');
});
afterAll(async () => {
  await browser?.close();
});

it('a closed loan reads closed and released, never "in progress", also after a reload; its tab names the company; no spec-code badges', async () => {
  const closed = await demoLoan(admin, CLOSED);
  const { page, context } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto(`/company/node/${closed}`);
  for (const round of ['first load', 'reload']) {
    const header = pane(page).getByTestId('loan-header');
    await header.waitFor();
    expect([round, await text(pane(page).getByTestId('loan-stage'))]).toEqual([round, '已结束']);
    expect(await text(pane(page).getByTestId('loan-status'))).toBe('已解除');
    expect(await pane(page).getByTestId('loan-project').count()).toBe(0);
    expect(await text(header)).not.toContain('进行中');
    // The tab: the company, shortened, whole on hover.
    const tab = page.locator('[data-testid="tag"][data-active] [data-titled]');
    await eventually(
      () => tab.getAttribute('title'),
      (title) => expect(title).toBe(CLOSED),
    );
    expect(await text(tab)).toBe('上海凯达汽车零部件…');
    if (round === 'first load') await page.reload();
  }
  // The spec's process codes are not shown as badges; the stage names stand alone (a code is a tooltip).
  await pane(page).getByTestId('node-timeline').waitFor();
  expect(await text(pane(page))).not.toMatch(/\b(ZLSJYWS|YSH|ZBH|BSH|DKHT|FKPZ|BHBG|DBDZYJC)\b/);
  expect(await pane(page).locator('[data-testid="timeline-node"][data-stage="collection"] [title="ZLSJYWS"]').count()).toBe(1);
  // The release panel's states are whole words.
  const states = pane(page).getByTestId('release-panel').getByTestId('release-state');
  await states.first().waitFor();
  for (const state of await states.all()) {
    expect(await text(state)).toBe('已解除');
    expect(await whole(state)).toBe(true);
  }
  await context.close();
});

it('the release ledger names each item with its kind and value, and its status badges are whole', async () => {
  const { page, context } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto('/protectAfter/relieve');
  const ledger = pane(page).getByTestId('release-ledger');
  await ledger.waitFor();
  const mortgage = ledger.locator('[data-testid="release-ledger-row"][data-kind="MORTGAGE"]', { hasText: CLOSED });
  await mortgage.waitFor();
  const item = await text(mortgage.getByTestId('release-ledger-item'));
  expect(item).toContain('厂房及土地使用权');
  expect(item).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  expect(await text(mortgage.getByTestId('release-ledger-kind'))).toBe('抵押');
  expect(await text(mortgage.getByTestId('release-ledger-value'))).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  // The list above: each status badge shows its whole text.
  const badges = pane(page).getByTestId('row-status');
  await badges.first().waitFor();
  for (const badge of await badges.all()) expect([await text(badge), await whole(badge)]).toEqual([await text(badge), true]);
  await context.close();
});

it('a loan whose premium finance confirmed shows the payment voucher it was confirmed on', async () => {
  const loan = await demoLoan(admin, DISBURSEMENT);
  const { page, context } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto(`/company/node/${loan}`);
  const premium = pane(page).getByTestId('premium-panel');
  await premium.waitFor();
  expect(await text(premium.getByTestId('premium-state'))).toBe('已确认');
  expect(await text(premium.getByTestId('premium-vouchers'))).toContain('保费缴纳凭证');
  await context.close();
});

it('the history log says what was done and to what; the English page greets and titles in English', async () => {
  const { page, context } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto('/history/historyLog');
  const actions = pane(page).getByTestId('history-action');
  await actions.first().waitFor();
  const words = await actions.allInnerTexts();
  expect(words).toContain('登录 · admin');
  expect(words.join('\n')).not.toContain('/server/');

  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await eventually(
    () => actions.allInnerTexts(),
    (list) => expect(list).toContain('Sign in · admin'),
  );
  await page.goto('/dashboard');
  await pane(page).getByRole('heading', { name: 'Hello, admin' }).waitFor();
  // A loan's tab names its company in English too, not "Loan nodes".
  const loan = await demoLoan(admin, CLOSED);
  await page.goto(`/company/node/${loan}`);
  await pane(page).getByTestId('loan-header').waitFor();
  expect((await text(pane(page).getByTestId('loan-stage'))).toLowerCase()).toBe('closed'); // badges are upper case in English
  const tags = await page.getByTestId('tag').allInnerTexts();
  expect(tags.join('|')).not.toContain('Loan nodes');
  await context.close();
});
