/**
 * The ledger's page of a loan in the browser, on the demo loan repaying monthly (上海启明智能装备有限公司,
 * not moved by any other test): the A-post officer picks it with 选择贷款 on the ledger list and sees
 * its balance, plan, repayment and attachments; in edit mode adds a report and re-uploads it; in view
 * mode nothing can change. The ledger row's 更多 menu leads to the same page.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(180_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const COMPANY = '上海启明智能装备有限公司';

let browser: Browser;
let page: Page;
const pane = (p: Page): Locator => p.locator('[data-testid="page-pane"][data-active]');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newVisitor(browser));
  await signIn(page, 'apost');
});
afterAll(() => browser?.close());

it('选择贷款 on the ledger list opens the loan: balance, plan, repayment, attachments; a report added then re-uploaded', async () => {
  await page.goto('/protectAfter/ledgerList');
  const picker = pane(page).getByTestId('ledger-loan-picker');
  await picker.waitFor();
  await picker.getByTestId('ledger-loan-select').click();
  await picker.getByTestId('ledger-loan-select').fill('启明');
  await page.getByRole('option', { name: new RegExp(COMPANY) }).click();
  await picker.getByTestId('ledger-loan-open').click();

  const ledger = pane(page).getByTestId('ledger-attachments-page');
  await ledger.waitFor();
  expect(await ledger.getAttribute('data-mode')).toBe('edit');
  expect(await ledger.getByTestId('ledger-company').innerText()).toBe(COMPANY);
  expect(await ledger.getByTestId('ledger-balance').innerText()).toBe('3,300,000.00');
  // the plan panel with its twelve instalments, the first repaid
  const plan = ledger.getByTestId('repayment-plan-panel');
  await eventually(
    () => plan.getByTestId('repayment-instalment').count(),
    (n) => expect(n).toBe(12),
  );
  expect(await plan.locator('[data-testid="repayment-instalment"][data-seq="1"]').getAttribute('data-state')).toBe('REPAID');
  expect(await ledger.getByTestId('ledger-repayment').count()).toBe(1);

  // add a report
  const chooser = page.waitForEvent('filechooser');
  await ledger.getByTestId('ledger-add-report').click();
  await (await chooser).setFiles({ name: '保后检查报告.pdf', mimeType: 'application/pdf', buffer: PDF });
  const rows = ledger.getByTestId('ledger-attachment');
  await eventually(
    () => rows.allInnerTexts(),
    (texts) => expect(texts.some((text) => text.includes('保后检查报告.pdf'))).toBe(true),
  );

  // re-upload it: the new file takes its place
  const row = ledger.locator('[data-testid="ledger-attachment"]', { hasText: '保后检查报告.pdf' });
  const again = page.waitForEvent('filechooser');
  await row.getByTestId('ledger-reupload').click();
  await (await again).setFiles({ name: '保后检查报告（修订）.pdf', mimeType: 'application/pdf', buffer: PDF });
  await eventually(
    () => rows.allInnerTexts(),
    (texts) => {
      expect(texts.some((text) => text.includes('保后检查报告（修订）.pdf'))).toBe(true);
      expect(texts.some((text) => text.includes('保后检查报告.pdf'))).toBe(false);
    },
  );

  // view mode: nothing to change
  await ledger.getByTestId('ledger-mode').getByText('查看', { exact: true }).click();
  await eventually(
    () => pane(page).getByTestId('ledger-attachments-page').getAttribute('data-mode'),
    (mode) => expect(mode).toBe('view'),
  );
  expect(page.url()).toMatch(/\/protectAfter\/ledgerList\/[0-9a-f-]{36}\/view$/);
  const viewing = pane(page).getByTestId('ledger-attachments-page');
  expect(await viewing.getByTestId('ledger-add-report').count()).toBe(0);
  expect(await viewing.getByTestId('ledger-reupload').count()).toBe(0);
  expect(await viewing.getByTestId('instalment-voucher-upload').count()).toBe(0);
});

it("the ledger row's 更多 menu offers the loan's attachments", async () => {
  await page.goto('/protectAfter/ledgerList');
  const row = pane(page).locator(`[data-testid="loan-row"][data-company="${COMPANY}"]`);
  await row.waitFor();
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: '查看附件' }).click();
  const ledger = pane(page).getByTestId('ledger-attachments-page');
  await ledger.waitFor();
  expect(await ledger.getAttribute('data-mode')).toBe('view');
  expect(await ledger.getByTestId('ledger-company').innerText()).toBe(COMPANY);
});
