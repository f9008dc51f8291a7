/**
 * The repayment plan panel in the browser, on the demo loan standing just after disbursement
 * (上海智造机器人有限公司): the administrator (repayment voucher list) sees the plan, its one BULLET
 * instalment and the loan's reminders, uploads the instalment's repayment voucher and sees it listed,
 * and sends the day's repayment reminder (a second click: already sent today).
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { APP_URL, DEMO_PASSWORD, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(240_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DEMO_COMPANY = '上海智造机器人有限公司';

async function adminToken(): Promise<string> {
  const key = ((await (await fetch(`${APP_URL}/server/open/auth/public-key`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD, 'utf8')).toString('base64');
  const res = await fetch(`${APP_URL}/server/open/auth/platformLogin/PLATFORM`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ checkStatus: true, username: 'admin', password }),
  });
  const token = ((await res.json()) as { extras?: Record<string, unknown> }).extras?.['x-platform-token'];
  if (typeof token !== 'string') throw new Error('sign-in of admin failed');
  return token;
}

let browser: Browser;
let loanId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${APP_URL}/server/worklists/ledgerList?pageSize=100`, { headers: { 'X-Platform-Token': await adminToken() } });
  const list = ((await res.json()) as { data: { list: { id: string; companyName: string; workflow: { stage: string } }[] } }).data.list;
  const row = list.find((r) => r.companyName === DEMO_COMPANY && r.workflow.stage === 'afterGuarantee');
  if (!row) throw new Error(`the demo loan of ${DEMO_COMPANY} is not in the ledger after guarantee`);
  loanId = row.id;
});
afterAll(() => browser?.close());

const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

it('the administrator sees the repayment plan and its reminders, uploads and downloads the instalment voucher, sends the reminder', async () => {
  const { page } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto(`/company/node/${loanId}`);
  await pane(page).getByTestId('loan-node-page').waitFor();
  const panel = pane(page).getByTestId('repayment-plan-panel');
  await panel.waitFor();
  expect(await panel.getAttribute('data-method')).toBe('BULLET');
  expect(await panel.getByTestId('repayment-plan-method').innerText()).toBe('到期一次还本付息');
  const instalment = panel.getByTestId('repayment-instalment');
  expect(await instalment.count()).toBe(1);
  expect(await instalment.first().getAttribute('data-state')).toBe('DUE');
  await eventually(
    () => panel.getByTestId('loan-reminder').count(),
    (n) => expect(n).toBeGreaterThan(0),
  );

  const chooser = page.waitForEvent('filechooser');
  await panel.getByTestId('instalment-voucher-upload').click();
  await (await chooser).setFiles({ name: '第一期还款凭证.pdf', mimeType: 'application/pdf', buffer: PDF });
  await eventually(
    () => panel.getByTestId('instalment-voucher').innerText(),
    (text) => expect(text).toBe('第一期还款凭证.pdf'),
  );

  // downloaded as it was stored
  const download = page.waitForEvent('download');
  await panel.getByTestId('instalment-voucher').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('第一期还款凭证.pdf');

  // the reminder to the A-post officer: sent once today, the second click says so
  await panel.getByTestId('repayment-remind').click();
  await page
    .getByText(/^已向 .+ 发送还款提醒$/)
    .first()
    .waitFor();
  await panel.getByTestId('repayment-remind').click();
  await page
    .getByText(/^今天已向 .+ 发送过还款提醒$/)
    .first()
    .waitFor();
});
