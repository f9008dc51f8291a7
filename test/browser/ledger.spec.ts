/**
 * The repayment plan panel in the browser, on a loan disbursed in the test: the administrator (repayment voucher list) sees the plan, its one BULLET
 * instalment and the loan's reminders, uploads the instalment's repayment voucher and sees it listed,
 * and sends the day's repayment reminder (a second click: already sent today).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_TEMPLATE_BANK } from '../../server/src/basic-data/demo-basic-data';
import { createDemoLoan, type DemoPeople } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { startTestApp, tokenOf, type TestApp } from '../api/support/app';
import { shanghaiDay } from '../api/support/lists';
import { sendEvent } from '../api/support/loans';
import { eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(240_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const COMPANY = `台账测试${randomUUID().slice(0, 8)}有限公司`;

let browser: Browser;
let t: TestApp;
let loanId: string;
/**
 * A loan of its own, disbursed through the API (so the plan and its reminders are written by the
 * server), in the database the browser's server uses: the demo loan after guarantee is taken to
 * closed by another browser test.
 */
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
      977,
      new Date(Date.now() - 10 * 86_400_000).toISOString(),
      t.app.get(FileStorage),
    ),
  );
  loanId = row.loanId;
  const [apost, finance] = [await tokenOf(t, 'apost'), await tokenOf(t, 'finance')];
  const version = async () => (await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].version as number;
  const voucher = await t.http.post(`/server/loans/${loanId}/disbursement-voucher`).set('X-Platform-Token', apost).attach('file', PDF, '放款凭证.pdf');
  if (voucher.status !== 201) throw new Error(`voucher: ${voucher.status} ${JSON.stringify(voucher.body)}`);
  const upload = await sendEvent(t, apost, loanId, 'VOUCHER_UPLOAD', await version());
  if (upload.status !== 200) throw new Error(`VOUCHER_UPLOAD: ${upload.status} ${JSON.stringify(upload.body)}`);
  const confirm = await sendEvent(t, finance, loanId, 'VOUCHER_CONFIRM', await version(), {
    disbursedOn: shanghaiDay(-1),
    disbursedAmountFen: 120_000_000,
  });
  if (confirm.status !== 200) throw new Error(`VOUCHER_CONFIRM: ${confirm.status} ${JSON.stringify(confirm.body)}`);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

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
