/**
 * The statistics pages on the demo data, read only: the overview shows the reconciliation,
 * a chart and the counts the server computes; a count opens its drill-down worklist with the same
 * loans; the exports download workbooks that open; the by-bank page shows its chart beside the table.
 */
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { apiToken as tokenOf, APP_URL, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(120_000);

async function api<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${APP_URL}/server${path}`, { headers: { 'X-Platform-Token': token } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

interface Overview {
  period: { start: string; end: string };
  reconciliation: { closingFen: number; balanced: boolean };
  stages: { stage: string; count: number }[];
  lists: { name: string; count: number }[];
}

const active = (page: Page) => page.locator('[data-testid="page-pane"][data-active]');
const yuanText = (fen: number) => (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function downloadBook(page: Page): Promise<ExcelJS.Worksheet> {
  const download = page.waitForEvent('download');
  await active(page).getByTestId('statistics-export').click();
  const saved = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(saved);
  return book.worksheets[0];
}

let browser: Browser;
let page: Page;
let overview: Overview;
beforeAll(async () => {
  browser = await launchBrowser();
  page = (await newVisitor(browser)).page;
  await signIn(page, 'admin');
  overview = await api<Overview>('/statistics/overview', await tokenOf('admin'));
});
afterAll(async () => {
  await browser?.close();
});

it('the overview shows the reconciliation, a chart and the counts of the demo data', async () => {
  await page.goto('/statistics/list');
  const pane = active(page);
  await eventually(
    () => pane.getByTestId('figure-closing').innerText(),
    (shown) => expect(shown).toContain(yuanText(overview.reconciliation.closingFen)),
  );
  expect(overview.reconciliation.balanced).toBe(true);
  expect(await pane.getByTestId('reconciliation-balanced').innerText()).toContain('已勾稽');
  // the demo loans were created this year: the chart has bars
  expect(overview.stages.reduce((sum, s) => sum + s.count, 0)).toBeGreaterThan(0);
  await eventually(
    () => pane.getByTestId('statistics-chart').locator('.recharts-bar-rectangle path, path.recharts-rectangle').count(),
    (bars) => expect(bars).toBeGreaterThan(0),
  );
  const shown = await pane.locator('a[data-list]').evaluateAll((links) => links.map((a) => [a.getAttribute('data-list'), a.textContent]));
  expect(shown).toEqual(overview.lists.map((l) => [l.name, String(l.count)]));
});

it('a count opens its drill-down list with the same loans', async () => {
  const list = overview.lists.find((l) => l.count > 0 && l.count <= 10);
  if (!list) throw new Error('the demo data has no loan in any drill-down list');
  await active(page).locator(`a[data-list="${list.name}"]`).click();
  await page.waitForURL((url) => url.searchParams.get('createdFrom') === overview.period.start);
  expect(new URL(page.url()).searchParams.get('createdTo')).toBe(overview.period.end);
  await eventually(
    () => active(page).locator('tbody tr').count(),
    (rows) => expect(rows).toBe(list.count),
  );
});

it('the overview export downloads a workbook with the reconciliation first', async () => {
  await page.goto('/statistics/list');
  await active(page).getByTestId('figure-closing').waitFor();
  const sheet = await downloadBook(page);
  expect(String(sheet.getRow(2).getCell(1).value)).toBe('期初余额');
  expect(String(sheet.getRow(5).getCell(1).value)).toBe('期末余额');
  expect(Number(sheet.getRow(5).getCell(3).value)).toBe(overview.reconciliation.closingFen / 100);
});

it('the amounts by bank: a chart beside the table, and the export of its rows', async () => {
  const banks = await api<{ rows: { name: string }[] }>('/statistics/amounts/bank', await tokenOf('admin'));
  await page.goto('/statistics/amountBankList');
  const pane = active(page);
  await eventually(
    () => pane.locator('tbody tr').count(),
    (rows) => expect(rows).toBe(Math.min(10, banks.rows.length)),
  );
  await pane.getByTestId('statistics-chart').locator('svg').first().waitFor();
  const sheet = await downloadBook(page);
  expect(sheet.rowCount).toBe(banks.rows.length + 2); // header, rows, total
  expect(String(sheet.getRow(sheet.rowCount).getCell(1).value)).toBe('合计');
});
