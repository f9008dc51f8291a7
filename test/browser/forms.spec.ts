/**
 * The forms as a newcomer meets them: a number typed is kept as typed and refused with a
 * message (never -100 turned into 100), a refusal of the server that belongs to a field (a duplicate
 * credit code) is shown on that field with the cursor there, dates are picked in a Chinese calendar,
 * and the company's time zone is named on the page.
 */
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { APP_URL, eventually, launchBrowser, newVisitor, randomCreditCode, signIn, storage } from './support/browser';

jest.setTimeout(180_000);

let browser: Browser;
let page: Page;
const active = () => page.locator('[data-testid="page-pane"][data-active]');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newVisitor(browser));
  await signIn(page, 'apost');
});
afterAll(async () => {
  await browser?.close();
});

/** A company made through the API, as the A-post officer. */
async function company(name: string, creditCode: string): Promise<void> {
  const token = await storage(page, 'accessToken');
  const res = await fetch(`${APP_URL}/server/companies`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Platform-Token': token ?? '' },
    body: JSON.stringify({ name, creditCode }),
  });
  expect(res.status).toBe(201);
}

async function companyList(name: string): Promise<void> {
  await page.goto('/company/list');
  await active().getByTestId('company-list-page').waitFor();
  await active().getByTestId('filter-name').fill(name);
  await active().getByTestId('search').click();
  await active().locator(`[data-testid="company-actions"][data-company="${name}"]`).waitFor();
}

describe('forms refuse instead of rewriting, and speak on the field', () => {
  const name = `表单测试${randomInt(100000, 999999)}科技有限公司`;
  const creditCode = randomCreditCode();

  beforeAll(() => company(name, creditCode));

  it('keeps -100 and a term of 0 as typed in the initiate-loan form and says why they are refused', async () => {
    await companyList(name);
    await active().locator(`[data-testid="company-actions"][data-company="${name}"]`).getByRole('button', { name: '发起贷款' }).click();
    const form = page.getByTestId('loan-form');
    const amount = form.locator('input[data-field="amount"]');
    const term = form.locator('input[data-field="termMonths"]');
    await amount.pressSequentially('-100');
    await term.fill('');
    await term.pressSequentially('0');
    await form.locator('input[data-field="bank"]').click(); // blur: Mantine used to clamp or drop the sign here
    expect(await amount.inputValue()).toBe('-100');
    expect(await term.inputValue()).toBe('0');

    await form.getByTestId('loan-submit').click();
    await form.getByText('贷款金额须大于 0（最少 0.01 元）').waitFor();
    await form.getByText('贷款期限须为 1-360 的整数').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await amount.inputValue()).toBe('-100');
    expect(page.url()).toContain('/company/list');
    await page.keyboard.press('Escape');
  });

  it('shows a duplicate credit code (409) on the credit-code field, with the cursor there', async () => {
    await active().getByTestId('add-company').click();
    const form = page.getByTestId('company-form');
    await form.locator('[data-field="name"]').fill(`${name}二号`);
    await form.locator('[data-field="creditCode"]').fill(creditCode.toLowerCase());
    await form.locator('[data-field="contactPerson"]').fill('李敏');
    await form.getByTestId('company-submit').click();

    const field = form.locator('input[data-field="creditCode"]');
    await eventually(
      () => field.getAttribute('aria-invalid'),
      (v) => expect(v).toBe('true'),
    );
    // The message is the field's own error (linked by aria-describedby), not an alert at the top.
    const described = await field.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('该统一社会信用代码已存在');
    expect(await form.getByTestId('form-error').count()).toBe(0);
    await eventually(
      () => page.evaluate(() => document.activeElement?.getAttribute('data-field')),
      (v) => expect(v).toBe('creditCode'),
    );
    await page.keyboard.press('Escape');
  });
});

describe('dates: a Chinese calendar, one named company time zone', () => {
  it('picks the created-from day in the loan list with a Chinese date picker', async () => {
    await page.goto('/company/loanList');
    await active().getByTestId('loan-list-page').waitFor();
    expect(await page.getByTestId('company-time-zone').innerText()).toBe('Asia/Shanghai');

    const from = active().locator('input[data-field="createdFrom"]');
    expect(await from.getAttribute('type')).not.toBe('date');
    await from.click();
    const dropdown = page.locator('[data-dates-dropdown]');
    await dropdown.waitFor();
    // Monday first, weekdays and month in Chinese (dayjs zh-cn).
    const weekdays = await dropdown.locator('thead th').allInnerTexts();
    expect(weekdays.map((w) => w.trim())).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(await dropdown.innerText()).toMatch(/[一二三四五六七八九十]+月 \d{4}/);

    await dropdown.locator('tbody button:not([data-outside])', { hasText: /^15$/ }).click();
    const picked = await from.inputValue();
    expect(picked).toMatch(/^\d{4}-\d{2}-15$/);
    await active().getByTestId('search').click();
    await page.waitForURL((url) => url.searchParams.get('createdFrom') === picked);
  });
});
