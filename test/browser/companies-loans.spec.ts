/**
 * Companies, loans and the stage lists, as staff use them: the A-post officer registers a company
 * (with a valid unified social credit code, after the form refused a wrong check character),
 * initiates a loan and lands on its node page, sees it in the loan list; materials are returned and
 * received by the administrator (the clerk) from the list, the A-post submits to pre-review from the
 * list, and the pre-review approver approves from the pre-review approval list.
 */
import { exampleContent } from '@app/workflow';
import { randomInt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { APP_URL, eventually, launchBrowser, newVisitor, randomCreditCode, signIn, storage } from './support/browser';

jest.setTimeout(180_000);

let browser: Browser;
const pages: Record<string, Page> = {};

async function as(username: string): Promise<Page> {
  if (!pages[username]) {
    const { page } = await newVisitor(browser);
    await signIn(page, username);
    pages[username] = page;
  }
  return pages[username];
}

/** The page on screen (kept-alive tags keep others mounted but hidden). */
const active = (page: Page) => page.locator('[data-testid="page-pane"][data-active]');

async function openList(page: Page, path: string, companyName: string): Promise<Locator> {
  await page.goto(path);
  const pane = active(page);
  await pane.getByTestId('loan-list-page').waitFor();
  await pane.getByTestId('filter-company').fill(companyName);
  await pane.getByTestId('search').click();
  return pane.locator(`[data-testid="loan-row"][data-company="${companyName}"]`);
}

/** Runs one row action through the machine's action form (a reason when it asks for one). */
async function act(page: Page, row: Locator, type: string, reason?: string): Promise<void> {
  await row.locator(`[data-testid="row-action"][data-action="${type}"]`).click();
  const form = page.locator(`[data-testid="action-form"][data-action="${type}"]`);
  await form.waitFor();
  if (reason) await form.locator('[data-field="reason"]').fill(reason);
  await form.getByTestId('action-submit').click();
  await form.waitFor({ state: 'detached' });
}

const actionsOf = (row: Locator) => row.locator('[data-testid="row-action"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
const statusOf = (row: Locator) => row.getByTestId('row-status').getAttribute('data-status');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('companies, loans and the pre-review lists (each step by the user holding its role)', () => {
  const companyName = `上海浏览器测试${randomInt(100000, 999999)}科技有限公司`;
  const creditCode = randomCreditCode();
  let loanId = '';

  it('the A-post officer registers a company; the form refuses a wrong check character first', async () => {
    const page = await as('apost');
    await page.goto('/company/list');
    const pane = active(page);
    await pane.getByTestId('company-list-page').waitFor();
    await pane.getByTestId('add-company').click();
    const form = page.getByTestId('company-form');
    await form.locator('[data-field="name"]').fill(companyName);
    const wrong = creditCode.slice(0, 17) + (creditCode[17] === '0' ? '1' : '0');
    await form.locator('[data-field="creditCode"]').fill(wrong);
    await form.locator('[data-field="contactPhone"]').fill('13800138000');
    await form.locator('[data-field="legalRepresentative"]').fill('王强');
    await form.locator('[data-field="districtCode"]').click();
    await page.getByRole('option', { name: '浦东新区' }).click();
    await form.getByTestId('company-submit').click();
    await form.getByText('统一社会信用代码应为 18 位，且校验位正确').waitFor();

    await form.locator('[data-field="creditCode"]').fill(creditCode.toLowerCase());
    await form.getByText('校验位正确').waitFor();
    await form.getByTestId('company-submit').click();
    await form.waitFor({ state: 'detached' });
    await pane.getByTestId('filter-name').fill(companyName);
    await pane.getByTestId('search').click();
    await pane.locator(`[data-testid="company-actions"][data-company="${companyName}"]`).waitFor();
    expect(await pane.locator('tbody tr').first().innerText()).toContain(creditCode);
  });

  it('initiates a loan from the company list and lands on its node page', async () => {
    const page = await as('apost');
    const pane = active(page);
    await pane.locator(`[data-testid="company-actions"][data-company="${companyName}"]`).getByRole('button', { name: '发起贷款' }).click();
    const form = page.getByTestId('loan-form');
    await form.locator('[data-field="amount"]').fill('3000000');
    await form.locator('[data-field="termMonths"]').fill('12');
    await form.locator('[data-field="bank"]').fill('中国银行');
    await form.locator('[data-field="loanType"]').fill('流动资金贷款');
    await form.locator('[data-field="bPostOfficerId"]').click();
    await page.getByRole('option', { name: /（bpost）$/ }).click();
    await form.getByTestId('loan-submit').click();
    await page.waitForURL(/\/company\/node\/[0-9a-f-]{36}$/);
    loanId = new URL(page.url()).pathname.split('/').pop()!;
  });

  it('sees the loan in the loan list and submits the materials from it', async () => {
    // The customer data is the loan-data feature's form; saved here through its API as the A-post.
    const page = await as('apost');
    const token = await storage(page, 'accessToken');
    const saved = await fetch(`${APP_URL}/server/loans/${loanId}/data/CLIENT`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Platform-Token': token ?? '' },
      body: JSON.stringify({ content: exampleContent('CLIENT', { companyName, creditCode }), expectedVersion: 0 }),
    });
    expect(saved.status).toBe(200);

    const row = await openList(page, '/company/loanList', companyName);
    await row.waitFor();
    expect(await row.innerText()).toContain('3,000,000.00');
    expect(await statusOf(row)).toBe('TO_BE_IMPROVED');
    expect(await actionsOf(row)).toEqual(['SUBMIT_MATERIALS', 'COLLECTION_DISCONTINUE']);
    await act(page, row, 'SUBMIT_MATERIALS');
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('SUBMITTED'),
    );
    // The maker cannot check their own submission: no receipt button for the A-post.
    expect(await actionsOf(row)).toEqual(['COLLECTION_DISCONTINUE']);
  });

  it('the clerk returns the materials, the A-post resubmits, the clerk confirms receipt', async () => {
    const admin = await as('admin');
    let row = await openList(admin, '/company/loanList', companyName);
    await eventually(
      () => actionsOf(row),
      (a) => expect(a).toEqual(['RETURN_MATERIALS', 'CONFIRM_RECEIPT', 'COLLECTION_DISCONTINUE']),
    );
    await act(admin, row, 'RETURN_MATERIALS', '营业执照复印件不清晰，请重新上传');
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('REJECT'),
    );

    const apost = await as('apost');
    row = await openList(apost, '/company/loanList', companyName);
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('REJECT'),
    );
    await act(apost, row, 'SUBMIT_MATERIALS');
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('SUBMITTED'),
    );

    row = await openList(admin, '/company/loanList', companyName);
    await act(admin, row, 'CONFIRM_RECEIPT');
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('RECEIPT'),
    );
  });

  it('the A-post submits to pre-review from the loan list; the approver approves from the approval list', async () => {
    const apost = await as('apost');
    let row = await openList(apost, '/company/loanList', companyName);
    await eventually(
      () => actionsOf(row),
      (a) => expect(a).toContain('SUBMIT_TO_PRE_REVIEW'),
    );
    await act(apost, row, 'SUBMIT_TO_PRE_REVIEW');
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('WAIT_EXAMINE'),
    );

    const prereview = await as('prereview');
    row = await openList(prereview, '/process/reviewMeetingVoteList', companyName);
    await eventually(
      () => actionsOf(row),
      (a) => expect(a).toEqual(['PRE_REVIEW_APPROVE', 'PRE_REVIEW_REJECT', 'PRE_REVIEW_RETURN']),
    );
    await act(prereview, row, 'PRE_REVIEW_APPROVE');
    await row.waitFor({ state: 'detached' });

    // Back with the A-post: the pre-review list shows it approved, ready for the general office.
    row = await openList(apost, '/process/reviewMeetingList', companyName);
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('EXAMINE_PASS'),
    );
    expect(await actionsOf(row)).toContain('SUBMIT_TO_GENERAL_OFFICE');
  });

  it('copies the loan as a new application for the same company, starting in data collection', async () => {
    const apost = await as('apost');
    const rows = await openList(apost, '/company/loanList', companyName);
    await eventually(
      () => rows.count(),
      (n) => expect(n).toBe(1),
    );
    await rows.first().getByTestId('row-more').click();
    await apost.getByTestId('row-copy').click();
    await apost.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await apost.waitForURL(/\/company\/node\/[0-9a-f-]{36}$/);
    // The list now holds both: the original at pre-review, the copy waiting for its materials.
    const both = await openList(apost, '/company/loanList', companyName);
    await eventually(
      async () => (await both.evaluateAll((els) => els.map((e) => e.querySelector('[data-testid="row-status"]')?.getAttribute('data-status')))).sort(),
      (statuses) => expect(statuses).toEqual(['EXAMINE_PASS', 'TO_BE_IMPROVED']),
    );
  });
});
