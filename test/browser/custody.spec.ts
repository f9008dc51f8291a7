/**
 * Custody of a certificate through the screens, each step by the demo account holding its key, on the
 * demo loan standing in release (上海恒信节能环保有限公司, whose confirmed items have certificates in the
 * vault): finance (the vault keeper) registers a new certificate of the mortgage, deposits it and lends
 * it to the A-post officer with the receiver's confirmation; the release of the item is refused while
 * it is out, naming it; the A-post officer (the borrower) returns it from the loan page; the A-post
 * officer then confirms the item's release naming who takes the certificates, which go out with it; the
 * vault inventory shows it out at release, and its history lists every move.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { apiData, apiToken, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(240_000);

const DEMO_COMPANY = '上海恒信节能环保有限公司';
const NUMBER = `沪(2026)浦东不动产证明第${Date.now() % 10_000_000}号`;

let browser: Browser;
let loanId: string;
const pages: Record<string, Page> = {};
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

async function loanPage(username: string): Promise<Page> {
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

const certificateRow = (page: Page) => pane(page).locator(`[data-testid="custody-certificate"][data-number="${NUMBER}"]`);

async function pick(page: Page, input: Locator, option: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await apiToken('finance');
  const loans = await apiData<{ list: { id: string; companyName: string }[] }>(`/loans?companyName=${encodeURIComponent(DEMO_COMPANY)}`, token);
  loanId = loans.list.find((l) => l.companyName === DEMO_COMPANY)!.id;
});
afterAll(async () => {
  await browser?.close();
});

it('a certificate is deposited, lent, returned by its borrower and handed out at release, through the screens', async () => {
  // finance, the vault keeper: register, deposit, lend
  const finance = await loanPage('finance');
  const panel = pane(finance).getByTestId('custody-panel');
  await panel.waitFor();
  await panel.getByTestId('custody-register').click();
  const form = finance.getByTestId('certificate-form');
  await form.waitFor();
  // refused while incomplete, nothing sent
  await form.getByTestId('certificate-save').click();
  await eventually(
    () => form.getByText('必填').count(),
    (n) => expect(n).toBeGreaterThan(0),
  );
  await pick(finance, form.getByTestId('certificate-item'), '抵押');
  await pick(finance, form.getByTestId('certificate-kind'), '他项权证');
  await form.getByTestId('certificate-number').fill(NUMBER);
  await form.getByTestId('certificate-issuer').fill('上海市浦东新区规划和自然资源局');
  await form.getByTestId('certificate-holder').fill('上海市融资担保有限公司');
  await form.getByTestId('certificate-save').click();
  await form.waitFor({ state: 'detached' });
  await eventually(
    () => certificateRow(finance).getAttribute('data-state'),
    (state) => expect(state).toBe('AWAITING_DEPOSIT'),
  );

  await certificateRow(finance).getByTestId('custody-deposit').click();
  await finance.getByTestId('deposit-save').click();
  await eventually(
    () => certificateRow(finance).getAttribute('data-state'),
    (state) => expect(state).toBe('IN_VAULT'),
  );

  await certificateRow(finance).getByTestId('custody-lend').click();
  const lend = finance.getByTestId('lend-form');
  await lend.waitFor();
  await pick(finance, lend.getByTestId('lend-borrower'), 'apost');
  await lend.getByTestId('lend-reason').fill('送不动产登记中心办理注销');
  const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await lend.getByTestId('lend-due').fill(due);
  await lend.getByTestId('lend-due').press('Enter');
  // the receiver's confirmation is required
  await lend.getByTestId('lend-save').click();
  await lend.getByText('须由接收人确认').waitFor();
  await lend.getByTestId('lend-confirmed').check();
  await lend.getByTestId('lend-save').click();
  await lend.waitFor({ state: 'detached' });
  await eventually(
    () => certificateRow(finance).getAttribute('data-state'),
    (state) => expect(state).toBe('LENT'),
  );

  // the A-post officer: the release of the mortgage is refused while its certificate is out, naming it
  const apost = await loanPage('apost');
  const release = pane(apost).getByTestId('release-panel');
  await release.waitFor();
  const mortgage = release.locator('[data-testid="release-item"][data-kind="MORTGAGE"][data-state="UNRESOLVED"]').first();
  await mortgage.getByTestId('release-confirm').click();
  await apost.getByTestId('release-confirm-ok').click();
  await apost.getByText(NUMBER, { exact: false }).first().waitFor();
  expect(await release.locator('[data-testid="release-item"][data-kind="MORTGAGE"][data-state="RELEASED"]').count()).toBe(0);

  // the borrower returns it from the loan page
  await apost.reload();
  await certificateRow(apost).getByTestId('custody-return').click();
  await apost.getByTestId('return-reason').fill('注销材料已交回');
  await apost.getByTestId('return-save').click();
  await eventually(
    () => certificateRow(apost).getAttribute('data-state'),
    (state) => expect(state).toBe('IN_VAULT'),
  );

  // the release now goes through, naming who takes the certificates: they go out with it
  await mortgage.getByTestId('release-confirm').click();
  await apost.getByTestId('release-received-by').fill('张建国');
  await apost.getByTestId('release-confirm-ok').click();
  await eventually(
    () => certificateRow(apost).getAttribute('data-state'),
    (state) => expect(state).toBe('RELEASED'),
  );
  expect(await certificateRow(apost).innerText()).toContain('张建国');

  // the vault inventory: out at release, and its history of every move
  await finance.goto('/protectMiddle/custody');
  const inventory = pane(finance).getByTestId('custody-page');
  await inventory.waitFor();
  await inventory.getByTestId('custody-views').getByText('解押出库', { exact: false }).click();
  const row = inventory.locator(`[data-testid="custody-row"][data-number="${NUMBER}"]`);
  await row.waitFor();
  expect(await row.getAttribute('data-state')).toBe('RELEASED');
  await row.click();
  const history = finance.getByTestId('custody-history');
  await history.waitFor();
  await eventually(
    () => history.locator('[data-testid="custody-move"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind'))),
    (kinds) => expect(kinds).toEqual(['REGISTER', 'DEPOSIT', 'LEND', 'RETURN', 'RELEASE']),
  );
});
