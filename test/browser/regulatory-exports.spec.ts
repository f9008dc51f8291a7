/**
 * The reports to regulators in the browser: a loan of its own disbursed through the API (VOUCHER_CONFIRM
 * writes the disbursement day and amount), found on the national guarantee platform page by its period
 * and company, exported as .xlsx and read back with exceljs; the industry ministry page lists it too
 * (45 employees: 小型); an inverted period is refused in the form.
 */
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_TEMPLATE_BANK } from '../../server/src/basic-data/demo-basic-data';
import { createDemoLoan, type DemoPeople } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { startTestApp, tokenOf, type TestApp } from '../api/support/app';
import { shanghaiDay } from '../api/support/lists';
import { sendEvent } from '../api/support/loans';
import { launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(240_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const COMPANY = `报送测试${randomUUID().slice(0, 8)}有限公司`;
const DISBURSED_ON = shanghaiDay(-2);

let browser: Browser;
let t: TestApp;
let loanId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  t = await startTestApp({ dataDir: process.env.DATA_DIR });
  const ids: Record<string, string> = {};
  for (const r of await t.db.query(`SELECT id, username FROM app_user`)) ids[r.username] = r.id;
  const people: DemoPeople = {
    apost: ids.apost,
    bpost: ids.bpost,
    admin: ids.admin,
    prereview: ids.prereview,
    leader: ids.leader,
    finance: ids.finance,
    zb: [ids.zb1, ids.zb2, ids.zb3],
    bs: [ids.bs1, ids.bs2, ids.bs3],
  };
  const row = await t.db.transaction((em) =>
    createDemoLoan(
      em,
      people,
      { stage: 'disbursement', company: COMPANY, amount: 1_200_000, termMonths: 12, bank: DEMO_TEMPLATE_BANK },
      978,
      new Date(Date.now() - 10 * 86_400_000).toISOString(),
      t.app.get(FileStorage),
    ),
  );
  loanId = row.loanId;
  // A small enterprise for the ministry's SME report (the demo companies' counts vary).
  await t.db.query(`UPDATE company SET employee_count = 45 WHERE id = (SELECT company_id FROM loan WHERE id = $1)`, [loanId]);
  const [apost, finance] = [await tokenOf(t, 'apost'), await tokenOf(t, 'finance')];
  const version = async () => (await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].version as number;
  const voucher = await t.http.post(`/server/loans/${loanId}/disbursement-voucher`).set('X-Platform-Token', apost).attach('file', PDF, '放款凭证.pdf');
  if (voucher.status !== 201) throw new Error(`voucher: ${voucher.status} ${JSON.stringify(voucher.body)}`);
  const upload = await sendEvent(t, apost, loanId, 'VOUCHER_UPLOAD', await version());
  if (upload.status !== 200) throw new Error(`VOUCHER_UPLOAD: ${upload.status} ${JSON.stringify(upload.body)}`);
  const confirm = await sendEvent(t, finance, loanId, 'VOUCHER_CONFIRM', await version(), { disbursedOn: DISBURSED_ON, disbursedAmountFen: 120_000_000 });
  if (confirm.status !== 200) throw new Error(`VOUCHER_CONFIRM: ${confirm.status} ${JSON.stringify(confirm.body)}`);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

async function readDownload(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(path) as never);
  const sheet = book.worksheets[0];
  const text = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));
  return { headers: text(1), rows: Array.from({ length: sheet.rowCount - 1 }, (_, i) => text(i + 2)) };
}

it('national guarantee platform: filters by period and company, shows the loan, exports it as .xlsx', async () => {
  const { page } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto(`/statistics/guodanList?from=${DISBURSED_ON}&to=${DISBURSED_ON}&companyName=${encodeURIComponent(COMPANY)}`);
  const report = pane(page).getByTestId('regulatory-guodan');
  await report.waitFor();
  const row = report.locator(`[data-testid="regulatory-row"][data-loan="${loanId}"]`);
  await row.waitFor();
  expect(await report.getByTestId('regulatory-row').count()).toBe(1);
  await expect(row.innerText()).resolves.toContain('1,200,000.00');
  await expect(report.getByTestId('export-note').innerText()).resolves.toContain('1');

  const [download] = await Promise.all([page.waitForEvent('download'), report.getByTestId('export').click()]);
  expect(download.suggestedFilename()).toMatch(/^国担报送数据-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = await readDownload(await download.path());
  expect(sheet.headers[0]).toBe('业务编号');
  expect(sheet.rows).toHaveLength(1);
  const cells = Object.fromEntries(sheet.headers.map((h, i) => [h, sheet.rows[0][i]]));
  expect(cells).toMatchObject({ 业务编号: loanId, 被担保人名称: COMPANY, '放款金额（元）': '1200000', 放款日期: DISBURSED_ON, 业务状态: '在保' });
});

it('industry ministry: lists the SME loan; an inverted period is refused in the form', async () => {
  const { page } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto(`/statistics/industrialInformationList?companyName=${encodeURIComponent(COMPANY)}`);
  const report = pane(page).getByTestId('regulatory-industrial');
  await report.locator(`[data-testid="regulatory-row"][data-loan="${loanId}"]`).waitFor();
  await expect(report.locator(`[data-testid="regulatory-row"][data-loan="${loanId}"]`).innerText()).resolves.toContain('小型');

  await report.locator('[data-field="from"]').fill('2026-02-01');
  await report.locator('[data-field="to"]').fill('2026-01-01');
  await report.getByTestId('search').click();
  await report.getByText('开始日期不能晚于结束日期').waitFor();
});
