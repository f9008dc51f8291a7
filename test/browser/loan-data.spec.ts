/**
 * The A-post officer perfects a review report in the browser: three years of financial statements,
 * the ratios computed live beside them, the draft kept when leaving the page and found again when
 * coming back, a save, then the print-ready preview and its PDF.
 */
import { exampleStatements } from '@app/workflow';
import type { Browser, Locator, Page } from 'playwright-core';
import { APP_URL, eventually, launchBrowser, newVisitor, randomCreditCode, signIn, storage } from './support/browser';

jest.setTimeout(180_000);

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${APP_URL}/server${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Platform-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: string; data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** The page of the open tag (other tags' pages stay mounted, hidden). */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');
const text = async (locator: Locator) => (await locator.innerText()).trim();

let browser: Browser;
let page: Page;
let loanId: string;
const COMPANY = '上海报告测试精密制造有限公司';

beforeAll(async () => {
  browser = await launchBrowser();
  page = (await newVisitor(browser)).page;
  await signIn(page, 'apost');
  const token = (await storage(page, 'accessToken'))!;
  const company = await api<{ id: string }>(token, 'POST', '/companies', { name: COMPANY, creditCode: randomCreditCode() });
  const loan = await api<{ id: string }>(token, 'POST', '/loans', { companyId: company.id, amount: 5_000_000, termMonths: 12, bank: '中国银行' });
  loanId = loan.id;
});
afterAll(async () => {
  await browser?.close();
});

describe('the review report (A-post officer)', () => {
  const statements = exampleStatements(2024);

  it('fills three years of statements and sees the ratios computed beside them', async () => {
    await page.goto(`/detail/editReport/${loanId}`);
    const edit = pane(page).getByTestId('loan-data-edit');
    await edit.waitFor();
    expect(await text(pane(page).getByTestId('loan-data-header'))).toContain(COMPANY);
    // The navigator: 17 sections, the last (the B-post conclusion) locked for the A-post officer.
    expect(await pane(page).getByTestId('section-nav').locator('[data-testid^="nav-"]').count()).toBe(17);
    expect(await pane(page).getByTestId('nav-bPostConclusion').getAttribute('data-locked')).toBe('true');

    await pane(page).getByTestId('nav-financials').click();
    await pane(page).getByTestId('financials-editor').waitFor();
    for (const [i, year] of statements.years.entries()) await pane(page).getByTestId(`fin-year-${i}`).fill(String(year));
    for (const [key, values] of Object.entries(statements.lines)) {
      for (const [i, value] of values.entries()) await pane(page).getByTestId(`fin-${key}-${i}`).fill(String(value));
    }
    const ratio = (key: string, year: number) => text(pane(page).getByTestId(`ratio-${key}-${year}`));
    expect(await ratio('currentRatio', 2)).toBe('1.60');
    expect(await ratio('quickRatio', 2)).toBe('1.18');
    expect(await ratio('debtToAsset', 2)).toBe('55.00%');
    expect(await ratio('netProfitGrowth', 2)).toBe('20.00%');
    expect(await ratio('revenueGrowth', 0)).toBe('—');
    // A zero divisor shows a dash, and the ratio comes back with a real value.
    await pane(page).getByTestId('fin-totalCurrentLiabilities-2').fill('0');
    expect(await ratio('currentRatio', 2)).toBe('—');
    await pane(page).getByTestId('fin-totalCurrentLiabilities-2').fill('4000');
    expect(await ratio('currentRatio', 2)).toBe('1.60');
    // The statements are complete: the section is marked so.
    await eventually(
      () => pane(page).getByTestId('nav-financials').getAttribute('data-complete'),
      (v) => expect(v).toBe('true'),
    );
    // The draft reaches the server after a pause in typing.
    await eventually(
      () => pane(page).getByTestId('save-indicator').getAttribute('data-state'),
      (v) => expect(v).toBe('saved'),
      15_000,
    );
    expect(await text(pane(page).getByTestId('save-indicator'))).toMatch(/草稿已自动保存于 \d{2}:\d{2}/);
  });

  it('finds the draft intact after leaving the page and coming back', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('app-shell').waitFor();
    await page.goto(`/detail/editReport/${loanId}`);
    await pane(page).getByTestId('loan-data-edit').waitFor();
    await pane(page).getByTestId('draft-restored').waitFor();
    await pane(page).getByTestId('nav-financials').click();
    expect(await pane(page).getByTestId('fin-totalAssets-2').inputValue()).toBe('12000');
    expect(await pane(page).getByTestId('fin-netProfit-1').inputValue()).toBe('750');
    expect(await pane(page).getByTestId('fin-year-0').inputValue()).toBe('2022');
    expect(await text(pane(page).getByTestId('ratio-currentRatio-2'))).toBe('1.60');
  });

  it('refuses to save a cell that is not a number, then saves a version', async () => {
    const cell = pane(page).getByTestId('fin-inventory-1');
    await cell.fill('一千六');
    await pane(page).getByTestId('save-data').click();
    await page.getByText(/有 1 处填写有误/).waitFor();
    expect(await pane(page).getByTestId('loan-data-edit').getAttribute('data-version')).toBe('0');
    await cell.fill('1600');
    await pane(page).getByTestId('save-data').click();
    await eventually(
      () => pane(page).getByTestId('loan-data-edit').getAttribute('data-version'),
      (v) => expect(v).toBe('1'),
    );
    await page.getByText(/已保存；还有 \d+ 项必填内容未完成/).waitFor();
    expect(await pane(page).getByTestId('draft-restored').count()).toBe(0);
  });

  it('shows the print-ready preview with the computed ratios, and downloads its PDF', async () => {
    await page.goto(`/detail/viewReport?id=${loanId}`);
    await pane(page).getByTestId('loan-data-preview').waitFor();
    const frame = pane(page).frameLocator('[data-testid="preview-frame"]');
    await frame.getByText('五、财务比率分析').waitFor();
    expect(await frame.locator('body').innerText()).toContain(COMPANY);
    expect(await frame.locator('table').filter({ hasText: '流动比率' }).innerText()).toContain('1.60');
    // The A-post report only: the B-post conclusion is not part of it.
    expect(await frame.locator('body').innerText()).not.toContain('十七、B岗结论');

    const [download] = await Promise.all([page.waitForEvent('download'), pane(page).getByTestId('download-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await download.path();
    const fs = await import('node:fs');
    expect(fs.readFileSync(path).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('shows the report read-only on its detail page, with the ratios', async () => {
    await page.goto(`/detail/REPORTDetail/${loanId}`);
    await pane(page).getByTestId('loan-data-detail').waitFor();
    await pane(page).getByTestId('section-view-financials').waitFor();
    expect(await text(pane(page).getByTestId('section-view-financials').getByTestId('ratio-currentRatio-2'))).toBe('1.60');
    expect(await pane(page).getByTestId('open-edit').count()).toBe(1);
  });
});
